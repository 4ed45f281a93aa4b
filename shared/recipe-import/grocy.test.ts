import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type GrocyTables,
  grocyMealPlan,
  grocyRecipes,
  grocyShoppingList,
  grocyStock,
  isSqlite,
} from './grocy.ts';

/** A small Grocy database's rows, as its tables hold them (amounts in each product's stock unit). */
const TABLES: GrocyTables = {
  quantity_units: [
    { id: 1, name: 'Gram', name_plural: 'Grams' },
    { id: 2, name: 'Cup', name_plural: 'Cups' },
    { id: 3, name: 'Piece', name_plural: 'Pieces' },
    { id: 4, name: 'Pack', name_plural: 'Packs' },
    { id: 5, name: 'Tablespoon', name_plural: null },
  ],
  products: [
    { id: 10, name: 'Plain flour', qu_id_stock: 1, qu_id_purchase: 4 },
    { id: 11, name: 'Egg', qu_id_stock: 3, qu_id_purchase: 4, qu_factor_purchase_to_stock: 12 },
    { id: 12, name: 'Milk', qu_id_stock: 2, qu_id_purchase: 2 },
    { id: 13, name: 'Butter', qu_id_stock: 1, qu_id_purchase: 1 },
    { id: 14, name: 'Salt', qu_id_stock: 1, qu_id_purchase: 1 },
  ],
  quantity_unit_conversions: [
    // This flour: 1 cup is 125 g (Grocy stores 1 Gram = 0.008 Cups).
    { id: 1, from_qu_id: 1, to_qu_id: 2, factor: 0.008, product_id: 10 },
    // Any product: 1 Tablespoon = 15 Grams, written the other way round.
    { id: 2, from_qu_id: 5, to_qu_id: 1, factor: 15, product_id: null },
  ],
  recipes: [
    {
      id: 1,
      name: 'Pancakes',
      description:
        '<p>Whisk the <b>eggs</b> and milk.</p><ol><li>Add flour &amp; rest.</li><li>Fry.<br>Serve.</li></ol>',
      base_servings: 4,
      type: 'normal',
    },
    { id: 2, name: '2026-11-30', description: null, base_servings: 1, type: 'mealplan-day' },
    { id: 3, name: '  ', description: null, base_servings: 1, type: 'normal' },
  ],
  recipes_pos: [
    { id: 5, recipe_id: 1, product_id: 13, amount: 30, qu_id: 5, note: 'melted' },
    { id: 1, recipe_id: 1, product_id: 10, amount: 250, qu_id: 2, note: null },
    { id: 2, recipe_id: 1, product_id: 11, amount: 2, qu_id: 3, note: null },
    { id: 3, recipe_id: 1, product_id: 12, amount: 1.5, qu_id: 2, note: '' },
    { id: 4, recipe_id: 1, product_id: 14, amount: 0, qu_id: 1, variable_amount: 'a pinch' },
    { id: 6, recipe_id: 1, product_id: 99, amount: 1, qu_id: 1 },
    { id: 7, recipe_id: 1, product_id: 11, amount: 12, qu_id: 4, note: 'for the freezer' },
    { id: 8, recipe_id: 2, product_id: 12, amount: 1, qu_id: 2 },
  ],
  recipes_nestings: [],
  meal_plan_sections: [
    { id: -1, name: '' },
    { id: 1, name: 'Breakfast' },
    { id: 2, name: 'Supper' },
    { id: 3, name: 'Party' },
  ],
  meal_plan: [
    { id: 4, day: '2026-12-01', type: 'recipe', recipe_id: 1, recipe_servings: 2, section_id: 2 },
    { id: 1, day: '2026-11-30', type: 'recipe', recipe_id: 1, recipe_servings: 4, section_id: 1 },
    { id: 2, day: '2026-11-30', type: 'note', note: 'Eat out', section_id: -1 },
    { id: 3, day: '2026-11-30', type: 'recipe', recipe_id: 1, recipe_servings: 1, section_id: 3 },
    { id: 5, day: '2026-11-20', type: 'recipe', recipe_id: 1, recipe_servings: 1, section_id: -1 },
    { id: 6, day: '2026-12-01', type: 'recipe', recipe_id: 2, recipe_servings: 1, section_id: -1 },
    { id: 7, day: '2026-12-02', type: 'product', product_id: 10, section_id: -1 },
  ],
  shopping_list: [
    { id: 3, product_id: 10, amount: 500, qu_id: 2, note: 'the good one', done: 0 },
    { id: 1, product_id: 12, amount: 2, qu_id: 2, note: null, done: 1 },
    { id: 2, product_id: null, amount: 2, qu_id: null, note: 'Birthday candles', done: 0 },
    { id: 4, product_id: null, amount: 0, qu_id: null, note: 'Something for Sunday', done: '0' },
    { id: 5, product_id: null, amount: 3, qu_id: null, note: '  ', done: 0 },
  ],
  stock: [
    { id: 1, product_id: 11, amount: 6, best_before_date: '2026-12-10' },
    { id: 2, product_id: 11, amount: 4, best_before_date: '2026-12-03' },
    { id: 3, product_id: 10, amount: 1000, best_before_date: '2999-12-31' },
    { id: 4, product_id: 12, amount: 1, best_before_date: '2026-12-01 00:00:00' },
    { id: 5, product_id: 13, amount: 0, best_before_date: '2026-12-01' },
    { id: 6, product_id: 99, amount: 2, best_before_date: '2026-12-01' },
  ],
};

