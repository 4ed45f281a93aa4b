/**
 * Per-item weights for produce and other countable ingredients (spec 9 "Per-item weights …
 * brown onion 180 g, carrot 170, lemon 65, lettuce 400, garlic clove 5"; "Egg is 50 g per
 * piece").
 *
 * `each` is the weight in grams of one item (used for the `piece` and `unit` units); `units`
 * gives weights for other units of that ingredient (a head of garlic, a stalk of celery).
 * Source: the spec's samples where it gives one (marked `spec`), otherwise USDA FoodData Central
 * SR Legacy portions for one medium item (`usda`), or, where USDA has no portion, an Australian
 * supermarket pack weight divided by its count (`au pack`).
 */
export interface ItemWeightRow {
  readonly name: string;
  readonly each: number;
  readonly units?: Readonly<Record<string, number>>;
  readonly source: 'spec' | 'usda' | 'au pack';
}

/** The per-item weight rows (see the module comment for sources). */
export const ITEM_WEIGHTS: readonly ItemWeightRow[] = [
  { name: 'brown onion', each: 180, source: 'spec' },
  { name: 'onion', each: 180, source: 'spec' }, // an Australian "onion" is a brown onion
  { name: 'white onion', each: 180, source: 'spec' },
  { name: 'red onion', each: 180, source: 'spec' },
  { name: 'carrot', each: 170, source: 'spec' },
  { name: 'lemon', each: 65, source: 'spec' },
  { name: 'lettuce', each: 400, units: { head: 400 }, source: 'spec' },
  { name: 'iceberg lettuce', each: 400, units: { head: 400 }, source: 'spec' },
  { name: 'cos lettuce', each: 400, units: { head: 400 }, source: 'spec' },
  { name: 'garlic', each: 5, units: { clove: 5, head: 50 }, source: 'spec' },
  { name: 'egg', each: 50, source: 'spec' },
  { name: 'egg yolk', each: 17, source: 'usda' },
  { name: 'egg white', each: 33, source: 'usda' },
  { name: 'spring onion', each: 15, units: { stalk: 15 }, source: 'usda' },
  { name: 'shallot', each: 25, source: 'usda' },
  { name: 'potato', each: 213, source: 'usda' },
  { name: 'sweet potato', each: 130, source: 'usda' },
  { name: 'tomato', each: 123, source: 'usda' },
  { name: 'roma tomato', each: 62, source: 'usda' },
  { name: 'cherry tomato', each: 17, source: 'usda' },
  { name: 'capsicum', each: 119, source: 'usda' },
  { name: 'bell pepper', each: 119, source: 'usda' },
  { name: 'zucchini', each: 196, source: 'usda' },
  { name: 'cucumber', each: 301, source: 'usda' },
  { name: 'lebanese cucumber', each: 150, source: 'au pack' },
  { name: 'eggplant', each: 458, source: 'usda' },
  { name: 'cabbage', each: 908, units: { head: 908 }, source: 'usda' },
  { name: 'cauliflower', each: 575, units: { head: 575 }, source: 'usda' },
  { name: 'broccoli', each: 300, units: { head: 300 }, source: 'usda' },
  { name: 'celery', each: 40, units: { stalk: 40 }, source: 'usda' },
  { name: 'mushroom', each: 18, source: 'usda' },
  { name: 'corn', each: 90, source: 'usda' }, // kernels from one medium ear
  { name: 'avocado', each: 201, source: 'usda' },
  { name: 'beetroot', each: 82, source: 'usda' },
  { name: 'leek', each: 89, source: 'usda' },
  { name: 'fennel', each: 234, source: 'usda' },
  { name: 'asparagus', each: 16, units: { spear: 16 }, source: 'usda' },
  { name: 'chilli', each: 45, source: 'usda' },
  { name: 'lime', each: 67, source: 'usda' },
  { name: 'orange', each: 131, source: 'usda' },
  { name: 'apple', each: 182, source: 'usda' },
  { name: 'banana', each: 118, source: 'usda' },
  { name: 'pear', each: 178, source: 'usda' },
  { name: 'peach', each: 150, source: 'usda' },
  { name: 'mango', each: 207, source: 'usda' },
  { name: 'kiwifruit', each: 75, source: 'usda' },
  { name: 'strawberry', each: 12, source: 'usda' },
  { name: 'olive', each: 4.4, source: 'usda' },
  { name: 'bay leaf', each: 0.2, units: { leaf: 0.2 }, source: 'usda' },
  { name: 'lime leaf', each: 0.2, units: { leaf: 0.2 }, source: 'au pack' },
  { name: 'curry leaf', each: 0.1, units: { leaf: 0.1 }, source: 'au pack' },
  { name: 'bread', each: 28, units: { slice: 28 }, source: 'usda' },
  { name: 'tortilla', each: 45, source: 'usda' },
  { name: 'wrap', each: 45, source: 'usda' }, // USDA: tortillas, flour, 8 inch
  { name: 'bacon', each: 28, units: { slice: 28 }, source: 'usda' },
  { name: 'chicken breast', each: 174, units: { fillet: 174 }, source: 'usda' },
  { name: 'chicken thigh', each: 110, units: { fillet: 110 }, source: 'usda' },
  { name: 'sausage', each: 70, source: 'au pack' },
  { name: 'stock cube', each: 4, source: 'usda' },
  { name: 'cinnamon stick', each: 3, units: { stick: 3 }, source: 'au pack' },
  { name: 'puff pastry', each: 170, units: { sheet: 170 }, source: 'au pack' },
  { name: 'shortcrust pastry', each: 170, units: { sheet: 170 }, source: 'au pack' },
  { name: 'nori', each: 2.5, units: { sheet: 2.5 }, source: 'au pack' },
  { name: 'lasagne', each: 20, units: { sheet: 20 }, source: 'au pack' },
  { name: 'lemongrass', each: 20, units: { stalk: 20 }, source: 'au pack' },
  { name: 'ginger', each: 30, units: { knob: 30 }, source: 'au pack' },
];
