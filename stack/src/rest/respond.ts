import { singularityError } from './errors.ts';
import type { MediaChoice, Preferences } from './prefer.ts';

/** What a handler produces; index.ts writes it. */
export interface Outcome {
  status: number;
  headers: Record<string, string>;
  body?: string;
}

export const JSON_TYPE = 'application/json; charset=utf-8';
export const OBJECT_TYPE = 'application/vnd.pgrst.object+json; charset=utf-8';

/** PostgREST's contentRangeH: `lower-upper/total`, `*` when empty or out of range. */
export function contentRange(lower: number, upper: number, total: number | undefined): string {
  const range = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*';
  return `${range}/${total === undefined ? '*' : total}`;
}

/** PostgREST's rangeStatusHeader for reads. */
export function rangeStatus(lower: number, rows: number, total: number | undefined): number {
  if (total === undefined) return 200;
  const upper = lower + rows - 1;
  if (lower > total) return 416;
  if (1 + upper - lower < total) return 206;
  return 200;
}

export function preferenceApplied(prefs: Preferences, keys: (keyof Preferences)[]): Record<string, string> {
  const applied = keys.filter((k) => prefs[k] !== undefined).map((k) => `${k}=${String(prefs[k])}`);
  return applied.length > 0 ? { 'Preference-Applied': applied.join(', ') } : {};
}

/** The body for the negotiated media type: the array, its only element, or CSV. */
export function shapeBody(
  arrayJson: string,
  rows: number,
  one: string | null,
  media: MediaChoice,
): {
  body: string;
  type: string;
} {
  if (media.single) {
    if (rows !== 1) throw singularityError(rows);
    return { body: one ?? 'null', type: OBJECT_TYPE };
  }
  if (media.csv)
    return {
      body: toCsv(JSON.parse(arrayJson) as Record<string, unknown>[]),
      type: 'text/csv; charset=utf-8',
    };
  return { body: arrayJson, type: JSON_TYPE };
}

function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function toCsv(rows: Record<string, unknown>[]): string {
  if (rows.length === 0) return '';
  const keys = Object.keys(rows[0]!);
  return [keys.map(csvCell).join(','), ...rows.map((r) => keys.map((k) => csvCell(r[k])).join(','))].join(
    '\n',
  );
}
