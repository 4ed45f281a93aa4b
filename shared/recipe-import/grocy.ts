import type { MealSlot } from '../recipes/meal-slots.ts';
import type { ExportRecipe } from './exports.ts';
import { plainText } from './plain-text.ts';
import { mealTypeOf } from './tags.ts';

/**
 * Grocy keeps everything in one SQLite file (`data/grocy.db`) and has no export: its maintainers
 * point people at that file. The web app reads the tables below out of it (sql.js) and this turns
 * their rows into recipes, pantry items, shopping-list lines and planned meals, so a Grocy user
 * brings them by choosing the file.
 */
export interface GrocyTables {
  /** id, name, description (HTML, the method), base_servings, type ('normal'; meal-plan rows are Grocy's own). */
  recipes: readonly Row[];
  /**
   * recipe_id, product_id, amount (in the product's stock unit, unless
   * only_check_single_unit_in_stock), qu_id (the unit shown), note, variable_amount.
   */
  recipes_pos: readonly Row[];
  /** id, name, qu_id_stock, qu_id_purchase, qu_factor_purchase_to_stock (before Grocy 4). */
  products: readonly Row[];
  /** id, name, name_plural. */
  quantity_units: readonly Row[];
  /** from_qu_id, to_qu_id, factor (1 from = factor to), product_id (null: any product). */
  quantity_unit_conversions: readonly Row[];
  /** recipe_id, includes_recipe_id, servings: a recipe made as part of another. */
  recipes_nestings: readonly Row[];
  /** product_id, amount (in the product's stock unit), best_before_date ('2999-12-31': never). */
  stock: readonly Row[];
  /** product_id (or none: the note is the item), amount, qu_id (the unit shown), note, done. */
  shopping_list: readonly Row[];
  /** day, type ('recipe', 'product' or 'note'), recipe_id, recipe_servings, section_id. */
  meal_plan: readonly Row[];
  /** id, name ("Breakfast", "Dinner"; '' for none): the meal plan's sections of a day. */
  meal_plan_sections: readonly Row[];
}

type Row = Readonly<Record<string, unknown>>;

/** The first 16 bytes of every SQLite database file. */
const SQLITE_HEADER = 'SQLite format 3\u0000';

/** Whether a file is an SQLite database (Grocy's), not an export to unzip or parse. */
export function isSqlite(bytes: Uint8Array): boolean {
  return (
    bytes instanceof Uint8Array &&
    bytes.length >= 16 &&
    String.fromCharCode(...bytes.subarray(0, 16)) === SQLITE_HEADER
  );
}

/** The tables the readers below use, for the web app to take out of the file. */
export const GROCY_TABLES: readonly (keyof GrocyTables)[] = [
  'recipes',
  'recipes_pos',
  'products',
  'quantity_units',
  'quantity_unit_conversions',
  'recipes_nestings',
  'stock',
  'shopping_list',
  'meal_plan',
  'meal_plan_sections',
];

const num = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? n : null;
};
/** An id as a map key: a number ('7' and 7 alike) or text; anything else (a blob, an object) none. */
const key = (v: unknown): string => {
  const n = num(v);
  return n !== null ? String(n) : typeof v === 'string' ? v : '';
};

/** A table's rows, or none when the reader found no such table (or anything but rows). */
function tableRows(tables: GrocyTables, name: keyof GrocyTables): readonly Row[] {
  const rows: unknown = tables?.[name];
  return Array.isArray(rows) ? rows.filter((r): r is Row => typeof r === 'object' && r !== null) : [];
}

/**
 * The recipes of a Grocy database: each ingredient written as Grocy shows it ("2 cups plain
 * flour, sifted": the amount in the unit chosen for the line, converted from the product's stock
 * unit by the conversions Grocy keeps; a variable amount as typed), the method from its HTML, the
 * servings it is written for, and its picture when `pictures` (from the data folder's
 * storage/recipepictures, by file name) has it. Grocy's own meal-plan rows are not recipes.
 * Never throws.
 */
