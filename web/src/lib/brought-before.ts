/**
 * Which Grocy file was last brought into a household's pantry or shopping list, on this device:
 * bringing the same stock or list again adds its amounts again, so the preview warns first.
 */
interface Brought {
  checksum: string;
  /** The day it was brought (YYYY-MM-DD). */
  on: string;
}

const keyFor = (list: string, householdId: string) => `larder.grocy-brought.${list}.${householdId}`;

/** The day this file (by checksum) was brought into this list, or null. */
export function broughtBefore(list: string, householdId: string, checksum: string): string | null {
  try {
    const saved = JSON.parse(localStorage.getItem(keyFor(list, householdId)) ?? 'null') as Brought | null;
    return saved?.checksum === checksum && typeof saved.on === 'string' ? saved.on : null;
  } catch {
    return null;
  }
}

export function rememberBrought(list: string, householdId: string, checksum: string, on: string): void {
  try {
    localStorage.setItem(keyFor(list, householdId), JSON.stringify({ checksum, on } satisfies Brought));
  } catch {
    // Storage full or refused: the warning is a courtesy, the items are added all the same.
  }
}
