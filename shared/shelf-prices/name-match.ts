/**
 * Matching imported chain products to Larder ingredients by name (issue 18: `match = 'name'`). A
 * hotprices-au or Aldi file names tens of thousands of products and no ingredient; without a
 * match none of them prices anything, and writing a matches file by hand means finding a SKU for
 * every ingredient at every chain. So an import proposes one product per ingredient and chain
 * that has no preferred match of its own yet (or only a sample one), read from the product's
 * name as a recipe line is read (`matchTokens`): "Coles Brown Onions Loose" is brown onion,
 * "Dairy Farmers Full Cream Milk 2L" full-cream milk, "Coles Milk Chocolate Block" nothing.
 */
import { CHAINS, type ChainKey } from '../pricing/types.ts';
import { type IngredientIndex, type IngredientMatch, matchTokens } from '../recipe-import/match.ts';
import { nameTokens } from '../units/ingredient-names.ts';
import type { FeedMapping, FeedPrice, FeedProduct, Sourced } from './feed.ts';

/**
 * The least share of a product name's words the ingredient must account for, once the chain's
 * own name and the pack words are dropped. Half keeps a brand in front ("Test Bananas",
 * "Farmdale Full Cream Milk") and refuses products that only mention it ("Chocolate Flavoured
 * Milk", where milk is a third of the words).
 */
export const NAME_MATCH_MIN_CONFIDENCE = 0.5;

/**
 * Words of a product name that say how it is packed, sold or marketed, not what it is: "Coles
 * Free Range Eggs 12 Pack", "Sweet Potato Gold Loose", "Cauliflower Whole".
 */
const SHELF_WORDS = new Set(
  (
    'loose each ea pack pk pkt bag punnet prepack prepacked tray bottle jar carton box tub net block ' +
    'kg g ml l ltr litre per x bulk value multipack australian aussie free range traditional premium ' +
    'classic original select finest pure natural whole washed brushed truss hass gold'
  ).split(' '),
);

/** The chains' own names, as `nameTokens` leaves them ("Coles" → cole). */
const CHAIN_WORDS = new Set(['cole', 'woolworth', 'wooly', 'woolie', 'aldi']);

/** Parts a product is sold as, dropped from the end of its name ("Barramundi Fillets"). */
const PART_WORDS = new Set(['fillet', 'bunch', 'head', 'sheet', 'piece', 'stick', 'slice', 'leaf', 'clove']);

/**
 * Words that make a product something else than the plain ingredient: diced tomatoes come in a
 * tin, smoked salmon is not salmon. A product with one of them matches only an ingredient whose
 * own name has it (tinned tomatoes, frozen peas).
 */
const MADE_INTO = new Set(
  (
    'diced crushed chopped sliced grated shredded flavoured flavored dried frozen canned tinned smoked ' +
    'roasted marinated crumbed pickled sweetened condensed evaporated powdered'
  ).split(' '),
);

const words = (name: string): string[] => name.toLowerCase().split(/[^a-z]+/);

/**
 * A product name's words that can name an ingredient: no chain name, brand (where the feed gives
 * it apart, as Aldi's does: "Farmdale Full Cream Milk" is full cream milk), shelf words or sizes.
 */
function productWords(name: string, brand: string | null): string[] {
  const brandWords = new Set(typeof brand === 'string' ? nameTokens(brand) : []);
  return nameTokens(name).filter(
    (w) => !CHAIN_WORDS.has(w) && !SHELF_WORDS.has(w) && !brandWords.has(w) && !/\d/.test(w),
  );
}

/**
 * The ingredient the words name surely enough, dropping a part sold from the end when the whole
 * does not ("Barramundi Fillets"; "Bay Leaves" is bay leaf).
 */
function matchWords(tokens: string[], index: IngredientIndex): IngredientMatch | null {
  for (let end = tokens.length; end > 0; end--) {
    const match = matchTokens(tokens.slice(0, end), index);
    if (match !== null && match.confidence >= NAME_MATCH_MIN_CONFIDENCE) return match;
    if (!PART_WORDS.has(tokens[end - 1] as string)) return null;
  }
  return null;
}