export function grocyRecipes(
  tables: GrocyTables,
  pictures: ReadonlyMap<string, ExportRecipe['photo']> = new Map(),
): ExportRecipe[] {
  const rows = (name: keyof GrocyTables) => tableRows(tables, name);
  const products = new Map(rows('products').map((p) => [key(p.id), p]));
  const units = new Map(rows('quantity_units').map((u) => [key(u.id), u]));
  const conversions = rows('quantity_unit_conversions');
  const lines = new Map<string, Row[]>();
  for (const pos of [...rows('recipes_pos')].sort((a, b) => (num(a.id) ?? 0) - (num(b.id) ?? 0))) {
    const list = lines.get(key(pos.recipe_id)) ?? [];
    list.push(pos);
    lines.set(key(pos.recipe_id), list);
  }
  const names = new Map(rows('recipes').map((r) => [key(r.id), plainText(r.name)]));
  return rows('recipes')
    .filter((r) => (r.type ?? 'normal') === 'normal' && plainText(r.name) !== '')
    .map((r) => {
      const name = plainText(r.name);
      // A recipe made as part of this one ("Pancakes / Chocolate sauce") is a step to make it
      // first: its lines stay on its own recipe, not counted twice.
      const made = rows('recipes_nestings')
        .filter((n) => key(n.recipe_id) === key(r.id) && names.get(key(n.includes_recipe_id)))
        .map((n) => {
          const servings = wholePortions(n.servings);
          return `Make ${names.get(key(n.includes_recipe_id))}${servings ? ` (${servings} ${servings === 1 ? 'serving' : 'servings'})` : ''}: it is a recipe of its own.`;
        });
      return {
        recipe: {
          name,
          description: null,
          ingredients: (lines.get(key(r.id)) ?? [])
            .map((pos) => ingredientLine(pos, products, units, conversions))
            .filter(Boolean),
          steps: [...made, ...htmlSteps(r.description)],
          portions: wholePortions(r.base_servings),
          duration: null,
          author: null,
          image: null,
          tags: [],
          sourceUrl: null,
          sourceId: key(r.id) || null,
        },
        source: 'grocy' as const,
        photo: pictureOf(r, pictures),
      };
    });
}

function pictureOf(recipe: Row, pictures: ReadonlyMap<string, ExportRecipe['photo']>): ExportRecipe['photo'] {
  const file = recipe.picture_file_name;
  return (pictures instanceof Map && typeof file === 'string' ? pictures.get(file) : null) ?? null;
}

function wholePortions(v: unknown): number | null {
  const n = num(v);
  return n !== null && Number.isInteger(n) && n > 0 ? n : null;
}

function ingredientLine(
  pos: Row,
  products: ReadonlyMap<string, Row>,
  units: ReadonlyMap<string, Row>,
  conversions: readonly Row[],
): string {
  const product = products.get(key(pos.product_id));
  const food = plainText(product?.name);
  if (food === '') return '';
  const note = plainText(pos.note);
  const variable = plainText(pos.variable_amount);
  const shown = variable !== '' ? null : shownAmount(pos, product, conversions);
  const unit = shown ? units.get(shown.unit) : undefined;
  const unitName = unit ? plainText(shown?.amount === 1 ? unit.name : (unit.name_plural ?? unit.name)) : '';
  const amount = variable !== '' ? variable : shown ? `${formatAmount(shown.amount)} ${unitName}` : '';
  return plainText(`${amount} ${food}${note ? `, ${note}` : ''}`);
}

/**
 * The amount in the unit the line is shown in, as Grocy's recipe page shows it: Grocy stores it
 * in the product's stock unit and converts it by the product's own conversions and the general
 * ones, chained where it takes more than one (a pack of 500 g shown in kilograms), a product's
 * own winning over a general one; a line marked "only check a single unit in stock" is stored in
 * its own unit already. Before Grocy 4 a purchase-to-stock factor stood on the product. Without
 * a way to convert, the stock unit is shown.
 */
