import type { MockInstance } from 'vitest';

/**
 * What a fetch spy was asked, as "METHOD url". Test files share a worker's fetch (Vitest's vm
 * pool), and one may still be retrying a read of its own, so a test looks for the requests its
 * screen would send rather than counting every call.
 */
export function requests(fetch: MockInstance<typeof globalThis.fetch>): string[] {
  return fetch.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`);
}
