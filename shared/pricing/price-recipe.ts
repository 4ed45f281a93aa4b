import { roundCents, roundTo, toFiniteNumber } from '../internal/numbers.ts';
import { portionsOrDefault } from '../nutrition/per-portion.ts';
import { parseQuantity } from '../quantity/parse.ts';
import { DEFAULT_UNIT_FACTORS } from '../units/factors.ts';
import { gramsPerUnit, toGrams } from '../units/to-grams.ts';
import { canonicalUnit } from '../units/unit-spellings.ts';
import { type PackMeasure, readPackMeasure } from './pack-measure.ts';
import {
  CHAINS,
  type ChainKey,
  type ChainTotals,
  type IngredientPriceRecord,
  type LineChainPrice,
  PRICE_COLUMNS,
  type PricedLine,
  type PricedLineResult,
  type PriceOptions,
  type RecipePrice,
} from './types.ts';

/**
 * Grams in a pack. Spec 9's measures (g, kg, mL, L, tsp, tbsp, cup) convert by their pack
 * factors. A count (`'12 pack'`, `'1 each'`, `'1 bunch'`), whose spec 9 factor is 1, is a number
 * of items; the formula needs grams, so it is multiplied by the ingredient's weight per item
 * (egg 50 g, or per bunch, head, can … when the pack names one), else spec 9's `unit` 50 g.
 */
function packGrams(m: PackMeasure, name: string): number {
  const base = m.amount * m.factor;
  if (!m.counted || m.unit === null) return base;
  const named = (DEFAULT_UNIT_FACTORS[m.unit] ?? 0) > 1 ? m.unit : 'unit';
  return base * gramsPerUnit(named, name);
}

function positive(value: unknown): number {
  const n = toFiniteNumber(value);
  return n !== null && n > 0 ? n : 0;
}

const isBlank = (value: unknown): boolean =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/**
 * Prices a recipe at Coles, Woolworths and Aldi (spec 9 "Pricing formulas", spec 5 "Chain price
 * availability"; the output is CONTRACTS 4's `price-recipe` body without `recipe_id`).
 *
 * Per line and chain:
 * - grams needed = the line's quantity (spec 5 parsing) converted with {@link toGrams};
 * - the chain prices the line only if its current unit price is above 0 and its pack measure
 *   parses to above 0 (spec 5); a count measure is turned into grams by the per-item weight (see
 *   `packGrams`);
 * - price = unit price × grams needed ÷ pack measure (spec 9); past price likewise with the past
 *   unit price (the current one when there is no past price, so it reads as unchanged).
 *
 * Per chain: `total` sums the prices of the lines it prices (spec 9); `per_portion = total ÷
 * portions × scale` (spec 9); `change_percent = (total − past_total) ÷ past_total × 100`, 0 when
 * past_total is 0; `coverage` is the whole percent of lines priced (rounded down); `available` is
 * true only if every line is priced and at least one was counted. `cheapest` is the available
 * chain with the lowest total.
 *
 * `scale` (the web's portion-size control) multiplies only the per-portion cost, exactly as spec
 * 9's formula says; grams and totals are for the recipe as written, so a caller that wants the
 * cost of N portions takes `per_portion × N` and one that scales the whole recipe by k passes
 * `scale: k`. Portions and scale that are absent, non-positive or non-numeric count as 1.
 *
 * Money is in dollars rounded to cents; nothing is NaN, infinite or negative (an amount too large
 * to represent counts as no price). Never throws, whatever the input.
 */
export function priceRecipe(lines: PricedLine[], options?: PriceOptions): RecipePrice {
  const portions = portionsOrDefault(options?.portions);
  const rawScale = options !== null && typeof options === 'object' ? options.scale : undefined;
  const scale = positive(rawScale) || 1;
  const list = Array.isArray(lines) ? lines : [];
  const acc: Accumulator = { current: [0, 0, 0], past: [0, 0, 0], priced: [0, 0, 0] };
  const out: PricedLineResult[] = new Array(list.length);

  for (let i = 0; i < list.length; i++) {
    const line = list[i];
    const ok = line !== null && typeof line === 'object';
    const ingredient = ok ? line.ingredients : null;
    const hasIngredient = ingredient !== null && typeof ingredient === 'object';
    const name = hasIngredient && typeof ingredient.name === 'string' ? ingredient.name : '';
    const id =
      hasIngredient && typeof ingredient.id === 'number' && Number.isFinite(ingredient.id)
        ? ingredient.id
        : null;
    const quantity = ok ? parseQuantity(line.quantity) : 0;
    const measurement = ok ? line.measurements : null;
    const unitName =
      measurement !== null && typeof measurement === 'object' && typeof measurement.name === 'string'
        ? measurement.name
        : null;
    const grams = toGrams(quantity, unitName, name, hasIngredient ? ingredient : null);
    const rawRecord = ok ? line.prices : null;
    const record = rawRecord !== null && typeof rawRecord === 'object' ? rawRecord : null;
    const missing = hasIngredient ? (record === null ? NO_RECORD : null) : NO_INGREDIENT;
    out[i] = {
      ingredient_id: id,
      name,
      quantity,
      unit: canonicalUnit(unitName) ?? 'g',
      grams: roundTo(grams, 1),
      prices: {
        coles: missing ?? chainPrice(record as IngredientPriceRecord, 0, grams, name, acc),
        woolworths: missing ?? chainPrice(record as IngredientPriceRecord, 1, grams, name, acc),
        aldi: missing ?? chainPrice(record as IngredientPriceRecord, 2, grams, name, acc),
      },
    };
  }

  const chains = {} as Record<ChainKey, ChainTotals>;
  let cheapest: ChainKey | null = null;
  let cheapestTotal = Number.POSITIVE_INFINITY;
  for (let c = 0; c < CHAINS.length; c++) {
    const chain = CHAINS[c] as ChainKey;
    const totals = chainTotals(
      acc.current[c] as number,
      acc.past[c] as number,
      acc.priced[c] as number,
      list.length,
      portions,
      scale,
    );
    chains[chain] = totals;
    if (totals.available && totals.total < cheapestTotal) {
      cheapest = chain;
      cheapestTotal = totals.total;
    }
  }
  return { portions, scale, chains, cheapest, lines: out };
}