describe('grocyRecipes: the recipes of a Grocy database', () => {
  it('reads each recipe with its lines as Grocy shows them, its method and servings', () => {
    const [pancakes, ...rest] = grocyRecipes(TABLES);
    expect(rest).toEqual([]);
    expect(pancakes?.source).toBe('grocy');
    expect(pancakes?.photo).toBeNull();
    expect(pancakes?.recipe).toMatchObject({
      name: 'Pancakes',
      portions: 4,
      sourceId: '1',
      steps: ['Whisk the eggs and milk.', 'Add flour & rest.', 'Fry.', 'Serve.'],
      ingredients: [
        // Stored as 250 g, shown in cups by the flour's own conversion.
        '2 Cups Plain flour',
        '2 Pieces Egg',
        '1.5 Cups Milk',
        'a pinch Salt',
        // Stored as 30 g, shown in tablespoons by the general conversion (the reverse way).
        '2 Tablespoon Butter, melted',
        // Stored as 12 eggs, shown in packs by the purchase factor of Grocy before 4.0.
        '1 Pack Egg, for the freezer',
      ],
    });
  });

  it('says a recipe made as part of another is to be made first, as a step, not as its lines again', () => {
    const recipes = grocyRecipes({
      ...TABLES,
      recipes: [
        ...TABLES.recipes,
        { id: 4, name: 'Chocolate sauce', description: '<p>Melt.</p>', base_servings: 2, type: 'normal' },
        { id: 6, name: 'Pancakes with chocolate sauce', description: '<p>Serve.</p>', type: 'normal' },
      ],
      recipes_nestings: [
        { recipe_id: 6, includes_recipe_id: 1, servings: 4 },
        { recipe_id: 6, includes_recipe_id: 4, servings: 1 },
        { recipe_id: 6, includes_recipe_id: 99, servings: 1 },
      ],
    });
    expect(recipes.find((r) => r.recipe.name === 'Pancakes with chocolate sauce')?.recipe).toMatchObject({
      ingredients: [],
      steps: [
        'Make Pancakes (4 servings): it is a recipe of its own.',
        'Make Chocolate sauce (1 serving): it is a recipe of its own.',
        'Serve.',
      ],
    });
  });

  it('leaves out meal-plan rows, nameless recipes and lines whose product is gone', () => {
    const names = grocyRecipes(TABLES).map((r) => r.recipe.name);
    expect(names).toEqual(['Pancakes']);
  });

  it("brings a recipe's picture when the data folder had it", () => {
    const photo = { bytes: new Uint8Array([1, 2, 3]), type: 'image/jpeg' };
    const tables = { ...TABLES, recipes: [{ ...TABLES.recipes[0], picture_file_name: 'pancakes.jpg' }] };
    expect(grocyRecipes(tables, new Map([['pancakes.jpg', photo]]))[0]?.photo).toBe(photo);
    expect(grocyRecipes(tables, new Map())[0]?.photo).toBeNull();
    expect(grocyRecipes(tables)[0]?.photo).toBeNull();
  });

  it("shows amounts as Grocy's own demo recipes do: chained conversions, single-unit lines as stored", () => {
    const [r] = grocyRecipes({
      ...TABLES,
      quantity_units: [
        { id: 3, name: 'Pack', name_plural: 'Packs' },
        { id: 8, name: 'Gram', name_plural: 'Grams' },
        { id: 12, name: 'Slice', name_plural: 'Slices' },
        { id: 13, name: 'Kilogram', name_plural: 'Kilograms' },
      ],
      products: [
        { id: 10, name: 'Toast', qu_id_stock: 3 },
        { id: 21, name: 'Flour', qu_id_stock: 3 },
        { id: 22, name: 'Sugar', qu_id_stock: 3 },
      ],
      quantity_unit_conversions: [
        { from_qu_id: 3, to_qu_id: 12, factor: 10, product_id: 10 },
        { from_qu_id: 3, to_qu_id: 8, factor: 500, product_id: 22 },
        { from_qu_id: 13, to_qu_id: 8, factor: 1000, product_id: null },
        // A general conversion the sugar's own replaces.
        { from_qu_id: 3, to_qu_id: 8, factor: 250, product_id: null },
      ],
      recipes_pos: [
        { id: 1, recipe_id: 1, product_id: 10, amount: 0.2, qu_id: 12 },
        { id: 2, recipe_id: 1, product_id: 21, amount: 200, qu_id: 8, only_check_single_unit_in_stock: 1 },
        // 2 packs of 500 g, shown in kilograms: pack to grams (its own), grams to kilograms (general).
        { id: 3, recipe_id: 1, product_id: 22, amount: 2, qu_id: 13 },
      ],
    });
    expect(r?.recipe.ingredients).toEqual(['2 Slices Toast', '200 Grams Flour', '1 Kilogram Sugar']);
  });

  it('shows the stock unit when there is no way to convert', () => {
    const [r] = grocyRecipes({
      ...TABLES,
      quantity_unit_conversions: [],
      recipes_pos: [{ id: 1, recipe_id: 1, product_id: 10, amount: 250, qu_id: 2 }],
    });
    expect(r?.recipe.ingredients).toEqual(['250 Grams Plain flour']);
  });

  it('never throws, whatever the tables hold', () => {
    const rows = fc.array(
      fc.dictionary(
        fc.constantFrom(
          'id',
          'recipe_id',
          'product_id',
          'name',
          'amount',
          'qu_id',
          'type',
          'description',
          'factor',
          'from_qu_id',
          'to_qu_id',
          'qu_id_stock',
        ),
        fc.anything(),
      ),
      { maxLength: 5 },
    );
    fc.assert(
      fc.property(
        fc.record({
          recipes: rows,
          recipes_pos: rows,
          products: rows,
          quantity_units: rows,
          quantity_unit_conversions: rows,
          recipes_nestings: rows,
          stock: rows,
          shopping_list: rows,
          meal_plan: rows,
          meal_plan_sections: rows,
        }),
        (tables) => {
          expect(Array.isArray(grocyRecipes(tables))).toBe(true);
          expect(Array.isArray(grocyStock(tables))).toBe(true);
          expect(Array.isArray(grocyShoppingList(tables))).toBe(true);
          expect(Array.isArray(grocyMealPlan(tables, '2026-01-01', '2026-12-31'))).toBe(true);
        },
      ),
    );
    // Found by the property above: an id that is an object String() cannot write.
    const odd = { product_id: { toString: undefined } };
    expect(grocyShoppingList({ shopping_list: [odd] } as never)).toEqual([]);
    expect(grocyRecipes({ recipes: [{ id: odd.product_id }], recipes_pos: [odd] } as never)).toEqual([]);
    expect(grocyRecipes(null as never)).toEqual([]);
    expect(grocyStock(null as never)).toEqual([]);
    expect(grocyShoppingList(null as never)).toEqual([]);
    expect(grocyMealPlan(null as never, '2026-01-01', '2026-12-31')).toEqual([]);
  });
});

