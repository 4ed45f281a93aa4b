import { CHAINS, type ChainKey } from '../pricing/types.ts';

/**
 * The shop categories an ingredient carries (issue 25 "A list in aisle order"), in the order
 * of a store that has not been told otherwise. The database holds the same keys in a check
 * constraint on `ingredients.shop_category` and `household_shops.aisle_order`.
 */
export const SHOP_CATEGORIES = [
  'fruit-veg',
  'bakery',
  'meat-seafood',
  'dairy-eggs',
  'pantry',
  'frozen',
  'drinks',
  'household',
] as const;

export type ShopCategory = (typeof SHOP_CATEGORIES)[number];

/** How each category is shown on the list. */
export const SHOP_CATEGORY_NAMES: Readonly<Record<ShopCategory, string>> = Object.freeze({
  'fruit-veg': 'Fruit and vegetables',
  bakery: 'Bakery',
  'meat-seafood': 'Meat and seafood',
  'dairy-eggs': 'Dairy and eggs',
  pantry: 'Pantry',
  frozen: 'Frozen',
  drinks: 'Drinks',
  household: 'Household',
});

/**
 * A default walk through each chain's stores, entrance to checkout: Coles and Woolworths open on
 * fruit and vegetables, Aldi on its pantry aisles with fruit and vegetables near the tills. Real
 * stores differ, which is why a household can reorder them (docs/decisions.md, issue 25).
 */
export const DEFAULT_AISLE_ORDERS: Readonly<Record<ChainKey, readonly ShopCategory[]>> = Object.freeze({
  coles: ['fruit-veg', 'bakery', 'meat-seafood', 'dairy-eggs', 'pantry', 'drinks', 'frozen', 'household'],
  woolworths: [
    'fruit-veg',
    'meat-seafood',
    'bakery',
    'dairy-eggs',
    'pantry',
    'drinks',
    'household',
    'frozen',
  ],
  aldi: ['pantry', 'drinks', 'household', 'bakery', 'meat-seafood', 'dairy-eggs', 'fruit-veg', 'frozen'],
});

/** True for one of the eight category keys. */
export function isShopCategory(value: unknown): value is ShopCategory {
  return typeof value === 'string' && (SHOP_CATEGORIES as readonly string[]).includes(value);
}

/**
 * The order a household walks its store in: its own saved order when it has one (unknown or
 * repeated keys dropped, any category it lacks added where the chain's default has it last),
 * else its chain's default, else {@link SHOP_CATEGORIES}. Always all eight, each once.
 */
export function aisleOrder(chain: unknown, saved: unknown): ShopCategory[] {
  const fallback: readonly ShopCategory[] =
    typeof chain === 'string' && (CHAINS as readonly string[]).includes(chain)
      ? DEFAULT_AISLE_ORDERS[chain as ChainKey]
      : SHOP_CATEGORIES;
  const order: ShopCategory[] = [];
  for (const key of Array.isArray(saved) ? saved : []) {
    if (isShopCategory(key) && !order.includes(key)) order.push(key);
  }
  for (const key of fallback) if (!order.includes(key)) order.push(key);
  return order;
}

/**
 * `order` with `category` moved to position `to` (clamped to the list), the others keeping
 * their order: a drag drops it there, a keyboard press moves it one up (`index − 1`) or down.
 * An unknown category leaves the order as it is.
 */
export function moveAisle(order: readonly ShopCategory[], category: unknown, to: number): ShopCategory[] {
  const list = Array.isArray(order) ? order.filter(isShopCategory) : [];
  const from = list.indexOf(category as ShopCategory);
  if (from < 0 || typeof to !== 'number' || Number.isNaN(to)) return list;
  const rest = list.filter((_, i) => i !== from);
  const at = Math.max(0, Math.min(rest.length, Math.trunc(to)));
  rest.splice(at, 0, list[from] as ShopCategory);
  return rest;
}

/** A list line as aisle order needs it: ticked or not, and its ingredient's category (null: none). */
export interface AisleItem {
  checked: boolean;
  category: string | null;
}

/** One aisle of the list; `category` null is "Other" (free text, or an ingredient without one). */
export interface Aisle<T> {
  category: ShopCategory | null;
  name: string;
  items: T[];
}

/**
 * The list in aisle order (issue 25): unticked lines grouped by category in `order`, lines
 * without a known category in "Other" after them, empty aisles left out; then every ticked line,
 * whatever its aisle, at the bottom. Lines keep their given order inside a group.
 */
export function groupByAisle<T extends AisleItem>(
  items: readonly T[],
  order: readonly ShopCategory[],
): { aisles: Aisle<T>[]; ticked: T[] } {
  const aisles = new Map<ShopCategory | null, T[]>();
  const ticked: T[] = [];
  for (const item of Array.isArray(items) ? items : []) {
    if (item === null || typeof item !== 'object') continue;
    if (item.checked === true) {
      ticked.push(item);
      continue;
    }
    const key = isShopCategory(item.category) ? item.category : null;
    const group = aisles.get(key);
    if (group === undefined) aisles.set(key, [item]);
    else group.push(item);
  }
  const keys: (ShopCategory | null)[] = [...aisleOrder(null, order), null];
  return {
    aisles: keys.flatMap((category) => {
      const group = aisles.get(category);
      return group === undefined
        ? []
        : [{ category, name: category === null ? 'Other' : SHOP_CATEGORY_NAMES[category], items: group }];
    }),
    ticked,
  };
}