/** Running sums per chain, indexed in {@link CHAINS} order. */
interface Accumulator {
  current: number[];
  past: number[];
  priced: number[];
}

const NO_INGREDIENT: LineChainPrice = Object.freeze({ price: null, reason: 'no ingredient' });
const NO_RECORD: LineChainPrice = Object.freeze({ price: null, reason: 'no price record' });
const NOT_STOCKED: LineChainPrice = Object.freeze({ price: null, reason: 'not stocked' });
const NO_PRICE: LineChainPrice = Object.freeze({ price: null, reason: 'no price' });
const UNPARSEABLE: LineChainPrice = Object.freeze({ price: null, reason: 'unparseable measure' });
const COLUMN_LIST = CHAINS.map((chain) => PRICE_COLUMNS[chain]);

/** One chain's price for one line (spec 5 availability, spec 9 price formula); adds to `acc`. */
function chainPrice(
  record: IngredientPriceRecord,
  c: number,
  grams: number,
  name: string,
  acc: Accumulator,
): LineChainPrice {
  const cols = COLUMN_LIST[c] as (typeof COLUMN_LIST)[number];
  const measureValue = record[cols.measure];
  const currentValue = record[cols.current];
  const unitPrice = positive(currentValue);
  if (unitPrice === 0) return isBlank(measureValue) && isBlank(currentValue) ? NOT_STOCKED : NO_PRICE;
  const measure = readPackMeasure(measureValue);
  const pack = measure === null ? 0 : packGrams(measure, name);
  if (!(pack > 0) || !Number.isFinite(pack)) return UNPARSEABLE;
  const price = (unitPrice * grams) / pack;
  if (!Number.isFinite(price)) return NO_PRICE;
  const pastUnit = positive(record[cols.past]);
  const pastPrice = pastUnit > 0 ? (pastUnit * grams) / pack : price;
  acc.current[c] = (acc.current[c] as number) + price;
  acc.past[c] = (acc.past[c] as number) + (Number.isFinite(pastPrice) ? pastPrice : price);
  acc.priced[c] = (acc.priced[c] as number) + 1;
  return { price: roundCents(price) };
}

/**
 * Percentage change from a past to a current amount (spec 9 "Percentage change = (current −
 * past) ÷ past × 100, or 0 if past is 0"), to one decimal. A past that is 0, negative or not
 * finite, or a current that is not a finite number, gives 0.
 */
export function changePercent(current: number, past: number): number {
  if (typeof current !== 'number' || typeof past !== 'number') return 0;
  if (!(past > 0) || !Number.isFinite(past) || !Number.isFinite(current)) return 0;
  return roundTo(((current - past) / past) * 100, 1);
}

function money(value: number): number {
  return Number.isFinite(value) && value > 0 ? roundCents(value) : 0;
}

/**
 * What `n` portions cost at a chain (spec 9 "Per-portion cost = total ÷ portions × scale"): the
 * chain's total (in cents) ÷ the recipe's portions × `n`, rounded to cents once. The one rule
 * behind every per-portion figure, so "per portion" and "for 1 portion" never differ by a
 * cent (issue 15). Portions absent or not positive count as 1 (spec 3); a non-positive or
 * non-numeric `n` costs 0.
 */
export function portionsCost(total: number, recipePortions: unknown, n: number): number {
  const count = typeof n === 'number' ? n : 0;
  return money((money(total) / portionsOrDefault(recipePortions)) * count);
}

function chainTotals(
  total: number,
  pastTotal: number,
  priced: number,
  lineCount: number,
  portions: number,
  scale: number,
): ChainTotals {
  const change = changePercent(total, pastTotal);
  return {
    total: money(total),
    per_portion: portionsCost(total, portions, scale),
    past_total: money(pastTotal),
    change_percent: change,
    priced,
    coverage: lineCount === 0 ? 0 : Math.floor((priced / lineCount) * 100),
    available: priced > 0 && priced === lineCount,
  };
}