describe('grocyStock: what a Grocy database has in stock', () => {
  it("sums each product's entries in its stock unit, with the soonest best-before day, by name", () => {
    expect(grocyStock(TABLES)).toEqual([
      { line: '10 Pieces Egg', useBy: '2026-12-03' },
      { line: '1 Cup Milk', useBy: '2026-12-01' },
      // Grocy's 2999-12-31 is "never goes off": no use-by day.
      { line: '1000 Grams Plain flour', useBy: null },
    ]);
  });
});

describe('isSqlite', () => {
  it('knows an SQLite file by its first 16 bytes', () => {
    expect(isSqlite(new TextEncoder().encode('SQLite format 3\u0000rest of the page'))).toBe(true);
    expect(isSqlite(new TextEncoder().encode('PK\u0003\u0004'))).toBe(false);
    expect(isSqlite(new TextEncoder().encode('{"recipes": []}'))).toBe(false);
  });
});

describe('grocyShoppingList: what is still to buy', () => {
  it('writes each line as Grocy shows it, in the order added, without the ticked ones', () => {
    expect(grocyShoppingList(TABLES)).toEqual([
      '2 Birthday candles',
      // Stored as 500 g, shown in cups by the flour's own conversion.
      '4 Cups Plain flour, the good one',
      'Something for Sunday',
    ]);
  });
});

describe('grocyMealPlan: the recipes Grocy has planned', () => {
  it("takes the days asked for, a slot from the section's name (else dinner), recipes only", () => {
    expect(grocyMealPlan(TABLES, '2026-11-29', '2026-12-06')).toEqual([
      { date: '2026-11-30', slot: 'breakfast', recipeId: '1', recipe: 'Pancakes', servings: 4 },
      { date: '2026-11-30', slot: 'dinner', recipeId: '1', recipe: 'Pancakes', servings: 1 },
      { date: '2026-12-01', slot: 'dinner', recipeId: '1', recipe: 'Pancakes', servings: 2 },
    ]);
  });
});
