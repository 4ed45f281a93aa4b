/**
 * The Larder price feed, version 1 (docs/price-feed.md): products per chain, dated shelf prices
 * and the map from Larder ingredients to products, as three CSV files or one JSON file. This
 * module holds the rows' shapes and the one rule for each field; `feed-read.ts` reads files into
 * rows and `hotprices.ts` / `aldi.ts` read what exists in the wild into the same rows.
 */
import { dateOfDay, dayNumber } from '../dates/day-number.ts';
import { CHAINS, type ChainKey } from '../pricing/types.ts';

/** The `format` value of a JSON feed. */
export const FEED_FORMAT = 'larder-price-feed';
/** The feed version this code reads and writes. */
export const FEED_VERSION = 1;

/** How a pack is measured: grams, millilitres or a count of items. */
export const PACK_UNITS = ['g', 'mL', 'each'] as const;
export type PackUnit = (typeof PACK_UNITS)[number];

/**
 * What kind of promotion a ticket shows: a temporary `special` ("Save $1"), `half-price`,
 * `multibuy` ("2 for $5"), a `price-drop` ("Down Down", "Prices Dropped", Aldi's "Price Drop"),
 * `everyday-low`, `clearance`, or a `member` price (Flybuys, Everyday Rewards).
 */
export const PROMO_KINDS = [
  'special',
  'half-price',
  'multibuy',
  'price-drop',
  'everyday-low',
  'clearance',
  'member',
] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];

/** How an ingredient was matched to a product: by a person, by barcode, or by name. */
export const MATCH_KINDS = ['manual', 'barcode', 'name'] as const;
export type MatchKind = (typeof MATCH_KINDS)[number];

/** The store of a price taken from a chain's online shop (the public feeds' prices). */
export const ONLINE_STORE = 'online';

/** Limits of the feed's values, held by the database too (supabase/migrations/*_chain_products.sql …). */
export const FEED_LIMITS = {
  /** Largest price in cents ($100,000). */
  maxCents: 10_000_000,
  /** Largest pack: 1,000 kg, 1,000 L or a million items. */
  maxPackSize: 1_000_000,
  maxGramsEach: 100_000,
  nameLength: 200,
  brandLength: 80,
  packTextLength: 40,
  ingredientLength: 120,
  firstDate: '2000-01-01',
} as const;

/** A product as a chain sells it: one row per chain and SKU. */
export interface FeedProduct {
  chain: ChainKey;
  /** The chain's own product id (letters, digits, `.`, `_`, `-`; up to 40). */
  sku: string;
  name: string;
  brand: string | null;
  /** The pack the price is for, in `pack_unit`s (up to three decimals). */
  pack_size: number;
  pack_unit: PackUnit;
  /** The pack as the ticket writes it, e.g. '6 x 375mL'. */
  pack_text: string | null;
  /** Sold loose by weight (priced per kg on the shelf); only with `pack_unit` g. */
  sold_loose: boolean;
  /** Grams per item of a product sold by count, where a recipe weighs it (eggs, avocados). */
  grams_each: number | null;
  /** GTIN-8, -12, -13 or -14 with a valid check digit. */
  barcode: string | null;
  store: string;
  first_seen: string | null;
  last_seen: string | null;
  source: string;
}

/** A shelf price from `date` (Australia/Sydney), seen until `last_seen` (default: that day). */
export interface FeedPrice {
  chain: ChainKey;
  sku: string;
  store: string;
  date: string;
  last_seen: string | null;
  price_cents: number;
  /** The "was" price the ticket displayed; always above `price_cents`. */
  was_cents: number | null;
  promo: PromoKind | null;
  /** "`multibuy_qty` for `multibuy_cents`": both or neither. */
  multibuy_qty: number | null;
  multibuy_cents: number | null;
  in_stock: boolean;
  source: string;
}

/** A Larder ingredient (by name) matched to a chain's product; `preferred` prices the ingredient. */
export interface FeedMapping {
  ingredient: string;
  chain: ChainKey;
  sku: string;
  preferred: boolean;
  match: MatchKind;
  reviewed_on: string | null;
  source: string;
}

export type FeedKind = 'products' | 'prices' | 'ingredient_products';

