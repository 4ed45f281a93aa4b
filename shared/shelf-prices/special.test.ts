import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSpecialVerdict, judgeSpecial, type PriceSpan, pricesByDay } from './special.ts';

const TODAY = '2024-09-30';
/** The date `n` days before TODAY. */
const ago = (n: number): string =>
  new Date(Date.UTC(2024, 8, 30) - n * 86_400_000).toISOString().slice(0, 10);

/** A product at `before` for a long time, raised to `raised` for `raisedDays`, then promoted at `now`. */
function courtCase(before: number, raised: number, now: number, raisedDays = 30, nowDays = 7): PriceSpan[] {
  return [
    { from: ago(nowDays + raisedDays + 409), priceCents: before },
    { from: ago(nowDays + raisedDays), priceCents: raised },
    { from: ago(nowDays), priceCents: now, promo: true },
  ];
}

describe('judgeSpecial: the regulator’s 2024 examples are not really specials', () => {
  it.each([
    ['Rexona deodorant 5.00 → 6.50 → 6.00', 500, 650, 600],
    ['dog food 4.00 → 6.00 → 4.50', 400, 600, 450],
    ['Strepsils 5.50 → 7.00 → 6.00', 550, 700, 600],
  ])('%s', (_name, before, raised, now) => {
    expect(judgeSpecial(courtCase(before, raised, now), TODAY)).toMatchObject({
      verdict: 'not-really-a-special',
      priceCents: now,
      typicalCents: before,
      low30Cents: raised,
    });
    // The same with the ticket's "was" price shown: still no real saving.
    const withWas = courtCase(before, raised, now).map((s, i) => (i === 2 ? { ...s, wasCents: raised } : s));
    expect(judgeSpecial(withWas, TODAY).verdict).toBe('not-really-a-special');
  });
});

describe('judgeSpecial: the other verdicts', () => {
  const steady = (cents: number, days = 200): PriceSpan[] => [{ from: ago(days), priceCents: cents }];
  it('a real special: at most 95% of both the typical and the prior 30-day low', () => {
    const spans = [...steady(500), { from: ago(3), priceCents: 400, promo: true }];
    expect(judgeSpecial(spans, TODAY)).toMatchObject({
      verdict: 'real-special',
      typicalCents: 500,
      low30Cents: 500,
    });
  });
  it('an inflated was-price: a real saving claimed bigger than it is', () => {
    const spans = [...steady(500), { from: ago(3), priceCents: 400, wasCents: 800, promo: true }];
    expect(judgeSpecial(spans, TODAY).verdict).toBe('inflated-was-price');
  });
  it('dearer than usual, and usual', () => {
    expect(judgeSpecial([...steady(500), { from: ago(3), priceCents: 560 }], TODAY).verdict).toBe(
      'dearer-than-usual',
    );
    expect(judgeSpecial([...steady(500), { from: ago(3), priceCents: 510 }], TODAY).verdict).toBe('usual');
  });
  it('not enough history: under 28 known days, or under 60% of the last 12 weeks known', () => {
    expect(judgeSpecial(steady(500, 20), TODAY)).toMatchObject({
      verdict: 'not-enough-history',
      knownDays: 21,
    });
    // Seen until two months ago and again this week: the gap is unknown, not filled.
    const patchy: PriceSpan[] = [
      { from: ago(90), lastSeen: ago(60), priceCents: 500 },
      { from: ago(5), priceCents: 400, promo: true },
    ];
    const judged = judgeSpecial(patchy, TODAY);
    expect(judged.verdict).toBe('not-enough-history');
    // 24 days seen in the window, 10 carried on after them, 6 this week.
    expect(judged.knownDays).toBe(24 + 10 + 6);
  });
  it('a product not seen for over 10 days has no price today', () => {
    expect(judgeSpecial([{ from: ago(200), lastSeen: ago(20), priceCents: 500 }], TODAY)).toMatchObject({
      verdict: 'not-enough-history',
      priceCents: null,
    });
  });
});

describe('judgeSpecial: properties (fast-check)', () => {
  const span = fc.record({
    from: fc.integer({ min: 0, max: 400 }).map(ago),
    // Shelf prices are at least a cent; a free item has no special to judge.
    priceCents: fc.integer({ min: 1, max: 5000 }),
    wasCents: fc.option(fc.integer({ min: 0, max: 8000 }), { nil: null }),
    promo: fc.boolean(),
  });
  it('never flips when the history is re-ordered', () => {
    const histories = fc
      .array(span, { maxLength: 12 })
      .chain((spans) =>
        fc.tuple(fc.constant(spans), fc.shuffledSubarray(spans, { minLength: spans.length })),
      );
    fc.assert(
      fc.property(histories, ([spans, shuffled]) => {
        expect(judgeSpecial(shuffled, TODAY)).toEqual(judgeSpecial(spans, TODAY));
      }),
    );
  });
  it('a real special is always cheaper than the typical price', () => {
    fc.assert(
      fc.property(fc.array(span, { maxLength: 12 }), (spans) => {
        const j = judgeSpecial(spans, TODAY);
        if (j.verdict === 'real-special' || j.verdict === 'inflated-was-price') {
          return j.priceCents !== null && j.typicalCents !== null && j.priceCents < j.typicalCents;
        }
        return true;
      }),
    );
  });
  it('never throws on nonsense', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (a, b) => void judgeSpecial(a as PriceSpan[], b as string)),
    );
  });
});

describe('pricesByDay: the price on each day, as judgeSpecial reads it', () => {
  it('carries a span on for up to 10 days after it was last seen, then knows nothing', () => {
    const days = pricesByDay(
      [{ from: '2026-10-01', lastSeen: '2026-10-02', priceCents: 300 }],
      '2026-09-30',
      '2026-10-14',
    );
    expect(days).toEqual([null, 300, 300, ...new Array(10).fill(300), null, null]);
  });

  it('starts each span on its day, whatever the order the spans come in', () => {
    const spans: PriceSpan[] = [
      { from: '2026-10-03', priceCents: 200, promo: true },
      { from: '2026-10-01', priceCents: 300 },
    ];
    expect(pricesByDay(spans, '2026-10-01', '2026-10-04')).toEqual([300, 300, 200, 200]);
    expect(pricesByDay([...spans].reverse(), '2026-10-01', '2026-10-04')).toEqual([300, 300, 200, 200]);
  });

  it('gives nothing for dates out of order or not dates, and at most 400 days', () => {
    expect(pricesByDay([], '2026-10-02', '2026-10-01')).toEqual([]);
    expect(pricesByDay([], 'then', '2026-10-01')).toEqual([]);
    // A day that is not on the calendar is not read as the one it would roll over to (2 March).
    expect(pricesByDay([], '2026-02-30', '2026-03-05')).toEqual([]);
    expect(pricesByDay([], '2000-01-01', '2026-10-01')).toHaveLength(400);
  });
});

describe('isSpecialVerdict', () => {
  it('holds for the three verdicts about a special only', () => {
    expect(
      ['real-special', 'not-really-a-special', 'inflated-was-price'].every((v) =>
        isSpecialVerdict(v as never),
      ),
    ).toBe(true);
    expect(
      ['usual', 'dearer-than-usual', 'not-enough-history'].some((v) => isSpecialVerdict(v as never)),
    ).toBe(false);
  });
});
