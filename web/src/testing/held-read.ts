import { vi } from 'vitest';

/**
 * Holds the next read (a GET through fetch) open until `answer` is called with its rows, so a
 * test can deliver a live change while the read is on its way. Writes answer 204 at once.
 */
export function holdRead(): { sent: () => Promise<void>; answer: (rows: unknown) => void } {
  let answer: (rows: unknown) => void = () => undefined;
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
    if ((init?.method ?? 'GET') !== 'GET') return new Response(null, { status: 204 });
    const rows = await new Promise<unknown>((resolve) => {
      answer = resolve;
    });
    return new Response(JSON.stringify(rows), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  const isRead = ([, init]: Parameters<typeof fetch>) => (init?.method ?? 'GET') === 'GET';
  return {
    /** Resolves once the read has been sent. */
    async sent() {
      for (let i = 0; i < 200 && !spy.mock.calls.some(isRead); i++)
        await new Promise((r) => setTimeout(r, 5));
    },
    answer: (rows) => answer(rows),
  };
}
