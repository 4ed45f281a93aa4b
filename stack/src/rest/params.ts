import { type ReadNode, resolvePath } from './build.ts';
import { RestError } from './errors.ts';
import { parseEmbedPath, parseFilterValue, parseLogic, parseOrder, parseTreePath } from './grammar.ts';

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
  // Like PostgREST (readMaybe), a value that is not an integer is ignored. Negative values are
  // kept: the top level clips them (resolveTopRange); in an embed PostgreSQL refuses them.
  if (!/^-?\d+$/.test(value) || !Number.isSafeInteger(Number(value))) return;
  if (last === 'limit') node.limit = Number(value);
  else node.offset = Number(value);
}

/** A range of row positions as PostgREST's NonnegRange; `upper` is Infinity when unbounded. */
interface RowRange {
  lower: number;
  upper: number;
}

const ALL: RowRange = { lower: 0, upper: Number.POSITIVE_INFINITY };
const isEmpty = (r: RowRange): boolean => r.lower > r.upper;
const intersect = (a: RowRange, b: RowRange): RowRange =>
  isEmpty(a) || isEmpty(b)
    ? { lower: 1, upper: 0 }
    : { lower: Math.max(a.lower, b.lower), upper: Math.min(a.upper, b.upper) };

/** PostgREST's rangeParse: `first-[last]` in digits only; anything else means every row. */
function headerRange(header: string | undefined): RowRange {
  const m = header === undefined ? null : /^([0-9]+)-([0-9]*)$/.exec(header);
  if (!m) return ALL;
  return { lower: Number(m[1]), upper: m[2] === '' ? Number.POSITIVE_INFINITY : Number(m[2]) };
}

/**
 * The top-level range of a read, as PostgREST's getRanges (ApiRequest.hs) makes it from
 * `limit`, `offset` and the `Range` header: `offset` is the lower bound and `limit` sets the
 * upper one (offset + limit - 1); the result is cut to positions >= 0 and to the header's
 * range. A negative offset is so a no-op (test/spec/Feature/Query/RangeSpec.hs "succeeds if
 * offset is negative as a no-op"), though with a limit it still lowers the upper bound. An
 * empty range is PGRST103, unless its upper bound is -1 (`limit=0`).
 */
export function resolveTopRange(root: ReadNode, header: string | undefined): void {
  const offset = root.offset ?? 0;
  const fromParams: RowRange = {
    lower: offset,
    upper: root.limit === undefined ? Number.POSITIVE_INFINITY : offset + root.limit - 1,
  };
  const limitZero = fromParams.upper === -1;
  const requested = headerRange(header);
  const top = limitZero ? { lower: 0, upper: -1 } : intersect(requested, fromParams);
  if (!limitZero && isEmpty(top)) {
    throw new RestError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      isEmpty(requested)
        ? 'The lower boundary must be lower than or equal to the upper boundary in the Range header.'
        : 'Limit should be greater than or equal to zero.',
    );
  }
  root.offset = top.lower;
  if (top.upper === Number.POSITIVE_INFINITY) delete root.limit;
  else root.limit = top.upper - top.lower + 1;
}

/** PostgREST's db-max-rows: the top-level range never returns more rows than this. */
export function applyMaxRows(root: ReadNode, maxRows: number | undefined): void {
  if (maxRows === undefined) return;
  root.limit = root.limit === undefined ? maxRows : Math.min(root.limit, maxRows);
}
