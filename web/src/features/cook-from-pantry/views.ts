import type { RecipeCoverage } from '../../../../shared/cook-from-pantry/coverage.ts';

/** The filters of "What can I cook?" (issue 25). */
export const COOK_FILTERS = {
  all: 'All recipes',
  now: 'Can cook now',
  short: 'One or two items short',
} as const;
export type CookFilter = keyof typeof COOK_FILTERS;

/** The sorts of "What can I cook?" (issue 25). */
export const COOK_SORTS = {
  covered: 'Most covered',
  cheapest: 'Cheapest to finish',
  uses: 'Uses most of what I have',
  soon: 'Uses what to use soon',
} as const;
export type CookSort = keyof typeof COOK_SORTS;

/** Can be cooked with what is in: it has lines Larder counts, and none is short. */
export const canCookNow = (c: RecipeCoverage): boolean => c.counted > 0 && c.short === 0;

const FILTERS: Record<CookFilter, (c: RecipeCoverage) => boolean> = {
  all: () => true,
  now: canCookNow,
  short: (c) => c.short === 1 || c.short === 2,
};

/**
 * What it costs to finish at the cheapest chain; a recipe with nothing missing costs 0, and one
 * whose missing lines no chain prices sorts last (its cost is unknown, not free).
 */
function finishCents(c: RecipeCoverage): number {
  if (c.short === 0) return 0;
  return c.cheapest?.totalCents ?? Number.POSITIVE_INFINITY;
}

/** Any chain leaves a missing line unpriced: the cost to finish is a floor, and sorts after exact ones. */
const partlyPriced = (c: RecipeCoverage): number =>
  c.cheapest !== null && c.chains[c.cheapest.chain].unpriced.length > 0 ? 1 : 0;

type Order = (a: RecipeCoverage, b: RecipeCoverage, soon: (c: RecipeCoverage) => number) => number;

const covered: Order = (a, b) =>
  b.coverage - a.coverage || a.short - b.short || finishCents(a) - finishCents(b);

const SORTS: Record<CookSort, Order> = {
  covered,
  cheapest: (a, b) =>
    partlyPriced(a) - partlyPriced(b) || finishCents(a) - finishCents(b) || b.coverage - a.coverage,
  uses: (a, b) => b.uses - a.uses || b.coverage - a.coverage || finishCents(a) - finishCents(b),
  soon: (a, b, soon) => soon(b) - soon(a) || covered(a, b, soon),
};

/**
 * The coverages a filter keeps, in a sort's order; ties keep the recipes' own order (by name).
 * `soon` counts a recipe's lines that use up what the pantry has to use soon.
 */
export function cookView(
  all: readonly RecipeCoverage[],
  filter: CookFilter,
  sort: CookSort,
  soon: (c: RecipeCoverage) => number = () => 0,
): RecipeCoverage[] {
  const keep = FILTERS[filter] ?? FILTERS.all;
  const order = SORTS[sort] ?? SORTS.covered;
  return all.filter(keep).sort((a, b) => order(a, b, soon) || 0);
}