/** The row type of each kind. */
export interface FeedRowTypes {
  products: FeedProduct;
  prices: FeedPrice;
  ingredient_products: FeedMapping;
}

/** Columns of each kind: the required ones first, in the order the documentation lists them. */
export const FEED_COLUMNS: {
  readonly [K in FeedKind]: { required: readonly string[]; optional: readonly string[] };
} = {
  products: {
    required: ['chain', 'sku', 'name', 'pack_size', 'pack_unit', 'source'],
    optional: [
      'brand',
      'pack_text',
      'sold_loose',
      'grams_each',
      'barcode',
      'store',
      'first_seen',
      'last_seen',
    ],
  },
  prices: {
    required: ['chain', 'sku', 'date', 'price_cents', 'source'],
    optional: ['store', 'last_seen', 'was_cents', 'promo', 'multibuy_qty', 'multibuy_cents', 'in_stock'],
  },
  ingredient_products: {
    required: ['ingredient', 'chain', 'sku', 'match', 'source'],
    optional: ['preferred', 'reviewed_on'],
  },
};

/** One thing wrong with a feed: where (file and line or item), which field, and why. */
export interface FeedError {
  /** 'prices.csv line 5,012', 'feed.json prices[5011]', 'canonical.json item 3 (coles 123)'. */
  where: string;
  field: string | null;
  /** The whole sentence: 'prices.csv line 5,012: price_cents -3 must be ≥ 0'. */
  text: string;
}

/** A row with where it came from, so later checks (and the database) can name it. */
export interface Sourced<T> {
  row: T;
  where: string;
}

/** Every row of a feed, from one file or several. */
export interface FeedRows {
  products: Sourced<FeedProduct>[];
  prices: Sourced<FeedPrice>[];
  ingredient_products: Sourced<FeedMapping>[];
}

/** A feed read from files: its rows and everything wrong with them (rows with errors are left out). */
export interface FeedRead extends FeedRows {
  errors: FeedError[];
}

/** An empty feed. */
export function emptyFeed(): FeedRead {
  return { products: [], prices: [], ingredient_products: [], errors: [] };
}

/** 5012 → '5,012', as the error messages write line numbers. */
export function groupDigits(n: number): string {
  if (typeof n !== 'number') return '';
  if (!Number.isFinite(n)) return String(n);
  const whole = Math.trunc(n);
  const digits = String(whole);
  if (whole < 1000 && whole > -1000) return digits;
  // Every row of a feed is named by its line: this runs 100,000 times an import.
  const sign = whole < 0 ? 1 : 0;
  let out = digits.slice(0, sign + ((digits.length - sign) % 3 || 3));
  for (let i = out.length; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return out;
}

/** Makes a FeedError; `message` follows the field name ('-3 must be ≥ 0'). */
export function feedError(where: string, field: string | null, message: string): FeedError {
  const place = typeof where === 'string' ? where : 'feed';
  const name = typeof field === 'string' ? field : null;
  const why = typeof message === 'string' ? message : 'is wrong';
  return { where: place, field: name, text: `${place}: ${name === null ? '' : `${name} `}${why}` };
}

/** A value as an error message shows it: numbers bare, text in quotes, cut at 40 characters. */
export function showValue(value: unknown): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : String(value);
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'string') {
    const cut = value.length > 40 ? `${value.slice(0, 40)}…` : value;
    return /^-?\d+(\.\d+)?$/.test(value) ? cut : `'${cut}'`;
  }
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : typeof value;
}

/** Whether a GTIN (8, 12, 13 or 14 digits) has the right GS1 check digit. */
export function validGtin(code: string): boolean {
  if (typeof code !== 'string' || !/^(\d{8}|\d{12,14})$/.test(code)) return false;
  let sum = 0;
  for (let i = code.length - 2, weight = 3; i >= 0; i--, weight = 4 - weight) sum += Number(code[i]) * weight;
  return (10 - (sum % 10)) % 10 === Number(code[code.length - 1]);
}

const SKU = /^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/;
const STORE = /^[a-z0-9][a-z0-9-]{0,39}$/;
const SOURCE = /^[a-z0-9][a-z0-9._:-]{0,39}$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses.
const CONTROL = /[\u0000-\u001f\u007f]/;

