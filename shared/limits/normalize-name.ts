/**
 * A name as it is stored: surrounding white space trimmed and every inner run of white space
 * (spaces, tabs, line breaks) made one space, so 'red   onion' and ' red onion' are the same
 * item. The database applies the same rule in a trigger (`private.normalize_name`), checked
 * against this one by `stack/tests/field-limits.test.ts`. A non-string is ''.
 */
export function normalizeName(text: string): string {
  if (typeof text !== 'string') return '';
  return text.trim().replace(/\s+/g, ' ');
}

/** One tag as stored: a name, lower case (the database's trigger applies the same rule). */
export function normalizeTag(tag: string): string {
  return normalizeName(tag).toLowerCase();
}