function shownAmount(
  pos: Row,
  product: Row | undefined,
  conversions: readonly Row[],
): { amount: number; unit: string } | null {
  const amount = num(pos.amount);
  if (amount === null || amount <= 0) return null;
  const stock = key(product?.qu_id_stock);
  const shownUnit = key(pos.qu_id) || stock;
  if (shownUnit === stock || num(pos.only_check_single_unit_in_stock) === 1)
    return { amount, unit: shownUnit };
  const factor = conversionFactor(stock, shownUnit, key(product?.id), conversions);
  if (factor !== null) return { amount: amount * factor, unit: shownUnit };
  const purchaseToStock = num(product?.qu_factor_purchase_to_stock);
  if (shownUnit === key(product?.qu_id_purchase) && purchaseToStock !== null && purchaseToStock > 0)
    return { amount: amount / purchaseToStock, unit: shownUnit };
  return { amount, unit: stock };
}

/** How many `to` one `from` is, by the fewest conversions (1 from = factor to, either way round). */
function conversionFactor(from: string, to: string, productId: string, conversions: readonly Row[]) {
  // Each pair once: a product's own conversion replaces the general one for the same units.
  const edges = new Map<string, Map<string, number>>();
  const link = (a: string, b: string, f: number) => {
    if (!edges.has(a)) edges.set(a, new Map());
    edges.get(a)?.set(b, f);
  };
  const general = conversions.filter((c) => c.product_id == null);
  const own = conversions.filter((c) => c.product_id != null && key(c.product_id) === productId);
  for (const c of [...general, ...own]) {
    const f = num(c.factor);
    if (f === null || f <= 0) continue;
    link(key(c.from_qu_id), key(c.to_qu_id), f);
    link(key(c.to_qu_id), key(c.from_qu_id), 1 / f);
  }
  const reached = new Map([[from, 1]]);
  for (let frontier = [from]; frontier.length > 0 && !reached.has(to); ) {
    const next: string[] = [];
    for (const unit of frontier)
      for (const [other, f] of edges.get(unit) ?? []) {
        if (reached.has(other)) continue;
        reached.set(other, (reached.get(unit) as number) * f);
        next.push(other);
      }
    frontier = next;
  }
  return reached.get(to) ?? null;
}

/** An amount as a person writes it: at most three decimals, no trailing zeros (1.5, 0.333, 250). */
function formatAmount(n: number): string {
  return String(Math.round(n * 1000) / 1000);
}

/** Grocy's method is HTML from its editor: a step per paragraph, list item or line break. */
function htmlSteps(html: unknown): string[] {
  if (typeof html !== 'string') return [];
  return html
    .replace(/<br\s*\/?>|<\/(?:p|li|div|h[1-6])\s*>/gi, '\n')
    .split('\n')
    .map(plainText)
    .filter(Boolean);
}

/** What Grocy has in stock of one product: its amount as a line ("2 Packs Milk") and use-by day. */
export interface GrocyStockItem {
  /** The amount in the product's stock unit and the product's name, for the line reader. */
  line: string;
  /** The soonest best-before day of its stock entries (YYYY-MM-DD), or null for none or "never". */
  useBy: string | null;
}

/** Grocy writes this best-before day for what never goes off. */
const NEVER_EXPIRES = '2999-12-31';

/**
 * What a Grocy database has in stock, a row per product (its entries summed, in the product's
 * stock unit), with the soonest best-before day among them; sorted by name. Never throws.
 */
export function grocyStock(tables: GrocyTables): GrocyStockItem[] {
  const rows = (name: keyof GrocyTables) => tableRows(tables, name);
  const products = new Map(rows('products').map((p) => [key(p.id), p]));
  const units = new Map(rows('quantity_units').map((u) => [key(u.id), u]));
  const held = new Map<string, { amount: number; useBy: string | null }>();
  for (const entry of rows('stock')) {
    const amount = num(entry.amount);
    if (amount === null || amount <= 0 || !products.has(key(entry.product_id))) continue;
    const day = typeof entry.best_before_date === 'string' ? entry.best_before_date.slice(0, 10) : '';
    const useBy = /^\d{4}-\d{2}-\d{2}$/.test(day) && day !== NEVER_EXPIRES ? day : null;
    const sum = held.get(key(entry.product_id)) ?? { amount: 0, useBy: null };
    sum.amount += amount;
    if (useBy !== null && (sum.useBy === null || useBy < sum.useBy)) sum.useBy = useBy;
    held.set(key(entry.product_id), sum);
  }
  return [...held]
    .map(([id, { amount, useBy }]) => {
      const product = products.get(id);
      const name = plainText(product?.name);
      const unit = units.get(key(product?.qu_id_stock));
      const unitName = unit ? plainText(amount === 1 ? unit.name : (unit.name_plural ?? unit.name)) : '';
      return { name, line: plainText(`${formatAmount(amount)} ${unitName} ${name}`), useBy };
    })
    .filter((item) => item.name !== '')
    .sort((a, b) => a.name.localeCompare(b.name))
    .map(({ line, useBy }) => ({ line, useBy }));
}

