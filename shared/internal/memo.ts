/** Keys longer than this are computed every time, so a cache never holds large strings. */
export const MEMO_MAX_KEY_LENGTH = 200;

/**
 * Memoises a pure function of a string in a bounded map (cleared when full). Recipe data repeats
 * the same few hundred ingredient names, units, quantities and pack measures, so the normalising
 * work runs once per distinct string. Internal helper.
 */
export function memoByString<V>(limit: number, compute: (key: string) => V): (key: string) => V {
  const cache = new Map<string, V>();
  return (key: string): V => {
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    const value = compute(key);
    if (key.length <= MEMO_MAX_KEY_LENGTH) {
      if (cache.size >= limit) cache.clear();
      cache.set(key, value);
    }
    return value;
  };
}
