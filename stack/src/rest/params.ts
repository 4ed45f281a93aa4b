import { type ReadNode, resolvePath } from './build.ts';
import { RestError } from './errors.ts';
import {
  type FieldRef,
  type OrderTerm,
  parseEmbedPath,
  parseFilterValue,
  parseLogic,
  parseOrder,
  parseTreePath,
} from './grammar.ts';

/** Query parameters PostgREST reserves (QueryParams.hs); every other key is a filter. */
const RESERVED = new Set(['select', 'columns', 'on_conflict']);
const EMBEDDABLE = new Set(['order', 'limit', 'offset', 'and', 'or']);

const lastSegment = (key: string): string => key.slice(key.lastIndexOf('.') + 1);

/**
 * Attaches filters, logic trees, orders and limits from the query string to the nodes of a
 * read plan. `skip` names keys that are not filters (an RPC's arguments).
 */
export function applyQueryParams(
  root: ReadNode,
  search: URLSearchParams,
  skip: Set<string> = new Set(),
): void {
  for (const [key, value] of search) {
    if (RESERVED.has(key) || skip.has(key)) continue;
    const last = lastSegment(key);
    if (EMBEDDABLE.has(last)) {
      if (value === '') continue;
      applyModifier(root, key, last, value);
      continue;
    }
    if (value === '') continue;
    const { path, field } = parseTreePath(key);
    const expr = parseFilterValue(value);
    const node = resolvePath(root, path, 'filter');
    // A filter on an embedded resource itself: only `is.null` / `not.is.null` (PGRST120 otherwise).
    const child = field.json.length === 0 ? node.children.find((c) => c.pathName === field.name) : undefined;
    if (child && !node.table.columns.has(field.name)) {
      if (expr.op.kind !== 'is' || (expr.op.value !== 'null' && expr.op.value !== 'not_null')) {
        throw new RestError(
          400,
          'PGRST120',
          `Bad operator on the '${field.name}' embedded resource`,
          'Only is null or not is null filters are allowed on embedded resources',
        );
      }
      const isNull = (expr.op.value === 'null') !== expr.negate;
      node.embedNullFilters.push({ child, isNull });
      continue;
    }
    node.filters.push({ field, expr });
  }
}

function applyModifier(root: ReadNode, key: string, last: string, value: string): void {
  const path =
    key === last ? [] : parseEmbedPath(key, last === 'and' || last === 'or' ? 'logic path' : 'tree path');
  if (last === 'and' || last === 'or') {
    const negate = path[path.length - 1] === 'not';
    const nodePath = negate ? path.slice(0, -1) : path;
    const node = resolvePath(root, nodePath, last);
    node.logic.push(parseLogic(last, negate, value));
    return;
  }
  const node = resolvePath(root, path, last);
  if (last === 'order') {
    node.order = parseOrder(value);
    return;
  }
  const n = Number(value);
  // Like PostgREST (readMaybe), a value that is not a number is ignored.
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n)) {
    if (/^-\d+$/.test(value) && last === 'limit') {
      throw new RestError(
        416,
        'PGRST103',
        'Requested range not satisfiable',
        'Limit should be greater than or equal to zero.',
      );
    }
    return;
  }
  if (last === 'limit') node.limit = n;
  else node.offset = n;
}

/** Combines `Range: a-b` with the top-level limit/offset, as PostgREST's restrictRange does. */
export function applyRangeHeader(root: ReadNode, header: string | undefined): void {
  if (!header) return;
  const m = /^\s*(?:items=)?(\d+)-(\d*)\s*$/.exec(header);
  if (!m) return;
  const from = Number(m[1]);
  const to = m[2] === '' ? undefined : Number(m[2]);
  if (to !== undefined && from > to) {
    throw new RestError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
    );
  }
  const qFrom = root.offset ?? 0;
  const qTo = root.limit !== undefined ? qFrom + root.limit - 1 : undefined;
  const lo = Math.max(from, qFrom);
  const hiCandidates = [to, qTo].filter((x): x is number => x !== undefined);
  const hi = hiCandidates.length > 0 ? Math.min(...hiCandidates) : undefined;
  root.offset = lo;
  if (hi !== undefined) root.limit = Math.max(0, hi - lo + 1);
}

export type { FieldRef, OrderTerm };

/** PostgREST's db-max-rows: the top-level range never returns more rows than this. */
export function applyMaxRows(root: ReadNode, maxRows: number | undefined): void {
  if (maxRows === undefined) return;
  root.limit = root.limit === undefined ? maxRows : Math.min(root.limit, maxRows);
}