/** What a field reader needs: the row's place, the feed's today, and where errors go. */
interface FieldContext {
  where: string;
  today: number;
  errors: FeedError[];
}

/** Reads fields of one record (CSV text or JSON values) with the feed's rules. */
class FieldReader {
  constructor(
    private readonly record: Readonly<Record<string, unknown>>,
    private readonly ctx: FieldContext,
  ) {}

  private fail(field: string, message: string): null {
    this.ctx.errors.push(feedError(this.ctx.where, field, message));
    return null;
  }

  /** The raw value, with '' and null meaning absent. */
  private raw(field: string): unknown {
    const v = Object.hasOwn(this.record, field) ? this.record[field] : undefined;
    return v === '' || v === null ? undefined : v;
  }

  missing(field: string): null {
    return this.fail(field, 'is missing');
  }

  text(field: string, maxLength: number, required: boolean): string | null {
    const v = this.raw(field);
    if (v === undefined) return required ? this.missing(field) : null;
    if (typeof v !== 'string') return this.fail(field, `${showValue(v)} must be text`);
    const t = v.trim().replace(/\s+/g, ' ');
    if (t === '') return required ? this.missing(field) : null;
    if (CONTROL.test(t)) return this.fail(field, `${showValue(v)} holds a control character`);
    if (t.length > maxLength)
      return this.fail(field, `${showValue(v)} is longer than ${maxLength} characters`);
    return t;
  }

  pattern(field: string, re: RegExp, rule: string, fallback?: string): string | null {
    const v = this.raw(field);
    if (v === undefined) return fallback ?? this.missing(field);
    if (typeof v !== 'string' || !re.test(v)) return this.fail(field, `${showValue(v)} must be ${rule}`);
    return v;
  }

  oneOf<T extends string>(field: string, allowed: readonly T[], required: boolean): T | null {
    const v = this.raw(field);
    if (v === undefined) return required ? this.missing(field) : null;
    if (typeof v === 'string' && (allowed as readonly string[]).includes(v)) return v as T;
    return this.fail(field, `${showValue(v)} must be one of ${allowed.join(', ')}`);
  }

  flag(field: string, fallback: boolean): boolean | null {
    const v = this.raw(field);
    if (v === undefined) return fallback;
    if (v === true || v === 'true') return true;
    if (v === false || v === 'false') return false;
    return this.fail(field, `${showValue(v)} must be true or false`);
  }

  /** A whole number in [min, max]; `what` names it in messages ('a whole number of cents'). */
  integer(
    field: string,
    min: number,
    max: number,
    required: boolean,
    what = 'a whole number',
  ): number | null {
    const v = this.raw(field);
    if (v === undefined) return required ? this.missing(field) : null;
    let n: number;
    if (typeof v === 'number') n = v;
    else if (typeof v === 'string' && /^[-+]?\d+(\.\d+)?$/.test(v.trim())) n = Number(v.trim());
    else return this.fail(field, `${showValue(v)} must be ${what}`);
    if (!Number.isFinite(n) || !Number.isInteger(n))
      return this.fail(field, `${showValue(v)} must be ${what}`);
    if (n < min) return this.fail(field, `${showValue(v)} must be ≥ ${groupDigits(min)}`);
    if (n > max) return this.fail(field, `${showValue(v)} must be ≤ ${groupDigits(max)}`);
    return n;
  }

  /** A decimal > 0 and ≤ max with at most three decimals. */
  measure(field: string, max: number, required: boolean): number | null {
    const v = this.raw(field);
    if (v === undefined) return required ? this.missing(field) : null;
    let n: number;
    if (typeof v === 'number') n = v;
    else if (typeof v === 'string' && /^\d+(\.\d+)?$/.test(v.trim())) n = Number(v.trim());
    else return this.fail(field, `${showValue(v)} must be a number above 0`);
    if (!Number.isFinite(n) || n <= 0) return this.fail(field, `${showValue(v)} must be a number above 0`);
    if (n > max) return this.fail(field, `${showValue(v)} must be ≤ ${groupDigits(max)}`);
    if (Math.abs(Math.round(n * 1000) - n * 1000) > 1e-6 * Math.max(1, n))
      return this.fail(field, `${showValue(v)} has more than three decimals`);
    return n;
  }

