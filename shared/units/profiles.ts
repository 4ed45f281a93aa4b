import { memoByString } from '../internal/memo.ts';
import { CUP_PORTIONS } from './data/cup-weights.ts';
import { ITEM_WEIGHTS } from './data/item-weights.ts';
import { PREFERRED_UNITS } from './data/preferred-units.ts';
import { SPEC_TEASPOON_GRAMS, TEASPOON_PORTIONS } from './data/teaspoon-weights.ts';
import { AU_MEASURE_ML, density } from './data/usda.ts';
import { DEFAULT_UNIT_FACTORS, EXTRA_MASS_FACTORS } from './factors.ts';
import { matchKey, nameKey, nameTokens } from './ingredient-names.ts';

/**
 * Everything the data tables know about one ingredient, resolved to grams per unit: spec 9's
 * default factors overlaid with its spoon and cup weights (Australian measures) and per-item
 * weights.
 */
export interface IngredientProfile {
  /** The normalised table key that matched, e.g. `'brown onion'`. */
  readonly key: string;
  /** Grams per canonical unit (every unit of {@link DEFAULT_UNIT_FACTORS}, plus extras). */
  readonly factors: Readonly<Record<string, number>>;
  /** Preferred display units, most preferred first (spec 9). */
  readonly preferred: readonly string[];
}

interface Draft {
  tsp?: number;
  cup?: number;
  each?: number;
  units: Record<string, number>;
}

const round1 = (n: number): number => Math.round(n * 10) / 10;

function buildProfiles(): Map<string, IngredientProfile> {
  const drafts = new Map<string, Draft>();
  const draft = (name: string): Draft => {
    const key = nameKey(name);
    let d = drafts.get(key);
    if (d === undefined) {
      d = { units: {} };
      drafts.set(key, d);
    }
    return d;
  };
  for (const row of TEASPOON_PORTIONS) draft(row[0]).tsp = round1(density(row) * AU_MEASURE_ML.tsp);
  for (const [name, grams] of Object.entries(SPEC_TEASPOON_GRAMS)) draft(name).tsp = grams;
  for (const row of CUP_PORTIONS) draft(row[0]).cup = round1(density(row) * AU_MEASURE_ML.cup);
  for (const row of ITEM_WEIGHTS) {
    const d = draft(row.name);
    d.each = row.each;
    Object.assign(d.units, row.units);
  }
  for (const name of Object.keys(PREFERRED_UNITS)) draft(name);
  inheritFromHeadNoun(drafts);
  const profiles = new Map<string, IngredientProfile>();
  for (const [key, d] of drafts) profiles.set(key, resolve(key, d));
  return profiles;
}

/**
 * A qualified name the tables lack some data for borrows it from its head noun: `brown onion`
 * (a per-item weight only) takes `onion`'s cup weight. Spoon data moves only as a whole and only
 * to entries that have none, so `ground coriander` (its own teaspoon weight) never takes fresh
 * coriander's cup, nor `peanut butter` butter's.
 */
function inheritFromHeadNoun(drafts: Map<string, Draft>): void {
  for (const [key, d] of drafts) {
    const words = key.split(' ');
    for (let start = 1; start < words.length; start++) {
      const head = drafts.get(words.slice(start).join(' '));
      if (head === undefined) continue;
      if (d.tsp === undefined && d.cup === undefined && (head.tsp !== undefined || head.cup !== undefined)) {
        if (head.tsp !== undefined) d.tsp = head.tsp;
        if (head.cup !== undefined) d.cup = head.cup;
      }
      if (d.each === undefined && head.each !== undefined) {
        d.each = head.each;
        d.units = { ...head.units, ...d.units };
      }
    }
  }
}

function resolve(key: string, d: Draft): IngredientProfile {
  const factors: Record<string, number> = { ...DEFAULT_UNIT_FACTORS };
  const tspToTbsp = AU_MEASURE_ML.tbsp / AU_MEASURE_ML.tsp;
  const tspToCup = AU_MEASURE_ML.cup / AU_MEASURE_ML.tsp;
  if (d.cup !== undefined) {
    factors.cup = d.cup;
    factors.tbsp = round1((d.cup * AU_MEASURE_ML.tbsp) / AU_MEASURE_ML.cup);
    factors.tsp = d.tsp ?? round1((d.cup * AU_MEASURE_ML.tsp) / AU_MEASURE_ML.cup);
  } else if (d.tsp !== undefined) {
    factors.tsp = d.tsp;
    factors.tbsp = round1(d.tsp * tspToTbsp);
    factors.cup = round1(d.tsp * tspToCup);
  }
  if (d.each !== undefined) {
    factors.piece = d.each;
    factors.unit = d.each;
  }
  Object.assign(factors, d.units, EXTRA_MASS_FACTORS);
  return { key, factors: Object.freeze(factors), preferred: Object.freeze(preferredFor(key, d)) };
}

function preferredFor(key: string, d: Draft): string[] {
  const listed = preferredUnitsByKey().get(key);
  if (listed !== undefined) return [...listed];
  if (d.each !== undefined) return ['piece', 'g'];
  // What has a cup weight is also spooned in small amounts (2 tsp brown sugar, 1 tbsp flour).
  if (d.cup !== undefined) return ['cup', 'tbsp', 'tsp', 'g'];
  if (d.tsp !== undefined) return ['tsp', 'tbsp', 'cup'];
  return ['g', 'kg'];
}

let preferredByKey: Map<string, readonly string[]> | undefined;
const preferredUnitsByKey = (): Map<string, readonly string[]> => {
  preferredByKey ??= new Map(
    Object.entries(PREFERRED_UNITS).map(([name, units]) => [nameKey(name), units] as const),
  );
  return preferredByKey;
};

let profiles: ReadonlyMap<string, IngredientProfile> | undefined;

/**
 * Every ingredient the data tables know, by normalised key. Built on first use rather than when
 * the module loads: a web page that converts no amount never pays for it, and one that does
 * pays outside the task that starts the app.
 */
export function allProfiles(): ReadonlyMap<string, IngredientProfile> {
  profiles ??= buildProfiles();
  return profiles;
}

/** Spec 9's defaults alone (plus exact mass units), for ingredients no table knows. */
export const DEFAULT_PROFILE: IngredientProfile = Object.freeze({
  key: '',
  factors: Object.freeze({ ...DEFAULT_UNIT_FACTORS, ...EXTRA_MASS_FACTORS }),
  preferred: Object.freeze(['g', 'kg']),
});

const known = (key: string): boolean => allProfiles().has(key);

const profileCached = memoByString(4096, (name): IngredientProfile => {
  const key = matchKey(nameTokens(name), known);
  return key === null ? DEFAULT_PROFILE : (allProfiles().get(key) ?? DEFAULT_PROFILE);
});

/**
 * The data-table profile of an ingredient name, matched robustly (case, plurals, accents,
 * `'onion, brown'` = `'brown onion'`, preparation words such as `'finely chopped'` ignored; see
 * `ingredient-names.ts`). Unknown names get {@link DEFAULT_PROFILE}. Results are cached by exact name, since
 * the same few hundred ingredient names recur across recipes.
 */
export function ingredientProfile(name: unknown): IngredientProfile {
  if (typeof name !== 'string' || name === '') return DEFAULT_PROFILE;
  return profileCached(name);
}
