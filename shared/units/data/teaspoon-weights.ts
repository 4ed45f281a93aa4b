import type { PortionRow } from './usda.ts';

/**
 * Teaspoon weights of about 90 special ingredients (spec 9 "Teaspoon weights exist for about
 * 90 special ingredients").
 *
 * Source: USDA FoodData Central, SR Legacy household portions (the measure and grams below are
 * USDA's, for US customary spoons); rescaled to the Australian 5 mL teaspoon in
 * `../profiles.ts`. Plain synonyms (`white sugar`, `table salt`) are left out on purpose: they
 * match their head noun (`sugar`, `salt`) and so take the spec's samples. Where USDA has no entry, the closest USDA food is used and named in a
 * comment. {@link SPEC_TEASPOON_GRAMS} holds the spec's own samples, which win.
 */
export const TEASPOON_PORTIONS: readonly PortionRow[] = [
  ['salt', 'tsp', 6],
  ['sugar', 'tsp', 4.2],
  ['raw sugar', 'tsp', 4.6],
  ['honey', 'tbsp', 21],
  ['butter', 'tsp', 4.7],
  ['margarine', 'tsp', 4.7],
  ['ghee', 'tbsp', 12.8],
  ['maple syrup', 'tbsp', 20],
  ['golden syrup', 'tbsp', 20], // USDA: syrups, table blends, corn
  ['rice malt syrup', 'tbsp', 21], // USDA: syrups, malt
  ['molasses', 'tbsp', 20],
  ['olive oil', 'tbsp', 13.5],
  ['vegetable oil', 'tbsp', 13.6],
  ['canola oil', 'tbsp', 14],
  ['sunflower oil', 'tbsp', 13.6],
  ['peanut oil', 'tbsp', 13.5],
  ['sesame oil', 'tbsp', 13.6],
  ['coconut oil', 'tbsp', 13.6],
  ['oil', 'tbsp', 13.6],
  ['baking powder', 'tsp', 4.6],
  ['bicarbonate of soda', 'tsp', 4.6],
  ['baking soda', 'tsp', 4.6],
  ['cream of tartar', 'tsp', 3],
  ['dried yeast', 'tsp', 4],
  ['yeast', 'tsp', 4],
  ['cornflour', 'tbsp', 8],
  ['cornstarch', 'tbsp', 8],
  ['gelatine', 'tbsp', 9.2], // USDA: gelatin desserts, dry mix, unsweetened
  ['cocoa powder', 'tbsp', 5.4],
  ['vanilla extract', 'tsp', 4.2],
  ['vanilla essence', 'tsp', 4.2], // USDA: vanilla extract, imitation
  ['black pepper', 'tsp', 2.3],
  ['pepper', 'tsp', 2.3],
  ['white pepper', 'tsp', 2.4],
  ['cinnamon', 'tsp', 2.6],
  ['cumin', 'tsp', 2.1],
  ['ground cumin', 'tsp', 2.1],
  ['cumin seed', 'tsp', 2.1],
  ['ground coriander', 'tsp', 1.8],
  ['coriander seed', 'tsp', 1.8],
  ['paprika', 'tsp', 2.3],
  ['smoked paprika', 'tsp', 2.3],
  ['chilli powder', 'tsp', 2.7],
  ['chilli flake', 'tsp', 1.8], // USDA: spices, pepper, red or cayenne
  ['cayenne pepper', 'tsp', 1.8],
  ['turmeric', 'tsp', 3],
  ['ground ginger', 'tsp', 1.8],
  ['nutmeg', 'tsp', 2.2],
  ['allspice', 'tsp', 1.9],
  ['ground clove', 'tsp', 2.1],
  ['cardamom', 'tsp', 2],
  ['curry powder', 'tsp', 2],
  ['garam masala', 'tsp', 2], // USDA: spices, curry powder
  ['fennel seed', 'tsp', 2],
  ['mustard seed', 'tsp', 3.3],
  ['mustard powder', 'tsp', 2], // USDA: spices, mustard seed, ground
  ['caraway seed', 'tsp', 2.1],
  ['celery seed', 'tsp', 2],
  ['poppy seed', 'tsp', 2.8],
  ['sesame seed', 'tbsp', 9],
  ['chia seed', 'tbsp', 12],
  ['linseed', 'tbsp', 10.3], // USDA: seeds, flaxseed
  ['dried oregano', 'tsp', 1],
  ['dried basil', 'tsp', 0.7],
  ['dried thyme', 'tsp', 1],
  ['dried rosemary', 'tsp', 1.2],
  ['dried parsley', 'tsp', 0.5],
  ['dried dill', 'tsp', 1],
  ['dried tarragon', 'tsp', 0.6],
  ['dried sage', 'tsp', 0.7],
  ['bay leaf', 'tsp', 0.6],
  ['mixed herb', 'tsp', 0.9], // USDA: mean of dried oregano, thyme and basil
  ['italian seasoning', 'tsp', 0.9], // as mixed herbs
  ['onion powder', 'tsp', 2.4],
  ['garlic powder', 'tsp', 3.1],
  ['garlic', 'tsp', 2.8], // minced,
  ['lemon zest', 'tsp', 2], // USDA: lemon peel, raw
  ['orange zest', 'tsp', 2], // USDA: orange peel, raw
  ['lemon juice', 'tbsp', 15.2],
  ['lime juice', 'tbsp', 15.4],
  ['vinegar', 'tbsp', 14.9],
  ['balsamic vinegar', 'tbsp', 16],
  ['soy sauce', 'tbsp', 16],
  ['fish sauce', 'tbsp', 18],
  ['oyster sauce', 'tbsp', 18],
  ['worcestershire sauce', 'tbsp', 17],
  ['tomato paste', 'tbsp', 16],
  ['tomato sauce', 'tbsp', 17], // USDA: catsup (Australian tomato sauce)
  ['sweet chilli sauce', 'tbsp', 19], // USDA: sauce, sweet and sour
  ['sriracha', 'tsp', 6], // USDA: sauce, hot chile, sriracha
  ['hoisin sauce', 'tbsp', 16],
  ['mayonnaise', 'tbsp', 13.8],
  ['dijon mustard', 'tsp', 5],
  ['wholegrain mustard', 'tsp', 5], // USDA: mustard, prepared, yellow
  ['mustard', 'tsp', 5],
  ['peanut butter', 'tbsp', 16],
  ['tahini', 'tbsp', 15],
  ['jam', 'tbsp', 20],
  ['miso', 'tbsp', 17],
  ['curry paste', 'tbsp', 16], // USDA: sauce, pesto (a thick oily paste)
  ['stock powder', 'tsp', 2.5], // USDA: soup, bouillon cubes and granules
  ['instant coffee', 'tsp', 0.9],
  ['capers', 'tbsp', 8.6],
];

/** Spec 9's own teaspoon samples (grams per Australian teaspoon); they override USDA. */
export const SPEC_TEASPOON_GRAMS: Readonly<Record<string, number>> = {
  salt: 5,
  sugar: 4,
  honey: 7,
  butter: 5,
};
