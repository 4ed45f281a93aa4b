/**
 * postgres_changes filters as Supabase Realtime parses and applies them: `column=op.value`,
 * several joined by commas (AND), `not.` negates, `in.(a,b)` lists. A filter whose column is not
 * in the change (e.g. a non-key column of a DELETE without replica identity full) hides it.
 */

export interface Filter {
  column: string;
  op: string;
  /** The raw value; for `in`, the list items. */
  value: string | string[];
  negate: boolean;
}

const OPS = new Set(['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in', 'is']);

/** Elixir's inspect of a list of strings, as Supabase's error messages print it. */
const inspectList = (items: string[]): string => `[${items.map((s) => JSON.stringify(s)).join(', ')}]`;

function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === '(') depth++;
    else if (!quoted && ch === ')') depth = Math.max(0, depth - 1);
    if (ch === ',' && depth === 0 && !quoted) {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  parts.push(current);
  return parts;
}

const unquote = (value: string): string =>
  value.length >= 2 && value.startsWith('"') && value.endsWith('"')
    ? value.slice(1, -1).replace(/\\(.)/g, '$1')
    : value;

export function parseFilters(filter: string): { filters: Filter[] } | { error: string } {
  const trimmed = filter.trim();
  if (!trimmed) return { filters: [] };
  const filters: Filter[] = [];
  for (const raw of splitTopLevel(trimmed)) {
    const segment = raw.trim();
    if (!segment) {
      return {
        error:
          'Error parsing `filter` params: filter must not contain empty segments (check for extra commas)',
      };
    }
    const eq = segment.indexOf('=');
    if (eq < 0) return { error: `Error parsing \`filter\` params: ${inspectList([segment])}` };
    const column = segment.slice(0, eq);
    let rest = segment.slice(eq + 1);
    const negate = rest.startsWith('not.');
    if (negate) rest = rest.slice(4);
    const dot = rest.indexOf('.');
    if (dot < 0) return { error: `Error parsing \`filter\` params: ${inspectList([column, rest])}` };
    const op = rest.slice(0, dot);
    const value = rest.slice(dot + 1);
    if (!OPS.has(op)) return { error: `Error parsing \`filter\` params: ${inspectList([op, value])}` };
    if (op === 'in') {
      if (!(value.startsWith('(') && value.endsWith(')'))) {
        return { error: 'Error parsing `filter` params: `in` filter value must be wrapped by parentheses' };
      }
      const inner = value.slice(1, -1);
      filters.push({
        column,
        op,
        negate,
        value: inner ? splitTopLevel(inner).map((v) => unquote(v.trim())) : [],
      });
    } else {
      filters.push({ column, op, negate, value: unquote(value) });
    }
  }
  return { filters };
}

/** Elixir's inspect of the parsed filters, for Supabase's "Unable to subscribe" message. */
export function inspectFilters(filters: Filter[]): string {
  const item = (f: Filter) => {
    const value = Array.isArray(f.value) ? `{${f.value.join(',')}}` : f.value;
    return `{${JSON.stringify(f.column)}, ${JSON.stringify(f.op)}, ${JSON.stringify(value)}, ${f.negate}}`;
  };
  return `[${filters.map(item).join(', ')}]`;
}

const NUMERIC = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid']);
const TIMES = new Set(['timestamp', 'timestamptz']);

/** Compares a change's value with a filter's text as Postgres would after casting to the column type. */
function compare(type: string, actual: unknown, text: string): number | undefined {
  if (NUMERIC.has(type)) {
    const a = Number(actual);
    const b = Number(text);
    if (Number.isNaN(a) || Number.isNaN(b)) return undefined;
    return a - b;
  }
  if (type === 'bool') {
    const b = /^(t|true|y|yes|on|1)$/i.test(text)
      ? true
      : /^(f|false|n|no|off|0)$/i.test(text)
        ? false
        : undefined;
    if (b === undefined) return undefined;
    return Number(actual === true) - Number(b);
  }
  if (TIMES.has(type)) {
    const a = Date.parse(String(actual));
    const b = Date.parse(text);
    if (Number.isNaN(a) || Number.isNaN(b)) return undefined;
    return a - b;
  }
  const a = typeof actual === 'string' ? actual : JSON.stringify(actual);
  const b = type === 'uuid' ? text.toLowerCase() : text;
  return a < b ? -1 : a > b ? 1 : 0;
}

function matches(f: Filter, type: string, actual: unknown): boolean {
  let result: boolean | undefined;
  if (f.op === 'is') {
    const v = String(f.value).toLowerCase();
    result =
      v === 'null'
        ? actual === null
        : v === 'true'
          ? actual === true
          : v === 'false'
            ? actual === false
            : undefined;
  } else if (actual === null || actual === undefined) {
    result = undefined;
  } else if (f.op === 'in') {
    result = (f.value as string[]).some((v) => compare(type, actual, v) === 0);
  } else {
    const c = compare(type, actual, f.value as string);
    if (c !== undefined) {
      result = { eq: c === 0, neq: c !== 0, lt: c < 0, lte: c <= 0, gt: c > 0, gte: c >= 0 }[f.op];
    }
  }
  // An unknown outcome (null, uncastable) hides the change, as a NULL comparison does in SQL.
  if (result === undefined) return false;
  return f.negate ? !result : result;
}

export function passesFilters(
  filters: Filter[],
  row: Record<string, unknown> | null | undefined,
  types: Map<string, string>,
): boolean {
  if (filters.length === 0) return true;
  if (!row) return false;
  return filters.every((f) => f.column in row && matches(f, types.get(f.column) ?? 'text', row[f.column]));
}