  /** A YYYY-MM-DD date from 2000-01-01 up to the feed's today. */
  date(field: string, required: boolean): string | null {
    const v = this.raw(field);
    if (v === undefined) return required ? this.missing(field) : null;
    const day = dayNumber(v);
    if (day === null) return this.fail(field, `${showValue(v)} must be a date written YYYY-MM-DD`);
    const text = v as string;
    if (text < FEED_LIMITS.firstDate)
      return this.fail(field, `${showValue(v)} is before ${FEED_LIMITS.firstDate}`);
    if (day > this.ctx.today)
      return this.fail(field, `${showValue(v)} is after today (${dateOfDay(this.ctx.today)})`);
    return text;
  }

  chain(): ChainKey | null {
    return this.oneOf('chain', CHAINS, true);
  }
  sku(): string | null {
    return this.pattern('sku', SKU, 'letters, digits, . _ or - (up to 40)');
  }
  store(): string | null {
    return this.pattern(
      'store',
      STORE,
      `lower-case letters, digits or - (up to 40), e.g. '${ONLINE_STORE}'`,
      ONLINE_STORE,
    );
  }
  source(): string | null {
    return this.pattern(
      'source',
      SOURCE,
      "lower-case letters, digits, . _ : or - (up to 40), e.g. 'hotprices-au'",
    );
  }
}

/**
 * Checks and converts one product record; `null` (and errors added) when any field is wrong.
 * Fields are read in column order, so their errors come in that order too.
 */
function readProduct(f: FieldReader, errors: FeedError[], where: string): FeedProduct | null {
  const before = errors.length;
  const row = {
    chain: f.chain(),
    sku: f.sku(),
    name: f.text('name', FEED_LIMITS.nameLength, true),
    brand: f.text('brand', FEED_LIMITS.brandLength, false),
    pack_size: f.measure('pack_size', FEED_LIMITS.maxPackSize, true),
    pack_unit: f.oneOf('pack_unit', PACK_UNITS, true),
    pack_text: f.text('pack_text', FEED_LIMITS.packTextLength, false),
    sold_loose: f.flag('sold_loose', false),
    grams_each: f.measure('grams_each', FEED_LIMITS.maxGramsEach, false),
    barcode: f.text('barcode', 14, false),
    store: f.store(),
    first_seen: f.date('first_seen', false),
    last_seen: f.date('last_seen', false),
    source: f.source(),
  };
  const { barcode, sold_loose, pack_unit, grams_each, first_seen, last_seen } = row;
  if (barcode !== null && !validGtin(barcode))
    errors.push(feedError(where, 'barcode', `${showValue(barcode)} is not a GTIN with a valid check digit`));
  if (sold_loose && pack_unit !== null && pack_unit !== 'g')
    errors.push(feedError(where, 'sold_loose', `true needs pack_unit g (loose goods are sold by weight)`));
  if (grams_each !== null && pack_unit !== null && pack_unit !== 'each')
    errors.push(feedError(where, 'grams_each', `${grams_each} needs pack_unit each`));
  if (first_seen !== null && last_seen !== null && last_seen < first_seen)
    errors.push(
      feedError(where, 'last_seen', `${showValue(last_seen)} is before first_seen ${showValue(first_seen)}`),
    );
  // A required field the reader could not read is null and has added an error.
  return errors.length > before ? null : (row as FeedProduct);
}

const CENTS = 'a whole number of cents';

