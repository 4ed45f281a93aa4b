import { vi } from 'vitest';

/**
 * Holds reads (GETs through fetch) open until answered, so a test can deliver a live change, or
 * answer a later read first, while a read is on its way. Writes answer 204 at once.
 */
export function holdRead(): {
  sent: (count?: number) => Promise<void>;
  answer: (rows: unknown, nth?: number) => void;
} {
  const waiting: ((rows: unknown) => void)[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
    if ((init?.method ?? 'GET') !== 'GET') return new Response(null, { status: 204 });
    const rows = await new Promise<unknown>((resolve) => waiting.push(resolve));
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
