import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dateOfDay, dayNumber } from '../dates/day-number.ts';
import { parsePackMeasure } from '../pricing/pack-measure.ts';
import { priceRecipe } from '../pricing/price-recipe.ts';
import type { PricedLine } from '../pricing/types.ts';
import { feedPrice } from '../testing/feed-rows.ts';
import { priceRecord } from '../testing/lines.ts';
import type { FeedPrice, Sourced } from './feed.ts';
import { ingredientPackMeasure } from './measure.ts';
import { collapsePrices, historySpans } from './spans.ts';
import { judgeSpecial } from './special.ts';

const price = (date: string, cents: number, extra: Partial<FeedPrice> = {}): Sourced<FeedPrice> =>
  feedPrice(`p ${date}`, { date, price_cents: cents, ...extra });

/** The list in an order picked by `seed` (Fisher–Yates with a Lehmer generator). */
function shuffle<T>(list: readonly T[], seed: number): T[] {
  const out = [...list];
  let state = (Math.abs(seed) % 2147483646) + 1;
  for (let i = out.length - 1; i > 0; i--) {
    state = (state * 16807) % 2147483647;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

describe('collapsePrices: change-only spans', () => {
  it('folds sightings of one price into a span, closing it the day before the next price', () => {
    const spans = collapsePrices([
      price('2026-11-08', 400, { last_seen: '2026-11-14' }),
      price('2026-11-01', 450, { last_seen: '2026-11-07' }),
      price('2026-11-15', 400, { last_seen: '2026-11-20' }),
      price('2026-10-20', 450),
      price('2026-11-03', 450, { last_seen: '2026-11-09' }),
    ]);
    expect(spans.map((s) => [s.row.date, s.row.last_seen, s.row.price_cents, s.where])).toEqual([
      ['2026-10-20', '2026-11-07', 450, 'p 2026-10-20'],
      ['2026-11-08', '2026-11-20', 400, 'p 2026-11-08'],
    ]);
  });
  it('keeps products, stores and promotions apart', () => {
    const spans = collapsePrices([
      price('2026-11-01', 450),
      price('2026-11-02', 450, { store: 'bondi' }),
      price('2026-11-03', 450, { sku: 'C2' }),
      price('2026-11-04', 450, { promo: 'member' }),
    ]);
    expect(spans).toHaveLength(4);
  });

  const sighting = fc.record({
    day: fc.integer({ min: 0, max: 120 }),
    seenFor: fc.integer({ min: 0, max: 9 }),
    cents: fc.constantFrom(300, 350, 400),
    promo: fc.boolean(),
  });
  const asPrices = (list: { day: number; seenFor: number; cents: number; promo: boolean }[]) => {
    const byDay = new Map(list.map((s) => [s.day, s]));
    return [...byDay.values()].map((s) => {
      const date = dateOfDay((dayNumber('2026-06-01') as number) + s.day);
      const last = dateOfDay((dayNumber('2026-06-01') as number) + s.day + s.seenFor);
      return price(date, s.cents, {
        last_seen: last,
        promo: s.promo ? 'special' : null,
        was_cents: s.promo ? 500 : null,
      });
    });
  };

  it('is the same whatever the order, and folding twice changes nothing (fast-check)', () => {
    fc.assert(
      fc.property(fc.array(sighting, { maxLength: 30 }), fc.integer(), (list, seed) => {
        const rows = asPrices(list);
        const shuffled = shuffle(rows, seed);
        const once = collapsePrices(rows);
        expect(collapsePrices(shuffled).map((s) => s.row)).toEqual(once.map((s) => s.row));
        expect(collapsePrices(once).map((s) => s.row)).toEqual(once.map((s) => s.row));
        // Change-only: neighbours differ, and never overlap.
        for (let i = 1; i < once.length; i++) {
          const [a, b] = [once[i - 1]!.row, once[i]!.row];
          expect(a.price_cents !== b.price_cents || a.promo !== b.promo).toBe(true);
          expect((a.last_seen as string) < b.date).toBe(true);
        }
      }),
    );
  });

  it('never flips a verdict: the sightings and their spans, in any order, are judged alike (fast-check)', () => {
    fc.assert(
      fc.property(fc.array(sighting, { maxLength: 30 }), fc.integer(), (list, seed) => {
        const rows = asPrices(list);
        const today = '2026-09-28';
        const spans = collapsePrices(rows).map((s) => s.row);
        const shuffled = shuffle(spans, seed);
        const judged = judgeSpecial(historySpans(spans), today);
        expect(judgeSpecial(historySpans(shuffled), today)).toEqual(judged);
      }),
    );
  });
});

describe('historySpans', () => {
  it('reads price_history rows: a promo or a was-price marks a span as promoted', () => {
    expect(
      historySpans([
        { date: '2026-11-01', last_seen: '2026-11-07', price_cents: 450, was_cents: null, promo: null },
        { date: '2026-11-08', last_seen: null, price_cents: 400, was_cents: 450, promo: null },
        { date: '2026-11-15', last_seen: null, price_cents: 400, promo: 'member' },
      ]),
    ).toEqual([
      { from: '2026-11-01', lastSeen: '2026-11-07', priceCents: 450, wasCents: null, promo: false },
      { from: '2026-11-08', lastSeen: null, priceCents: 400, wasCents: 450, promo: true },
      { from: '2026-11-15', lastSeen: null, priceCents: 400, wasCents: null, promo: true },
    ]);
  });
});

describe('ingredientPackMeasure: the measure ingredient_prices holds', () => {
  it('writes packs as packMeasureText, counted items by weight when known', () => {
    expect(ingredientPackMeasure({ pack_size: 900, pack_unit: 'g' })).toBe('900g');
    expect(ingredientPackMeasure({ pack_size: 1000, pack_unit: 'g' })).toBe('1kg');
    expect(ingredientPackMeasure({ pack_size: 2250, pack_unit: 'mL' })).toBe('2.25L');
    expect(ingredientPackMeasure({ pack_size: 12, pack_unit: 'each', grams_each: 58 })).toBe('696g');
    expect(ingredientPackMeasure({ pack_size: 12, pack_unit: 'each' })).toBe('12 each');
    expect(ingredientPackMeasure({ pack_size: 0, pack_unit: 'g' })).toBe('');
  });
  it('reads back as its pack, and a dearer pack never prices a recipe line lower (fast-check)', () => {
    const pack = fc.record({
      pack_size: fc.integer({ min: 1, max: 1_000_000_000 }).map((n) => n / 1000),
      pack_unit: fc.constantFrom('g' as const, 'mL' as const),
    });
    const line = (measure: string, cents: number): PricedLine => ({
      quantity: '250',
      measurements: { name: 'g' },
      ingredients: { id: 1, name: 'rolled oats', protein: 0, carbs: 0, fats: 0, calories: 0 },
      prices: priceRecord({ coles_measure: measure, coles_unit_price_current: cents / 100 }),
    });
    fc.assert(
      fc.property(
        pack,
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        (p, a, b) => {
          const measure = ingredientPackMeasure(p);
          expect(Math.abs(parsePackMeasure(measure) - p.pack_size)).toBeLessThanOrEqual(
            0.5 + p.pack_size * 1e-9,
          );
          const [low, high] = a <= b ? [a, b] : [b, a];
          const cost = (cents: number) => priceRecipe([line(measure, cents)]).chains.coles.total;
          expect(cost(low)).toBeLessThanOrEqual(cost(high));
        },
      ),
    );
  });
});