function readPrice(f: FieldReader, errors: FeedError[], where: string): FeedPrice | null {
  const before = errors.length;
  const row = {
    chain: f.chain(),
    sku: f.sku(),
    store: f.store(),
    date: f.date('date', true),
    last_seen: f.date('last_seen', false),
    price_cents: f.integer('price_cents', 0, FEED_LIMITS.maxCents, true, CENTS),
    was_cents: f.integer('was_cents', 0, FEED_LIMITS.maxCents, false, CENTS),
    promo: f.oneOf('promo', PROMO_KINDS, false),
    multibuy_qty: f.integer('multibuy_qty', 2, 99, false),
    multibuy_cents: f.integer('multibuy_cents', 1, FEED_LIMITS.maxCents, false, CENTS),
    in_stock: f.flag('in_stock', true),
    source: f.source(),
  };
  const { date, last_seen, price_cents, was_cents, multibuy_qty, multibuy_cents } = row;
  if (date !== null && last_seen !== null && last_seen < date)
    errors.push(feedError(where, 'last_seen', `${showValue(last_seen)} is before date ${showValue(date)}`));
  if (was_cents !== null && price_cents !== null && was_cents <= price_cents)
    errors.push(feedError(where, 'was_cents', `${was_cents} must be above price_cents ${price_cents}`));
  if ((multibuy_qty === null) !== (multibuy_cents === null) && errors.length === before)
    errors.push(
      feedError(
        where,
        multibuy_qty === null ? 'multibuy_qty' : 'multibuy_cents',
        'is missing (multibuy_qty and multibuy_cents go together)',
      ),
    );
  return errors.length > before ? null : (row as FeedPrice);
}

/** The places of the price columns in a CSV header; -1 for an optional column it leaves out. */
export type PriceColumns = { readonly [K in keyof FeedPrice]: number };

/** Where each price column is in a header that names every required one. */
export function priceColumns(header: readonly string[]): PriceColumns {
  const at = (name: keyof FeedPrice): number => header.indexOf(name);
  return {
    chain: at('chain'),
    sku: at('sku'),
    store: at('store'),
    date: at('date'),
    last_seen: at('last_seen'),
    price_cents: at('price_cents'),
    was_cents: at('was_cents'),
    promo: at('promo'),
    multibuy_qty: at('multibuy_qty'),
    multibuy_cents: at('multibuy_cents'),
    in_stock: at('in_stock'),
    source: at('source'),
  };
}

/**
 * A price row of CSV fields as readPrice reads it, for the rows that are plainly right (what
 * nearly every row of a real feed is): each value in its simplest form (whole numbers as bare
 * digits), within its limits, the rows' rules met. Anything else is null, and readFeedRecord
 * reads the row again, giving the row or its errors: the rules and their messages stay in one
 * place, and a 100,000-row feed does not build a record and a reader per row.
 */
export function plainPrice(fields: readonly string[], at: PriceColumns, today: number): FeedPrice | null {
  const chain = CHAINS[(CHAINS as readonly string[]).indexOf(fieldAt(fields, at.chain))];
  if (chain === undefined) return null;
  let sku = fieldAt(fields, at.sku);
  if (sku === plainSeen.sku) sku = plainSeen.sku;
  else if (SKU.test(sku)) plainSeen.sku = sku;
  else return null;
  let store = fieldAt(fields, at.store);
  if (store === '') store = ONLINE_STORE;
  else if (store === plainSeen.store) store = plainSeen.store;
  else if (STORE.test(store)) plainSeen.store = store;
  else return null;
  const date = plainDay(fieldAt(fields, at.date), today);
  if (date === null) return null;
  let seen = fieldAt(fields, at.last_seen);
  if (seen !== '') {
    const seenText = plainDay(seen, today);
    if (seenText === null || seenText < date) return null;
    seen = seenText;
  }
  const price = plainCents(fieldAt(fields, at.price_cents), 0);
  if (price === null || price === undefined) return null;
  const was = plainCents(fieldAt(fields, at.was_cents), 0);
  if (was === null || (was !== undefined && was <= price)) return null;
  const promo = fieldAt(fields, at.promo);
  if (promo !== '' && !(PROMO_KINDS as readonly string[]).includes(promo)) return null;
  const qty = plainCents(fieldAt(fields, at.multibuy_qty), 2);
  const multibuy = plainCents(fieldAt(fields, at.multibuy_cents), 1);
  if (qty === null || multibuy === null || (qty === undefined) !== (multibuy === undefined)) return null;
  if (qty !== undefined && qty > 99) return null;
  const stock = fieldAt(fields, at.in_stock);
  if (stock !== '' && stock !== 'true' && stock !== 'false') return null;
  let source = fieldAt(fields, at.source);
  if (source === plainSeen.source) source = plainSeen.source;
  else if (SOURCE.test(source)) plainSeen.source = source;
  else return null;
  return {
    chain,
    sku,
    store,
    date,
    last_seen: seen === '' ? null : seen,
    price_cents: price,
    was_cents: was ?? null,
    promo: promo === '' ? null : (promo as PromoKind),
    multibuy_qty: qty ?? null,
    multibuy_cents: multibuy ?? null,
    in_stock: stock !== 'false',
    source,
  };
}

