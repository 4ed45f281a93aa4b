import { describe, expect, it } from 'vitest';
import { allRows, PAGE_ROWS } from './all-rows.ts';

/** A table of `n` rows served as PostgREST serves it: at most PAGE_ROWS per read. */
const table = (n: number) => {
  const reads: [number, number][] = [];
  const read = async (from: number, to: number) => {
    reads.push([from, to]);
    const rows = Array.from({ length: n }, (_, i) => i).slice(from, Math.min(to + 1, from + PAGE_ROWS));
    return { data: rows, error: null };
  };
  return { reads, read };
};

describe('allRows', () => {
  it.each([0, 1, PAGE_ROWS - 1, PAGE_ROWS, PAGE_ROWS + 1, 2 * PAGE_ROWS + 7])(
    'reads all %i rows, in order, a page at a time',
    async (n) => {
      const { reads, read } = table(n);
      const rows = await allRows(read);
      expect(rows).toEqual(Array.from({ length: n }, (_, i) => i));
      expect(reads).toHaveLength(Math.floor(n / PAGE_ROWS) + 1);
      expect(reads[1] ?? [PAGE_ROWS, 2 * PAGE_ROWS - 1]).toEqual([PAGE_ROWS, 2 * PAGE_ROWS - 1]);
    },
  );

  it('throws the first error and reads no further', async () => {
    const failure = { code: '57014', message: 'canceling statement due to statement timeout' };
    let reads = 0;
    await expect(
      allRows(async () => {
        reads++;
        return { data: null, error: failure };
      }),
    ).rejects.toBe(failure);
    expect(reads).toBe(1);
  });
});