/**
 * The lines still to buy on Grocy's shopping lists, as Grocy shows them ("2 Packs Milk, the
 * big one": a product's amount in the unit chosen for it; an item without a product is its note,
 * with its amount when it has one), in the order they were added. Ticked lines are left out.
 * Never throws.
 */
export function grocyShoppingList(tables: GrocyTables): string[] {
  const rows = (name: keyof GrocyTables) => tableRows(tables, name);
  const products = new Map(rows('products').map((p) => [key(p.id), p]));
  const units = new Map(rows('quantity_units').map((u) => [key(u.id), u]));
  const conversions = rows('quantity_unit_conversions');
  return [...rows('shopping_list')]
    .filter((line) => num(line.done) !== 1)
    .sort((a, b) => (num(a.id) ?? 0) - (num(b.id) ?? 0))
    .map((line) => {
      if (line.product_id != null) return ingredientLine(line, products, units, conversions);
      const amount = num(line.amount);
      return plainText(
        `${amount !== null && amount > 0 ? formatAmount(amount) : ''} ${plainText(line.note)}`,
      );
    })
    .filter((line) => line !== '' && !/^[\d.]+$/.test(line));
}

/** A recipe on Grocy's meal plan: its day, the meal of the day, Grocy's recipe and servings. */
export interface GrocyMeal {
  date: string;
  slot: MealSlot;
  /** Grocy's recipe id: the import key (recipes.import_source_id) of the recipe brought from it. */
  recipeId: string;
  recipe: string;
  servings: number | null;
}

/**
 * The recipes on Grocy's meal plan from `from` to `to` (YYYY-MM-DD, inclusive), by day and then
 * the order Grocy lists them. A section named for a meal ("Breakfast", "Lunch", "Supper") gives
 * the slot; any other, or none, is dinner. Notes and products planned on their own are not
 * meals of a recipe and are left out. Never throws.
 */
export function grocyMealPlan(tables: GrocyTables, from: string, to: string): GrocyMeal[] {
  const rows = (name: keyof GrocyTables) => tableRows(tables, name);
  // Grocy's own meal-plan rows are recipes too, but not ones anyone brought.
  const recipes = new Map(
    rows('recipes')
      .filter((r) => (r.type ?? 'normal') === 'normal')
      .map((r) => [key(r.id), plainText(r.name)]),
  );
  const sections = new Map(
    rows('meal_plan_sections').map((s) => [key(s.id), plainText(s.name).toLowerCase()]),
  );
  return rows('meal_plan')
    .map((m) => ({ m, date: typeof m.day === 'string' ? m.day.slice(0, 10) : '' }))
    .filter(
      ({ m, date }) =>
        (m.type ?? 'recipe') === 'recipe' &&
        recipes.get(key(m.recipe_id)) &&
        /^\d{4}-\d{2}-\d{2}$/.test(date) &&
        date >= from &&
        date <= to,
    )
    .sort((a, b) => a.date.localeCompare(b.date) || (num(a.m.id) ?? 0) - (num(b.m.id) ?? 0))
    .map(({ m, date }) => ({
      date,
      slot: mealTypeOf([sections.get(key(m.section_id)) ?? '']) ?? 'dinner',
      recipeId: key(m.recipe_id),
      recipe: recipes.get(key(m.recipe_id)) as string,
      servings: wholePortions(m.recipe_servings),
    }));
}
