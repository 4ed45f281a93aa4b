import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { feedPrice } from '../testing/feed-rows.ts';
import type { FeedPrice, Sourced } from './feed.ts';
import { stageChunks } from './stage-rows.ts';

const price = (i: number, extra: Partial<FeedPrice> = {}): Sourced<FeedPrice> =>
  feedPrice(`prices.csv line ${i + 2}`, {
    sku: `SKU-${i}`,
    last_seen: '2026-11-07',
    price_cents: 100 + i,
    ...extra,
  });

describe('stageChunks', () => {
  it('sends each row as its values in column order, defaults and trailing nulls left out', () => {
    const { chunks } = stageChunks('b', 'prices', [
      price(0),
      price(1, { store: 'north-ryde', was_cents: 300, promo: 'special', in_stock: false }),
    ]);
    expect(chunks).toEqual([
      {
        batch: 'b',
        kind: 'prices',
        rows: [
          ['prices.csv line 2', 'coles', 'SKU-0', '2026-11-01', 100, 'test', '2026-11-07'],
          [
            'prices.csv line 3',
            'coles',
            'SKU-1',
            '2026-11-01',
            101,
            'test',
            '2026-11-07',
            'north-ryde',
            300,
            'special',
            null,
            null,
            false,
          ],
        ],
      },
    ]);
  });

  it('keeps every body under the limit, every row once and in order (any text, any limit)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: 'grapheme', maxLength: 30 }), { maxLength: 60 }),
        fc.integer({ min: 300, max: 3000 }),
        (names, limit) => {
          const rows = names.map((source, i) => price(i, { source }));
          const { chunks, errors } = stageChunks(
            '00000000-0000-4000-8000-000000000000',
            'prices',
            rows,
            limit,
          );
          for (const chunk of chunks)
            expect(new TextEncoder().encode(JSON.stringify(chunk)).length).toBeLessThanOrEqual(limit);
          const sent = chunks.flatMap((c) => c.rows.map((r) => r[0]));
          const refused = errors.map((e) => e.where);
          expect([...sent, ...refused].sort()).toEqual(rows.map((r) => r.where).sort());
          expect(sent).toEqual(rows.map((r) => r.where).filter((w) => !refused.includes(w)));
        },
      ),
    );
  });

  it('names a row too large to send alone', () => {
    const { chunks, errors } = stageChunks('b', 'prices', [price(0, { source: 'x'.repeat(500) })], 200);
    expect(chunks).toEqual([]);
    expect(errors.map((e) => e.text)).toEqual(['prices.csv line 2: is over 200 bytes on its own']);
  });
});
