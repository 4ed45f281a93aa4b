import type { PortionRow } from './usda.ts';

/**
 * Cup (and so tablespoon and teaspoon) weights for bulky ingredients: herbs, yoghurt, cheeses,
 * flours, sugars, nuts, rice, lentils and more (spec 9 "Ingredient-specific cup, tbsp and tsp
 * gram weights").
 *
 * Source: USDA FoodData Central, SR Legacy household portions, as published for the US cup
 * (chopped or grated where that is how recipes measure it); rescaled to the Australian 250 mL cup,
 * 20 mL tablespoon and 5 mL teaspoon in `../profiles.ts`. A comment names the USDA food used
 * where the Australian name differs.
 */
export const CUP_PORTIONS: readonly PortionRow[] = [
  // flours and starches
  ['plain flour', 'cup', 125], // USDA: wheat flour, white, all-purpose
  ['flour', 'cup', 125],
  ['self raising flour', 'cup', 125], // USDA: wheat flour, white, all-purpose, self-rising
  ['wholemeal flour', 'cup', 120], // USDA: wheat flour, whole-grain
  ['bread flour', 'cup', 137],
  ['rice flour', 'cup', 158],
  ['almond meal', 'cup', 112], // USDA: almond flour (blanched)
  ['cornflour', 'cup', 128], // USDA: cornstarch
  ['polenta', 'cup', 157], // USDA: cornmeal, yellow, degermed
  ['semolina', 'cup', 167],
  ['breadcrumb', 'cup', 108], // USDA: bread crumbs, dry, grated, plain
  ['panko breadcrumb', 'cup', 60], // USDA: bread crumbs, dry, japanese style (panko)
  ['rolled oat', 'cup', 81], // USDA: cereals, oats, regular and quick, not fortified, dry
  ['oat', 'cup', 81],
  // sugars
  ['sugar', 'cup', 200],
  ['caster sugar', 'cup', 200], // USDA: sugars, granulated (superfine is sold by weight)
  ['brown sugar', 'cup', 220], // packed
  ['raw sugar', 'cup', 220], // USDA: sugars, brown (turbinado similar)
  ['icing sugar', 'cup', 120], // USDA: sugars, powdered, unsifted
  ['honey', 'cup', 339],
  ['maple syrup', 'cup', 315],
  // grains and pulses (uncooked unless named)
  ['rice', 'cup', 185], // USDA: rice, white, long-grain, regular, raw
  ['white rice', 'cup', 185],
  ['long grain rice', 'cup', 185],
  ['basmati rice', 'cup', 185],
  ['jasmine rice', 'cup', 185],
  ['brown rice', 'cup', 190],
  ['arborio rice', 'cup', 195], // USDA: rice, white, medium-grain, raw
  ['sushi rice', 'cup', 200], // USDA: rice, white, short-grain, raw
  ['cooked rice', 'cup', 158],
  ['quinoa', 'cup', 170],
  ['couscous', 'cup', 173],
  ['pearl barley', 'cup', 200],
  ['lentil', 'cup', 192],
  ['red lentil', 'cup', 192],
  ['brown lentil', 'cup', 192],
  ['green lentil', 'cup', 192],
  ['split pea', 'cup', 196],
  ['chickpea', 'cup', 164], // USDA: chickpeas, canned, drained
  ['black bean', 'cup', 172], // cooked
  ['kidney bean', 'cup', 177], // cooked
  ['cannellini bean', 'cup', 179], // USDA: white beans, cooked
  ['frozen pea', 'cup', 134],
  ['pea', 'cup', 145],
  ['corn kernel', 'cup', 154],
  ['corn', 'cup', 154],
  // nuts, seeds and dried fruit
  ['almond', 'cup', 143],
  ['flaked almond', 'cup', 92], // USDA: almonds, sliced
  ['walnut', 'cup', 117], // chopped
  ['pecan', 'cup', 109], // chopped
  ['cashew', 'cup', 137],
  ['peanut', 'cup', 146],
  ['pine nut', 'cup', 135],
  ['pistachio', 'cup', 123],
  ['hazelnut', 'cup', 135],
  ['macadamia', 'cup', 134],
  ['pepita', 'cup', 129], // USDA: pumpkin and squash seed kernels
  ['sunflower seed', 'cup', 140],
  ['sesame seed', 'cup', 144],
  ['desiccated coconut', 'cup', 93], // USDA: coconut meat, dried, shredded
  ['coconut', 'cup', 93],
  ['sultana', 'cup', 145], // USDA: raisins, seedless
  ['raisin', 'cup', 145],
  ['dried cranberry', 'cup', 120],
  ['date', 'cup', 147], // chopped
  ['chocolate chip', 'cup', 168],
  ['dark chocolate', 'cup', 168], // chopped, as chips
  ['cocoa powder', 'cup', 86],
  // dairy
  ['butter', 'cup', 227],
  ['milk', 'cup', 244],
  ['skim milk', 'cup', 245],
  ['buttermilk', 'cup', 245],
  ['cream', 'cup', 238], // USDA: cream, fluid, heavy whipping
  ['thickened cream', 'cup', 238],
  ['sour cream', 'cup', 230],
  ['yoghurt', 'cup', 245], // USDA: yogurt, plain, whole milk
  ['yogurt', 'cup', 245],
  ['greek yogurt', 'cup', 227],
  ['condensed milk', 'cup', 306], // USDA: milk, canned, condensed, sweetened
  ['evaporated milk', 'cup', 252], // USDA: milk, canned, evaporated
  ['ice cream', 'cup', 132], // USDA: ice creams, vanilla
  ['natural yoghurt', 'cup', 245],
  ['greek yoghurt', 'cup', 227], // USDA: yogurt, greek, plain, whole milk
  ['ricotta', 'cup', 246],
  ['ricotta cheese', 'cup', 246],
  ['cottage cheese', 'cup', 210],
  ['cream cheese', 'cup', 232],
  ['cheddar', 'cup', 113], // grated
  ['cheddar cheese', 'cup', 113],
  ['tasty cheese', 'cup', 113], // USDA: cheese, cheddar (grated)
  ['cheese', 'cup', 113],
  ['mozzarella', 'cup', 112], // grated
  ['mozzarella cheese', 'cup', 112],
  ['parmesan', 'cup', 100], // grated
  ['parmesan cheese', 'cup', 100],
  ['pecorino', 'cup', 100], // USDA: cheese, romano (grated)
  ['feta', 'cup', 150], // crumbled
  ['feta cheese', 'cup', 150],
  ['haloumi', 'cup', 132], // USDA: cheese, provolone (diced)
  ['goat cheese', 'cup', 112], // USDA: cheese, goat, soft type (crumbled)
  // liquids
  ['water', 'cup', 236.6],
  ['stock', 'cup', 240],
  ['broth', 'cup', 240],
  ['coconut milk', 'cup', 226],
  ['coconut cream', 'cup', 240],
  ['olive oil', 'cup', 216],
  ['vegetable oil', 'cup', 218],
  ['oil', 'cup', 218],
  ['wine', 'cup', 235],
  ['passata', 'cup', 250], // USDA: tomato puree, canned
  ['canned tomato', 'cup', 240], // USDA: tomatoes, red, ripe, canned (diced or crushed)
  ['orange juice', 'cup', 248],
  ['apple juice', 'cup', 248],
  // fresh herbs and leaves (loosely packed leaves, or chopped)
  ['basil', 'cup', 24], // whole leaves
  ['parsley', 'cup', 60], // chopped
  ['coriander', 'cup', 16], // USDA: coriander (cilantro) leaves
  ['mint', 'tbsp', 3.2], // USDA: peppermint, fresh
  ['dill', 'cup', 8.9], // sprigs
  ['chive', 'tbsp', 3], // chopped
  ['rosemary', 'tbsp', 1.7],
  ['thyme', 'tsp', 0.8],
  ['spinach', 'cup', 30],
  ['kale', 'cup', 21], // chopped
  ['rocket', 'cup', 20], // USDA: arugula
  ['lettuce', 'cup', 47], // USDA: lettuce, cos or romaine, shredded
  ['cabbage', 'cup', 70], // shredded
  ['spring onion', 'cup', 100], // USDA: onions, spring or scallions, chopped
  // chopped vegetables and fruit
  ['onion', 'cup', 160], // chopped
  ['carrot', 'cup', 110], // grated
  ['capsicum', 'cup', 149], // USDA: peppers, sweet, red, chopped
  ['bell pepper', 'cup', 149], // the US name of capsicum
  ['celery', 'cup', 101], // chopped
  ['mushroom', 'cup', 70], // sliced
  ['broccoli', 'cup', 71], // florets
  ['cauliflower', 'cup', 107],
  ['pumpkin', 'cup', 116], // cubed
  ['sweet potato', 'cup', 133], // cubed
  ['potato', 'cup', 150], // diced
  ['zucchini', 'cup', 124], // chopped
  ['tomato', 'cup', 180], // chopped
  ['cherry tomato', 'cup', 149],
  ['cucumber', 'cup', 119], // sliced
  ['blueberry', 'cup', 148],
  ['strawberry', 'cup', 152], // halves
  ['raspberry', 'cup', 123],
  ['mango', 'cup', 165], // pieces
  ['ginger', 'cup', 96], // USDA: ginger root, raw (sliced)
];