/** Whether the product's name says it is made into something its ingredient's name does not. */
function madeInto(product: string, ingredient: string): boolean {
  const own = new Set(words(ingredient));
  return words(product).some((w) => MADE_INTO.has(w) && !own.has(w));
}

interface Candidate {
  product: Sourced<FeedProduct>;
  confidence: number;
  inStock: boolean;
  /** Cents per gram, millilitre or item of the newest price. */
  unitCents: number;
}

/** Better first: surer, in stock, cheaper by the unit (a count after weights and volumes), then by SKU. */
function better(a: Candidate, b: Candidate): number {
  if (a.confidence !== b.confidence) return b.confidence - a.confidence;
  if (a.inStock !== b.inStock) return a.inStock ? -1 : 1;
  const eachA = a.product.row.pack_unit === 'each';
  const eachB = b.product.row.pack_unit === 'each';
  if (eachA !== eachB) return eachA ? 1 : -1;
  if (a.unitCents !== b.unitCents) return a.unitCents - b.unitCents;
  return a.product.row.sku < b.product.row.sku ? -1 : a.product.row.sku > b.product.row.sku ? 1 : 0;
}

export interface NameMatchInput {
  products: readonly Sourced<FeedProduct>[];
  /** The import's prices (its spans): a product with none here is not proposed. */
  prices: readonly Sourced<FeedPrice>[];
  /** Larder's built-in ingredients. */
  ingredients: IngredientIndex;
  /** Ingredients (by name) and chains that already have a preferred product (not a sample one). */
  taken: readonly { ingredient: string; chain: ChainKey }[];
}

const takenKey = (ingredient: string, chain: ChainKey): string => `${ingredient}|${chain}`;

/**
 * One preferred product per ingredient and chain not yet taken, among the import's priced
 * products whose names name the ingredient: the surest match, then one in stock at its newest
 * price, then the lowest unit price, then the lowest SKU. Never reviewed: the app says so.
 */
export function matchProductsByName(input: NameMatchInput): Sourced<FeedMapping>[] {
  if (typeof input !== 'object' || input === null) return [];
  const list = <T>(rows: unknown): readonly Sourced<T>[] =>
    Array.isArray(rows) ? rows.filter((r) => typeof r?.row === 'object' && r.row !== null) : [];
  const taken = new Set(
    (Array.isArray(input.taken) ? input.taken : []).flatMap((t) =>
      typeof t?.ingredient === 'string' && typeof t.chain === 'string'
        ? [takenKey(t.ingredient, t.chain)]
        : [],
    ),
  );
  const newest = new Map<string, FeedPrice>();
  for (const { row } of list<FeedPrice>(input.prices)) {
    const key = `${row.chain}|${row.sku}`;
    const had = newest.get(key);
    if (had === undefined || row.date > had.date) newest.set(key, row);
  }
  const best = new Map<string, Candidate & { ingredient: string; chain: ChainKey }>();
  for (const product of list<FeedProduct>(input.products)) {
    const { row } = product;
    if (!CHAINS.includes(row.chain) || typeof row.name !== 'string') continue;
    const price = newest.get(`${row.chain}|${row.sku}`);
    if (price === undefined || !(row.pack_size > 0) || !(price.price_cents >= 0)) continue;
    const match = matchWords(productWords(row.name, row.brand), input.ingredients);
    if (match === null) continue;
    const ingredient = match.ingredient.name;
    if (madeInto(row.name, ingredient)) continue;
    const key = takenKey(ingredient, row.chain);
    if (taken.has(key)) continue;
    const candidate = {
      product,
      confidence: match.confidence,
      inStock: price.in_stock,
      unitCents: price.price_cents / row.pack_size,
      ingredient,
      chain: row.chain,
    };
    const had = best.get(key);
    if (had === undefined || better(candidate, had) < 0) best.set(key, candidate);
  }
  return [...best.values()].map(({ product, ingredient, chain }) => ({
    where: product.where,
    row: {
      ingredient,
      chain,
      sku: product.row.sku,
      preferred: true,
      match: 'name',
      reviewed_on: null,
      source: product.row.source,
    },
  }));
}
