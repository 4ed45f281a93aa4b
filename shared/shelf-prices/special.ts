/**
 * "Is this special real?" (issue 18): a product's price today judged against its own history,
 * as the regulator judged the supermarkets' "Down Down" and "Prices Dropped" tickets in 2024.
 */

import { dayNumber } from '../dates/day-number.ts';

/** One price of a product at a chain, as stored: change-only, from the day it was first seen. */
export interface PriceSpan {
  /** First day at this price (YYYY-MM-DD, Australia/Sydney). */
  from: string;
  /** Last day seen at this price; absent: until the next span starts, the last one until today. */
  lastSeen?: string | null;
  priceCents: number;
  /** The "was" price the ticket displayed, if any. */
  wasCents?: number | null;
  /** Sold as a promotion (special, multibuy, "Down Down"…). */
  promo?: boolean;
}

export type SpecialVerdict =
  | 'real-special'
  | 'not-really-a-special'
  | 'inflated-was-price'
  | 'dearer-than-usual'
  | 'usual'
  | 'not-enough-history';

export interface SpecialJudgement {
  verdict: SpecialVerdict;
  /** Today's price; null when the product has not been seen lately. */
  priceCents: number | null;
  /** Median daily price of the last 12 weeks; null without enough known days. */
  typicalCents: number | null;
  /** Lowest price in the 30 days before today's price began (the EU "prior price"). */
  low30Cents: number | null;
  /** Days of the last 12 weeks whose price is known. */
  knownDays: number;
}

/** Words for each verdict, as the app shows them. */
export const VERDICT_WORDS: Readonly<Record<SpecialVerdict, string>> = {
  'real-special': 'Real special',
  'not-really-a-special': 'Not really a special',
  'inflated-was-price': 'Inflated “was” price',
  'dearer-than-usual': 'Dearer than usual',
  usual: 'Usual price',
  'not-enough-history': 'Not enough history',
};

const WEEKS_12 = 84;
/** A gap in the history longer than this is unknown, not the previous price carried on. */
const MAX_FILLED_GAP = 10;
const PRIOR_DAYS = 30;
const MIN_KNOWN_SHARE = 0.6;
const MIN_KNOWN_DAYS = 28;
const SPECIAL_AT_MOST = 0.95;
const ABOVE_TYPICAL = 1.05;

/** Days since 1970-01-01 of a YYYY-MM-DD date; NaN for anything else, so sums and comparisons fail. */
function dayOf(date: unknown): number {
  return dayNumber(date) ?? Number.NaN;
}

interface Span {
  from: number;
  end: number;
  price: number;
  was: number | null;
  promo: boolean;
}

/** Spans in date order, each with its last day; ties ordered by content, so input order never matters. */
function orderedSpans(spans: readonly PriceSpan[], today: number): Span[] {
  const valid = spans
    .filter((s) => typeof s === 'object' && s !== null)
    .map((s) => ({
      from: dayOf(s.from),
      lastSeen: s.lastSeen ? dayOf(s.lastSeen) : Number.NaN,
      price: s.priceCents,
      was: typeof s.wasCents === 'number' && Number.isFinite(s.wasCents) ? s.wasCents : null,
      promo: s.promo === true,
    }))
    .filter((s) => Number.isFinite(s.from) && s.from <= today && Number.isFinite(s.price) && s.price >= 0)
    .sort(
      (a, b) =>
        a.from - b.from ||
        a.price - b.price ||
        (a.was ?? -1) - (b.was ?? -1) ||
        Number(a.promo) - Number(b.promo),
    );
  return valid.map((s, i) => {
    const next = valid[i + 1];
    const untilNext = next ? next.from - 1 : today;
    const end = Number.isFinite(s.lastSeen) ? Math.min(s.lastSeen, untilNext) : untilNext;
    return { from: s.from, end: Math.max(s.from, end), price: s.price, was: s.was, promo: s.promo };
  });
}

/**
 * The price on each day from `first` to `last` (day numbers): a span's days carry its price, a
 * gap of up to 10 days after a span carries it on, a longer gap is unknown (null).
 */
function dailyPrices(spans: readonly Span[], first: number, last: number): (Span | null)[] {
  const days: (Span | null)[] = new Array(last - first + 1).fill(null);
  for (const span of spans) {
    const filledTo = span.end + MAX_FILLED_GAP;
    for (let d = Math.max(span.from, first); d <= Math.min(filledTo, last); d++) days[d - first] = span;
  }
  return days;
}

