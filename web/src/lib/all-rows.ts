/**
 * Rows per read: PostgREST's db-max-rows, which Supabase sets to 1,000 (`[api] max_rows`). A read
 * of a longer table gets only that many, with no error, so lists that can grow past it (a pantry
 * of 1,000 items, 2,000 recipes) are read a page at a time.
 */
export const PAGE_ROWS = 1000;

interface Page<T> {
  data: T[] | null;
  error: unknown;
}

/**
 * Every row of a read, page after page until a short page. `read` must order by something unique
 * (end with the id) so that no row falls between two pages.
 */
export async function allRows<T>(read: (from: number, to: number) => PromiseLike<Page<T>>): Promise<T[]> {
  const rows: T[] = [];
  for (let from = 0; ; from += PAGE_ROWS) {
    const { data, error } = await read(from, from + PAGE_ROWS - 1);
    if (error) throw error;
    const page = data ?? [];
    rows.push(...page);
    if (page.length < PAGE_ROWS) return rows;
  }
}
