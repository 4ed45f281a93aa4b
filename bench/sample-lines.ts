/** The ingredient names, units and quantities the kitchen benches draw their recipe lines from. */
export const NAMES = [
  'plain flour',
  'egg',
  'full-cream milk',
  'butter',
  'brown onion',
  'garlic',
  'olive oil',
  'carrot',
  'rice',
  'lean beef mince',
  'tomato',
  'salt',
  'lemon',
  'chicken thigh',
  'rolled oats',
];
export const UNITS = ['g', 'cup', 'tbsp', 'piece', 'mL', 'kg', null] as const;
export const QUANTITIES = ['200', '1 1/2', '½', '2', '250', '1/3', '3'];
