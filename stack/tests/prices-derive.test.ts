/**
 * ingredient_prices derived from the price history (issue 18), on PGlite and PostgreSQL: the
 * database's pack measure text is shared's byte for byte (fast-check), and the seeded sample
 * history derives exactly the prices supabase/seed-data computes for it, with its mis-keyed week
 * quarantined and every sample special judged as the generator shaped it, the whole history moved
 * on by whole weeks to end in the week the database was seeded.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planToday } from '../../shared/dates/meal-window.ts';
import { type HistoryRow, historySpans, ingredientPackMeasure, judgeSpecial } from '../../shared/mod.ts';
import { HISTORY_START, PRICE_DATE, PRICES, SAMPLE_HISTORY, TYPO } from '../../supabase/seed-data/index.ts';
import { startTestStack, type TestStack, testDatabases } from './support/stack.ts';

const money = (n: number | null | undefined): string | null =>
  n === null || n === undefined ? null : n.toFixed(2);

describe.each(testDatabases)('prices derived on %s', (database) => {
  let stack: TestStack;

  /** The day the seeded sample history ends: PRICE_DATE moved on to the week of the seeding. */
  let lastDay: string;

  beforeAll(async () => {
    stack = await startTestStack({ database });
    const { rows } = await stack.ctx.db.query<{ first: string; last: string }>(
      `select min(first_seen)::text as first, max(last_seen)::text as last from public.chain_products
        where source = 'sample'`,
    );
    lastDay = rows[0]?.last as string;
  });
  afterAll(() => stack?.stop());

  it('writes pack measures exactly as shared ingredientPackMeasure does (fast-check)', async () => {
    const thousandths = (max: number) => fc.integer({ min: 1, max }).map((n) => n / 1000);
    const pack = fc.record({
      pack_size: fc.oneof(thousandths(1_000_000_000), fc.integer({ min: 1, max: 5000 })),
      pack_unit: fc.constantFrom('g' as const, 'mL' as const, 'each' as const),
      grams_each: fc.option(thousandths(100_000_000), { nil: null }),
    });
    const samples = fc.sample(pack, 400);
    samples.push(
      { pack_size: 1250.5, pack_unit: 'g', grams_each: null },
      { pack_size: 999.9995, pack_unit: 'mL', grams_each: null },
      { pack_size: 12, pack_unit: 'each', grams_each: 58 },
      { pack_size: 0.5, pack_unit: 'each', grams_each: null },
    );
    const { rows } = await stack.ctx.db.query<{ text: string }>(
      `select price_import.pack_measure_text(s::numeric, u, e::numeric) as text
         from unnest($1::text[], $2::text[], $3::text[]) with ordinality as t(s, u, e, n) order by n`,
      [
        samples.map((s) => String(s.pack_size)),
        samples.map((s) => s.pack_unit),
        samples.map((s) => (s.grams_each === null ? null : String(s.grams_each))),
      ],
    );
    expect(rows.map((r) => r.text)).toEqual(samples.map((s) => ingredientPackMeasure(s)));
  });

  it('moves the sample history on by whole weeks to end in the week it is seeded, never later', async () => {
    const { rows } = await stack.ctx.db.query<{ first: string; last: string; weekdays: string[] }>(
      `select min(o.date)::text as first, max(o.last_seen)::text as last,
          array_agg(distinct to_char(o.date, 'Dy')) as weekdays
         from public.price_observations o join public.chain_products p on p.id = o.product_id
        where p.source = 'sample'`,
    );
    const today = planToday();
    const days = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;
    const shift = days(PRICE_DATE, lastDay);
    expect(rows[0]?.last).toBe(lastDay);
    expect(shift % 7).toBe(0);
    expect(days(lastDay, today)).toBeGreaterThanOrEqual(0);
    expect(days(lastDay, today)).toBeLessThan(7);
    expect(days(HISTORY_START, rows[0]?.first as string)).toBe(shift);
    // Promotion weeks still start on a Wednesday.
    expect(rows[0]?.weekdays).toEqual(['Wed']);
  });

  it('derives from the sample history exactly the seed data module says, quarantining the mis-keyed week', async () => {
    const { rows } = await stack.ctx.db.query<Record<string, string | boolean | null>>(
      `select i.name, ip.is_sample, ip.price_date::text as price_date,
          ip.coles_measure, ip.coles_unit_price_current::text as coles_current, ip.coles_unit_price_past::text as coles_past,
          ip.woolworths_measure, ip.woolworths_unit_price_current::text as woolworths_current,
          ip.woolworths_unit_price_past::text as woolworths_past,
          ip.aldi_measure, ip.aldi_unit_price_current::text as aldi_current, ip.aldi_unit_price_past::text as aldi_past
         from public.ingredient_prices ip join public.ingredients i on i.id = ip.ingredient_id order by i.name`,
    );
    const expected = [...PRICES]
      .sort((a, b) => (a.ingredient < b.ingredient ? -1 : 1))
      .map((p) => ({
        name: p.ingredient,
        is_sample: true,
        price_date: lastDay,
        ...Object.fromEntries(
          (['coles', 'woolworths', 'aldi'] as const).flatMap((c) => [
            [`${c}_measure`, p[c]?.measure ?? null],
            [`${c}_current`, money(p[c]?.current)],
            [`${c}_past`, money(p[c]?.past)],
          ]),
        ),
      }));
    expect(rows).toEqual(expected);

    const { rows: flagged } = await stack.ctx.db.query<{ sku: string; date: string; price_cents: number }>(
      `select p.sku, o.date::text as date, o.price_cents from public.price_observations o
         join public.chain_products p on p.id = o.product_id where o.quarantined`,
    );
    const typo = SAMPLE_HISTORY.products.find(
      (p) => p.ingredient === TYPO.ingredient && p.chain === TYPO.chain,
    );
    expect(flagged).toHaveLength(1);
    expect(flagged[0]?.sku).toBe(typo?.sku);
    const { rows: counts } = await stack.ctx.db.query<{ n: number; sample: number }>(
      `select count(*)::int as n, count(*) filter (where source = 'sample')::int as sample from public.price_observations`,
    );
    expect(counts[0]).toEqual({ n: SAMPLE_HISTORY.prices.length, sample: SAMPLE_HISTORY.prices.length });
  });

  it('judges every sample product from its stored history as the generator shaped it', async () => {
    const { rows } = await stack.ctx.db.query<{ sku: string; history: HistoryRow[] }>(
      `select p.sku, coalesce(json_agg(h order by h.date), '[]') as history
         from public.chain_products p cross join lateral public.price_history(p.id, $1::date) h
        where p.source = 'sample' group by p.sku`,
      [lastDay],
    );
    expect(rows).toHaveLength(SAMPLE_HISTORY.products.length);
    const tally = new Map<string, number>();
    for (const { sku, history } of rows) {
      const parsed = typeof history === 'string' ? (JSON.parse(history) as HistoryRow[]) : history;
      const verdict = judgeSpecial(historySpans(parsed), lastDay).verdict;
      const key = `${SAMPLE_HISTORY.endings.get(sku)} → ${verdict}`;
      tally.set(key, (tally.get(key) ?? 0) + 1);
    }
    const shaped = [...tally.keys()];
    // Every shape is judged as it was made; Aldi's price drops are real unless small.
    expect(shaped.filter((k) => !k.startsWith('price-drop')).sort()).toEqual([
      'dearer → dearer-than-usual',
      'illusory-special → not-really-a-special',
      'multibuy → not-really-a-special',
      'real-special → real-special',
      'usual → usual',
    ]);
    expect(tally.get('illusory-special → not-really-a-special')).toBeGreaterThanOrEqual(10);
    expect(tally.get('real-special → real-special')).toBeGreaterThanOrEqual(20);
  });
});