/**
 * The last SKU, store and source plainPrice found well-formed: a feed's rows come a product at
 * a time, so most rows repeat the row before's, and a comparison is cheaper than the pattern.
 * A row keeps the one string rather than its own copy (100,000 rows of copies are most of what
 * the garbage collector moves).
 */
const plainSeen: { sku: string | null; store: string | null; source: string | null } = {
  // Null, not '': an empty field must never pass as one already found well-formed.
  sku: null,
  store: null,
  source: null,
};

/** A CSV field by its place; '' (not given) for a column the header leaves out. */
function fieldAt(fields: readonly string[], i: number): string {
  return i < 0 ? '' : (fields[i] as string);
}

/** Each date text plainDay read, kept once with its day: a feed repeats a few dates thousands of times. */
const plainDays = new Map<string, { text: string; day: number | null }>();

/**
 * A date readPrice takes as it is (a real YYYY-MM-DD from 2000-01-01 up to today), as the one
 * copy of that text plainDays keeps; null for any other.
 */
function plainDay(text: string, today: number): string | null {
  let known = plainDays.get(text);
  if (known === undefined) {
    const day = dayNumber(text);
    known = { text, day: day !== null && text >= FEED_LIMITS.firstDate ? day : null };
    if (plainDays.size > 4096) plainDays.clear();
    plainDays.set(text, known);
  }
  return known.day !== null && known.day <= today ? known.text : null;
}

/** Bare digits (up to 8, no sign) from `min` up to FEED_LIMITS.maxCents; undefined when not given, null otherwise. */
function plainCents(text: string, min: number): number | null | undefined {
  if (text === '') return undefined;
  if (text.length > 8) return null;
  // Checked and read in one pass (no pattern per field).
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const d = text.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return null;
    n = n * 10 + d;
  }
  return n >= min && n <= FEED_LIMITS.maxCents ? n : null;
}

function readMapping(f: FieldReader, errors: FeedError[]): FeedMapping | null {
  const before = errors.length;
  const row = {
    ingredient: f.text('ingredient', FEED_LIMITS.ingredientLength, true),
    chain: f.chain(),
    sku: f.sku(),
    preferred: f.flag('preferred', true),
    match: f.oneOf('match', MATCH_KINDS, true),
    reviewed_on: f.date('reviewed_on', false),
    source: f.source(),
  };
  return errors.length > before ? null : (row as FeedMapping);
}

/**
 * Checks one record of a feed (CSV fields as text, or JSON values) against the rules of its
 * kind (docs/price-feed.md) and converts it. Absent, `''` and `null` mean "not given"; text is
 * trimmed with inner white space made single. Errors name `where`, the field and the rule
 * ('prices.csv line 5,012: price_cents -3 must be ≥ 0'); dates may not be after `today` (a
 * day number, Australia/Sydney). `null` when anything is wrong. Never throws.
 */
export function readFeedRecord<K extends FeedKind>(
  kind: K,
  record: Readonly<Record<string, unknown>>,
  where: string,
  today: number,
  errors: FeedError[],
): FeedRowTypes[K] | null {
  if (typeof record !== 'object' || record === null || !Array.isArray(errors)) return null;
  const place = typeof where === 'string' ? where : 'feed';
  const ctx: FieldContext = { where: place, today: Number.isFinite(today) ? today : 0, errors };
  const f = new FieldReader(record, ctx);
  if (kind === 'products') return readProduct(f, errors, place) as FeedRowTypes[K] | null;
  if (kind === 'prices') return readPrice(f, errors, place) as FeedRowTypes[K] | null;
  if (kind === 'ingredient_products') return readMapping(f, errors) as FeedRowTypes[K] | null;
  return null;
}
