import { vi } from 'vitest';

/**
 * Holds reads (GETs through fetch) of `table` open until answered, so a test can deliver a live
 * change, or answer a later read first, while a read is on its way. Other reads answer no rows
 * and writes 204 at once: test files share a worker's fetch, and one may still be retrying a
 * read of its own.
 */
export function holdRead(table: string): {
  sent: (count?: number) => Promise<void>;
  answer: (rows: unknown, nth?: number) => void;
} {
  const waiting: ((rows: unknown) => void)[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    if ((init?.method ?? 'GET') !== 'GET') return new Response(null, { status: 204 });
    const held = String(input).includes(`/rest/v1/${table}?`);
    const rows = held ? await new Promise<unknown>((resolve) => waiting.push(resolve)) : [];
    return new Response(JSON.stringify(rows), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return {
    /** Resolves once `count` reads have been sent. */
    async sent(count = 1) {
      for (let i = 0; i < 200 && waiting.length < count; i++) await new Promise((r) => setTimeout(r, 5));
    },
    /** Answers the `nth` read sent (the first by default). */
    answer: (rows, nth = 0) => waiting[nth]?.(rows),
  };
}
