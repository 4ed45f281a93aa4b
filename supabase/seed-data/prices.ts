import type { ChainPrice, PriceSource } from './types.ts';

/**
 * SAMPLE PRICES, NOT SCRAPED. The anchors of the seed's sample price history
 * (`price-history.ts`): for each ingredient and chain, the pack it comes in and its regular shelf
 * price in AUD on PRICE_DATE (`current`) and a year before (`past`), set by hand to look like
 * late-2026 Australian supermarket shelves. The history generated from them is seeded with
 * `source = 'sample'` (and `ingredient_prices.is_sample = true`) and must not be shown as real
 * prices.
 *
 * Measures are what the shelf label says: a weight or volume ('500g', '1kg', '2L'), or a count
 * for what is sold by the piece ('1 each' for an avocado, a lettuce or a mango, '12 each' for a
 * dozen eggs), weighed by the ingredient's own weight per item where a recipe weighs it. Given as
 * the weight of one typical avocado ('200g'), a list's 4 avocados bought 5 packs: the
 * converter's avocado weighs 201 g. Loose produce priced per kilo is '1kg' (LOOSE below).
 *
 * Gaps are deliberate: Aldi carries a shorter range (about seven lines in ten here), and a few lines
 * are missing at Coles or at Woolworths, so recipes differ in availability and coverage per chain.
 *
 * Encoding: [ingredient, measure, coles, woolworths, aldi] where each chain is [current, past],
 * [current, past, measure] when that chain's pack differs, or null when it does not stock the line.
 */
export const PRICE_DATE = '2026-11-01';

type Chain = readonly [number, number] | readonly [number, number, string] | null;
type Row = readonly [string, string, Chain, Chain, Chain];

