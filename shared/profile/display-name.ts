/**
 * The display name: the first word of the stored name (spec 9 "The display name is the first
 * word of the stored name"). `'Ada Lovelace'` → `'Ada'`; leading spaces are skipped; any
 * whitespace separates words. Missing or non-string names give `''` (callers show a fallback).
 */
export function displayName(name: unknown): string {
  if (typeof name !== 'string') return '';
  const match = /\S+/u.exec(name);
  return match === null ? '' : match[0];
}