/** The longest run of days {@link pricesByDay} gives: a year and a bit, whatever it is asked. */
const MAX_SERIES_DAYS = 400;

/**
 * The shelf price (cents) on each day from `fromDate` to `toDate` (YYYY-MM-DD, inclusive), read
 * from change-only spans as {@link judgeSpecial} reads them: a span's days carry its price, a gap
 * of up to 10 days after it carries it on, a longer gap is unknown (null). What the price charts
 * draw and the recipe cost trend sums. At most 400 days; [] for dates that are not dates or out
 * of order. The spans may come in any order. Never throws.
 */
export function pricesByDay(
  spans: readonly PriceSpan[],
  fromDate: string,
  toDate: string,
): (number | null)[] {
  const first = dayOf(fromDate);
  const last = dayOf(toDate);
  if (!Number.isFinite(first) || !Number.isFinite(last) || last < first || !Array.isArray(spans)) return [];
  const to = Math.min(last, first + MAX_SERIES_DAYS - 1);
  return dailyPrices(orderedSpans(spans, to), first, to).map((d) => d?.price ?? null);
}

/** The verdicts of a price sold as a special (or cut below its usual): what "on special" lists show. */
const SPECIAL_VERDICTS: ReadonlySet<SpecialVerdict> = new Set([
  'real-special',
  'not-really-a-special',
  'inflated-was-price',
]);

/** Whether a verdict is about a special: a real one, one that is not really, or one with an inflated "was". */
export function isSpecialVerdict(verdict: SpecialVerdict): boolean {
  return SPECIAL_VERDICTS.has(verdict);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/**
 * Judges today's price of one product at one chain against its history:
 * - the history is expanded into days (gaps over 10 days unknown, not filled);
 * - `typical` is the median daily price over the last 12 weeks, which needs 60% of those days
 *   known (and at least 28), else the verdict is 'not-enough-history';
 * - `low30` is the lowest price in the 30 days before today's price began (the EU rule for a
 *   "prior price");
 * - 'real-special' if today's price is at most 95% of min(typical, low30), but
 *   'inflated-was-price' when the ticket's was-price is over 105% of typical (a real saving,
 *   claimed bigger than it is); otherwise 'not-really-a-special' if it is promoted or shows a
 *   was-price, 'dearer-than-usual' above 105% of typical, else 'usual'.
 * The spans may come in any order. Never throws.
 */
export function judgeSpecial(spans: readonly PriceSpan[], todayDate: string): SpecialJudgement {
  const today = dayOf(todayDate);
  const none: SpecialJudgement = {
    verdict: 'not-enough-history',
    priceCents: null,
    typicalCents: null,
    low30Cents: null,
    knownDays: 0,
  };
  if (!Number.isFinite(today) || !Array.isArray(spans)) return none;
  const ordered = orderedSpans(spans, today);
  const windowStart = today - WEEKS_12 + 1;
  const current = dailyPrices(ordered, today, today)[0] ?? null;
  const first = Math.min(windowStart, (current?.from ?? today) - PRIOR_DAYS);
  const days = dailyPrices(ordered, first, today);
  const inWindow = days.slice(windowStart - first).filter((d): d is Span => d !== null);
  const knownDays = inWindow.length;
  const enough = knownDays >= Math.max(MIN_KNOWN_DAYS, Math.ceil(MIN_KNOWN_SHARE * WEEKS_12));
  const typical = enough ? median(inWindow.map((d) => d.price)) : null;
  let low30: number | null = null;
  if (current) {
    for (let d = current.from - PRIOR_DAYS; d < current.from; d++) {
      const day = days[d - first];
      if (day && (low30 === null || day.price < low30)) low30 = day.price;
    }
  }
  const judged = { priceCents: current?.price ?? null, typicalCents: typical, low30Cents: low30, knownDays };
  if (!current || typical === null) return { ...judged, verdict: 'not-enough-history' };
  const price = current.price;
  let verdict: SpecialVerdict;
  const wasInflated = current.was !== null && current.was > ABOVE_TYPICAL * typical;
  const reference = Math.min(typical, low30 ?? typical);
  // Strictly below too: at a reference of 0 cents, 95% of it is no saving.
  if (price <= SPECIAL_AT_MOST * reference && price < reference) {
    verdict = wasInflated ? 'inflated-was-price' : 'real-special';
  } else if (current.promo || current.was !== null) verdict = 'not-really-a-special';
  else if (price > ABOVE_TYPICAL * typical) verdict = 'dearer-than-usual';
  else verdict = 'usual';
  return { ...judged, verdict };
}
