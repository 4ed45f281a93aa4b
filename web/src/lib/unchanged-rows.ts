/** Each row's JSON, kept beside the row so a reload compares it without writing it out again. */
const written = new WeakMap<object, string>();

function jsonOf(row: object): string {
  let text = written.get(row);
  if (text === undefined) {
    text = JSON.stringify(row);
    written.set(row, text);
  }
  return text;
}

/**
 * A reload's rows with every row equal to the one it replaces swapped for that one, and whether
 * anything changed at all. A realtime channel's join refetches everything (a change between the
 * first read and the join would otherwise be lost); when nothing changed, the store keeps its
 * rows as they were and the screen draws nothing again.
 */
export function keepUnchanged<T extends object>(
  previous: readonly T[],
  next: readonly T[],
  keyOf: (row: T) => string | number,
): { rows: T[]; changed: boolean } {
  const before = new Map(previous.map((row) => [keyOf(row), row]));
  let changed = previous.length !== next.length;
  const rows = next.map((row, i) => {
    const old = before.get(keyOf(row));
    if (old !== undefined && jsonOf(old) === jsonOf(row)) {
      if (previous[i] !== old) changed = true;
      return old;
    }
    changed = true;
    return row;
  });
  return { rows, changed };
}
