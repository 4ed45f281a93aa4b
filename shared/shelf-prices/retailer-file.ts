/** What the readers of retailers' own files (Aldi's search, hotprices-au) share. */
import { type FeedRead, feedError } from './feed.ts';

/**
 * Calls `read` with each item of a retailer's file that is an object, and its index; any other
 * item is an error at `${place} ${i}` ('aldi.json product 4: must be an object').
 */
export function eachItem(
  items: readonly unknown[],
  place: string,
  out: FeedRead,
  read: (item: Record<string, unknown>, i: number) => void,
): void {
  items.forEach((item, i) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      out.errors.push(feedError(`${place} ${i}`, null, 'must be an object'));
      return;
    }
    read(item as Record<string, unknown>, i);
  });
}

/** An item's name as its errors quote it (` 'Bananas'`), cut at 40 characters; '' for none. */
export function quotedName(name: unknown): string {
  if (typeof name !== 'string') return '';
  return ` '${name.length > 40 ? `${name.slice(0, 40)}…` : name}'`;
}