const ROWS: readonly Row[] = [
  // Vegetables and herbs
  ['brown onion', '1kg', [3.5, 3.3], [3.5, 3.5], [2.99, 2.79]],
  ['red onion', '1kg', [5.5, 4.9], [5.5, 5.0], [4.49, 3.99]],
  ['spring onion', '100g', [2.9, 2.5], [2.8, 2.8], [2.49, 2.29]],
  ['garlic', '250g', [3.9, 3.5], [4.0, 3.6], [3.49, 3.29]],
  ['ginger', '1kg', [32.0, 28.0], [30.0, 30.0], null],
  ['carrot', '1kg', [2.2, 2.0], [2.2, 2.2], [1.89, 1.79]],
  ['potato', '2kg', [5.5, 5.0], [5.4, 5.0], [4.99, 4.49]],
  ['sweet potato', '1kg', [4.9, 4.4], [4.9, 4.5], [3.99, 3.99]],
  ['pumpkin', '1kg', [3.5, 2.9], [3.3, 3.0], [2.99, 2.49]],
  ['butternut pumpkin', '1kg', [3.9, 3.5], [3.9, 3.9], [3.49, 2.99]],
  ['tomato', '1kg', [6.9, 7.9], [6.5, 7.5], [5.99, 6.99]],
  ['cherry tomato', '250g', [3.5, 3.9], [3.6, 3.5], [2.99, 3.29]],
  ['tinned tomatoes', '400g', [1.2, 1.1], [1.2, 1.1], [0.89, 0.85]],
  ['tomato paste', '140g', [1.6, 1.5], [1.7, 1.5], [1.19, 1.09]],
  ['passata', '700g', [2.5, 2.3], [2.4, 2.4], [1.89, 1.79]],
  ['capsicum', '1kg', [9.9, 12.9], [9.5, 11.9], [8.99, 9.99]],
  ['green capsicum', '1kg', [8.9, 9.9], [8.9, 9.5], null],
  ['zucchini', '1kg', [5.9, 6.9], [5.5, 6.5], [4.99, 5.99]],
  ['eggplant', '1kg', [7.9, 7.9], [6.9, 7.5], null],
  ['broccoli', '1kg', [6.9, 7.5], [6.9, 6.9], [5.99, 6.49]],
  ['cauliflower', '1kg', [4.9, 5.5], [4.5, 5.0, '1kg'], [3.99, 4.49]],
  ['cabbage', '1kg', [3.9, 3.5], [3.5, 3.5], null],
  ['baby spinach', '120g', [3.5, 3.0], [3.5, 3.3], [2.79, 2.49]],
  ['cucumber', '1kg', [5.9, 6.9], [5.9, 4.9], [4.99, 4.99]],
  ['mushroom', '500g', [6.5, 6.0], [6.0, 6.0], [4.99, 4.79]],
  ['celery', '1kg', [4.5, 3.9], [4.2, 4.0], null],
  ['frozen peas', '1kg', [4.0, 3.6], [4.0, 3.8], [2.99, 2.89]],
  ['corn kernels', '1kg', [4.5, 4.0], [4.5, 4.3], [3.29, 3.19]],
  ['green beans', '1kg', [9.9, 8.9], [9.9, 9.9], null],
  ['avocado', '1 each', [2.0, 2.5], [1.9, 2.5], [1.69, 1.99]],
  ['iceberg lettuce', '1 each', [3.5, 2.9], [3.5, 3.0], [2.79, 2.49]],
  ['cos lettuce', '1 each', [3.9, 3.5], [3.5, 3.5], [2.99, 2.99]],
  ['leek', '1kg', [7.0, 6.5], [7.5, 7.0], null],
  ['red chilli', '100g', [2.9, 2.5], [2.6, 2.6], null],
  ['coriander', '100g', [3.2, 2.9], [3.0, 3.0], [2.49, 2.49]],
  ['flat-leaf parsley', '100g', [3.2, 2.9], [3.0, 3.0], [2.49, 2.49]],
  ['basil', '100g', [3.9, 3.5], [3.9, 3.6], null],
  ['mint', '100g', [3.2, 2.9], [3.0, 3.0], null],
  ['lemongrass', '100g', [2.9, 2.5], null, null],
  ['beetroot', '1kg', [5.9, 5.5], [5.5, 5.5], null],
  ['radish', '250g', [2.9, 2.5], [3.0, 2.8], null],
  ['turnip', '1kg', [6.9, 6.5], null, null],
  ['okra', '250g', null, [5.5, 5.0], null],
  ['black olive', '350g', [4.2, 3.9], [4.0, 4.0], [2.99, 2.89]],
  ['edamame', '500g', [5.5, 5.0], [5.0, 5.0], null],

  // Fruit
  ['banana', '1kg', [3.9, 4.5], [3.9, 4.0], [3.49, 3.49]],
  ['apple', '1kg', [5.9, 5.5], [5.5, 5.9], [4.99, 4.49]],
  ['lemon', '1kg', [8.0, 7.0], [7.5, 7.5], [5.99, 5.49]],
  ['lemon juice', '250mL', [2.2, 2.0], [2.1, 2.0], [1.49, 1.49]],
  ['lime', '1kg', [14.0, 12.0], [13.0, 15.0], null],
  ['strawberry', '250g', [4.0, 5.5], [3.9, 5.0], [3.49, 4.49]],
  ['blueberry', '125g', [5.0, 6.0], [5.0, 5.5], [3.99, 4.99]],
  ['mango', '1 each', [2.5, 3.5], [2.5, 3.0], [1.99, 2.89]],
  ['orange', '1kg', [4.5, 4.0], [4.5, 4.5], [3.99, 3.49]],
  ['orange juice', '2L', [7.0, 6.5], [7.0, 6.8], [5.49, 5.29]],
  ['pineapple', '1kg', [4.5, 4.0], [4.0, 4.5], [3.99, 3.99]],
  ['watermelon', '1kg', [2.9, 2.5], [2.5, 2.5], [1.99, 1.99]],
  ['grape', '1kg', [7.9, 9.9], [6.9, 8.9], [5.99, 6.99]],
  ['pear', '1kg', [5.5, 4.9], [5.0, 5.0], [4.49, 3.99]],
  ['peach', '1kg', [8.9, 9.9], [8.5, 8.5], null],
  ['papaya', '1kg', null, [6.9, 6.5], null],
  ['pomegranate', '350g', [4.0, 4.0], [4.5, 4.0], null],
  ['medjool date', '250g', [9.0, 8.5], [9.5, 8.5], null],
  ['sultana', '375g', [4.2, 4.0], [4.3, 4.0], [2.99, 2.79]],

  // Nuts and seeds
  ['almond', '400g', [10.0, 9.0], [10.0, 9.5], [7.49, 6.99]],
  ['walnut', '250g', [7.5, 7.0], [7.5, 7.5], [5.99, 5.49]],
  ['cashew', '400g', [12.0, 11.0], [11.5, 11.5], [8.99, 8.49]],
  ['peanut', '375g', [4.5, 4.0], [4.5, 4.2], [3.29, 3.19]],
  ['sesame seed', '100g', [2.8, 2.5], [2.7, 2.5], null],
  ['pepita', '200g', [4.5, 4.0], [4.5, 4.2], [3.49, 3.29]],
  ['chia seed', '300g', [6.5, 6.0], [6.0, 6.0], [3.99, 3.99]],
  ['linseed', '500g', [5.5, 5.0], [5.0, 5.0], null],
  ['sunflower seed', '200g', null, [3.5, 3.3], null],
  ['desiccated coconut', '250g', [2.6, 2.4], [2.5, 2.5], [1.79, 1.69]],

  // Grains, flours and bakery
  ['rolled oats', '900g', [3.5, 3.2], [3.4, 3.2], [2.49, 2.29]],
  ['plain flour', '1kg', [1.9, 1.7], [1.9, 1.8], [1.39, 1.29]],
  ['self-raising flour', '1kg', [2.2, 1.9], [2.1, 2.0], [1.49, 1.39]],
  ['wholemeal flour', '1kg', [3.0, 2.8], [2.8, 2.8], null],
  ['cornflour', '300g', [2.4, 2.2], [2.3, 2.3], [1.69, 1.59]],
  ['jasmine rice', '1kg', [3.9, 3.5], [3.8, 3.6], [2.99, 2.79]],
  ['basmati rice', '1kg', [4.5, 4.0], [4.3, 4.0], [3.29, 3.29]],
  ['brown rice', '1kg', [4.0, 3.6], [4.0, 3.8], null],
  ['cooked rice', '250g', [2.5, 2.3], [2.5, 2.5], [1.59, 1.49]],
  ['quinoa', '400g', [6.0, 5.5], [5.5, 5.5], [3.99, 3.79]],
  ['spaghetti', '500g', [1.6, 1.5], [1.5, 1.5], [1.19, 1.09]],
  ['penne', '500g', [1.6, 1.5], [1.5, 1.5], [1.19, 1.09]],
  ['lasagne sheet', '250g', [2.5, 2.3], [2.5, 2.4], [1.99, 1.89]],
  ['rice noodle', '375g', [3.5, 3.2], [3.3, 3.3], [2.49, 2.39]],
  ['egg noodle', '440g', [3.0, 2.8], [3.2, 3.0], null],
  ['wholemeal bread', '700g', [3.9, 3.6], [3.8, 3.6], [2.69, 2.49]],
  ['sourdough bread', '650g', [6.5, 6.0], [6.0, 6.0], [4.99, 4.49]],
  ['dried breadcrumbs', '500g', [3.0, 2.7], null, [1.99, 1.89]],
  ['puff pastry', '1kg', [5.5, 5.0], [5.3, 5.0], [3.99, 3.79]],

  // Pulses and soy
  ['red lentil', '500g', [3.2, 3.0], [3.3, 3.0], [2.49, 2.29]],
  ['tinned lentils', '400g', [1.5, 1.4], [1.5, 1.3], [0.99, 0.95]],
  ['tinned chickpeas', '400g', [1.5, 1.4], [1.5, 1.3], [0.99, 0.95]],
  ['dried chickpeas', '500g', [3.0, 2.8], [2.9, 2.9], null],
  ['tinned kidney beans', '400g', [1.5, 1.4], [1.5, 1.3], [0.99, 0.95]],
  ['tinned black beans', '400g', [1.9, 1.7], [1.8, 1.8], [1.29, 1.19]],
  ['firm tofu', '450g', [4.5, 4.2], [4.2, 4.2], [3.49, 3.29]],
  ['tempeh', '300g', [5.5, 5.5], [5.8, 5.5], null],

  // Dairy and eggs
  ['egg', '12 each', [6.9, 6.5], [6.8, 6.2], [5.49, 5.29]],
  ['full-cream milk', '2L', [3.5, 3.25], [3.5, 3.25], [3.19, 2.99]],
  ['low-fat milk', '2L', [3.5, 3.25], [3.5, 3.25], [3.19, 2.99]],
  ['butter', '250g', [6.5, 6.0], [6.6, 6.0], [4.99, 4.59]],
  ['unsalted butter', '250g', [6.5, 6.0], [6.6, 6.0], [4.99, 4.59]],
  ['ghee', '325g', [9.0, 8.5], [8.5, 8.5], null],
  ['cheddar', '500g', [8.0, 7.5], [8.0, 7.0], [5.99, 5.49]],
  ['parmesan', '250g', [7.0, 6.5], [7.0, 6.5], [4.99, 4.79]],
  ['mozzarella', '500g', [8.5, 8.0], [8.5, 8.0], [5.99, 5.79]],
  ['feta', '200g', [5.0, 4.5], [5.0, 4.8], [3.49, 3.29]],
  ['cottage cheese', '250g', [3.8, 3.5], [3.7, 3.5], [2.69, 2.59]],
  ['greek yoghurt', '1kg', [7.0, 6.5], [7.0, 6.6], [4.99, 4.79]],
  ['natural yoghurt', '1kg', [5.5, 5.0], [5.5, 5.3], [3.99, 3.79]],
  ['thickened cream', '600mL', [5.6, 5.0], [5.5, 5.5], [3.99, 3.79]],
  ['sour cream', '300mL', [3.5, 3.2], [3.4, 3.2], [2.49, 2.29]],

  // Meat and seafood
  ['chicken breast', '1kg', [13.0, 12.0], [13.0, 12.5], [11.49, 10.99]],
  ['beef mince', '1kg', [13.0, 12.0], [12.5, 12.0], [10.99, 10.49]],
  ['lean beef mince', '500g', [8.0, 7.5], [8.0, 7.5], [6.99, 6.49]],
  ['extra-lean beef mince', '500g', [9.5, 9.0], [9.5, 9.0], null],
  ['diced beef', '1kg', [19.0, 18.0], [19.0, 17.5], [15.99, 14.99]],
  ['pork mince', '500g', [7.0, 6.5], [7.0, 6.8], [5.99, 5.49]],
  ['bacon', '250g', [5.5, 5.0], [5.5, 5.0], [3.99, 3.79]],
  ['turkey breast', '1kg', null, [16.0, 15.0], null],
  ['salmon', '1kg', [36.0, 33.0], [35.0, 35.0], [29.99, 28.99]],
  ['barramundi', '1kg', [32.0, 30.0], [32.0, 29.0], [19.99, 18.99, '800g']],
  ['white fish', '1kg', [25.0, 23.0], [24.0, 24.0], null],
  ['prawn', '1kg', [32.0, 29.0], [30.0, 30.0], [22.99, 21.99]],
  ['tinned tuna', '425g', [5.0, 4.8], [5.0, 4.5], [3.29, 3.19]],
  ['tinned sardine', '110g', [2.2, 2.0], [2.3, 2.0], [1.19, 1.15]],

  // Oils and fats
  ['olive oil', '1L', [16.0, 18.0], [15.5, 17.5], [11.99, 13.99]],
  ['extra virgin olive oil', '750mL', [15.0, 17.0], [14.5, 16.0], [10.99, 12.99]],
  ['canola oil', '2L', [9.0, 8.5], [8.8, 8.5], [6.49, 6.29]],
  ['sunflower oil', '2L', [9.5, 9.0], [9.5, 9.0], null],
  ['sesame oil', '250mL', [5.5, 5.0], [5.0, 5.0], [3.49, 3.29]],
  ['coconut oil', '300mL', [6.5, 6.0], [6.0, 6.0], null],

  // Baking and sweet
  ['white sugar', '2kg', [4.5, 4.0], [4.4, 4.0], [3.29, 3.09]],
  ['caster sugar', '1kg', [3.2, 3.0], [3.0, 3.0], [2.29, 2.19]],
  ['brown sugar', '1kg', [3.3, 3.0], [3.2, 3.0], [2.39, 2.29]],
  ['honey', '500g', [8.0, 7.5], [7.5, 7.5], [5.49, 5.29]],
  ['maple syrup', '250mL', [9.5, 9.0], [9.0, 9.0], [6.99, 6.99]],
  ['dark chocolate', '180g', [5.5, 5.0], [5.5, 5.5], [2.99, 2.79]],
  ['bicarbonate of soda', '300g', [2.0, 1.8], [2.2, 2.0], null],
  ['white vinegar', '2L', [2.8, 2.5], [2.7, 2.5], [1.99, 1.89]],
  ['coconut milk', '400mL', [2.5, 2.3], [2.4, 2.4], [1.49, 1.39]],

  // Sauces, stock and spices
  ['soy sauce', '250mL', [3.5, 3.2], [3.3, 3.2], [2.29, 2.19]],
  ['fish sauce', '200mL', [3.5, 3.2], [3.6, 3.3], null],
  ['oyster sauce', '255mL', [4.0, 3.8], [3.8, 3.8], null],
  ['chicken stock', '1L', [3.0, 2.8], [3.0, 2.9], [1.99, 1.89]],
  ['mayonnaise', '440g', [5.5, 5.0], [5.4, 5.0], [3.29, 3.19]],
  ['yellow mustard', '250g', [3.0, 2.8], [3.0, 2.8], [1.99, 1.89]],
  ['tomato sauce', '500mL', [3.5, 3.3], [3.6, 3.3], [2.19, 2.09]],
  ['black pepper', '50g', [4.0, 3.8], [4.2, 3.8], [2.49, 2.39]],
  ['salt', '1kg', [1.3, 1.2], [1.3, 1.25], [0.99, 0.99]],
  ['ground cumin', '40g', [3.2, 3.0], [3.0, 3.0], [1.79, 1.69]],
  ['ground coriander', '30g', [3.2, 3.0], [3.0, 3.0], null],
  ['ground turmeric', '40g', [3.2, 3.0], [3.0, 3.0], [1.79, 1.69]],
  ['paprika', '40g', [3.2, 3.0], [3.0, 3.0], [1.79, 1.69]],
  ['smoked paprika', '40g', [3.9, 3.5], [3.6, 3.6], null],
  ['ground cinnamon', '35g', [3.2, 3.0], [3.0, 3.0], [1.79, 1.69]],
];

function chain(measure: string, c: Chain): ChainPrice | null {
  if (c === null) return null;
  return { measure: c[2] ?? measure, current: c[0], past: c[1] };
}

/** Each ingredient's packs and anchor prices per chain (null where the chain does not stock it). */
export const PRICE_ANCHORS: readonly PriceSource[] = ROWS.map(
  ([ingredient, measure, coles, woolworths, aldi]) => ({
    ingredient,
    coles: chain(measure, coles),
    woolworths: chain(measure, woolworths),
    aldi: chain(measure, aldi),
  }),
);

/** Produce sold loose by weight (priced per kg): its history moves with the seasons, not with specials. */
export const LOOSE: ReadonlySet<string> = new Set([
  'brown onion',
  'red onion',
  'ginger',
  'carrot',
  'sweet potato',
  'pumpkin',
  'butternut pumpkin',
  'tomato',
  'capsicum',
  'green capsicum',
  'zucchini',
  'eggplant',
  'broccoli',
  'cauliflower',
  'cabbage',
  'cucumber',
  'celery',
  'green beans',
  'leek',
  'beetroot',
  'turnip',
  'banana',
  'apple',
  'lemon',
  'lime',
  'orange',
  'pineapple',
  'watermelon',
  'grape',
  'pear',
  'peach',
  'papaya',
]);
