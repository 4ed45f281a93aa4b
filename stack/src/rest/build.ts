import { parseError, RestError, undefinedColumn } from './errors.ts';
import type { FieldRef, Filter, LogicTree, OpExpr, OrderTerm, SelectItem } from './grammar.ts';
import { findRelationship, type Relationship } from './relations.ts';
import type { SchemaCache, Table } from './schema.ts';

/** Bound parameters: every value from the request reaches SQL as `$n`, never as text. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

export const ident = (name: string): string => `"${name.replaceAll('"', '""')}"`;
export const qualified = (table: string): string => `"public".${ident(table)}`;

/** One level of a read: a table (or a CTE standing for it) with its fields, embeds and modifiers. */
export interface ReadNode {
  table: Table;
  alias: string;
  /** The key of this node in its parent's JSON, and the name used in `a.b.col` paths. */
  name: string;
  pathName: string;
  rel?: Relationship;
  join?: 'inner' | 'left';
  spread: boolean;
  fields: Extract<SelectItem, { kind: 'field' }>[];
  children: ReadNode[];
  filters: Filter[];
  logic: LogicTree[];
  /** `embed=is.null` / `embed=not.is.null` filters on child embeds. */
  embedNullFilters: { child: ReadNode; isNull: boolean }[];
  order: OrderTerm[];
  limit?: number;
  offset?: number;
  /** A count-only embed (`rel(count)`). */
  countOnly?: boolean;
}

/**
 * The deepest embedding a read may ask for (`a(b(c(…)))`, the top level being 0). PostgREST has
 * no such limit; the stack does because a cyclic embed grows its result about tenfold per level
 * and a few hundred characters of `select` could otherwise exhaust the database for everyone
 * (docs/architecture.md, "Limits on one request"). The app embeds two levels deep.
 */
export const MAX_EMBED_DEPTH = 6;

export class Planner {
  #next = 0;
  constructor(readonly schema: SchemaCache) {}

  alias(): string {
    return `_t${this.#next++}`;
  }

  node(table: Table, items: SelectItem[], name: string, alias = this.alias(), depth = 0): ReadNode {
    if (depth > MAX_EMBED_DEPTH) {
      throw new RestError(
        400,
        'PGRST100',
        `"select" embeds resources ${depth} levels deep; at most ${MAX_EMBED_DEPTH} are allowed`,
        `'${name}' is embedded at level ${depth}`,
        'Embed fewer levels, or read the deeper resources with a request of their own.',
      );
    }
    const node: ReadNode = {
      table,
      alias,
      name,
      pathName: name,
      spread: false,
      fields: [],
      children: [],
      filters: [],
      logic: [],
      embedNullFilters: [],
      order: [],
    };
    for (const item of items) {
      if (item.kind === 'field') {
        if (item.aggregate) {
          throw new RestError(400, 'PGRST123', 'Use of aggregate functions is not allowed');
        }
        if (item.field.name !== '*' && !table.columns.has(item.field.name)) {
          throw undefinedColumn(table.name, item.field.name);
        }
        node.fields.push(item);
        continue;
      }
      const rel = findRelationship(this.schema, table, item.name, item.hint);
      // `rel(count)`: Supabase's documented count of related rows (`[{count: n}]`).
      const countOnly =
        item.children.length === 1 &&
        item.children[0]!.kind === 'field' &&
        item.children[0]!.field.name === 'count' &&
        item.children[0]!.field.json.length === 0 &&
        !rel.target.columns.has('count');
      const child = this.node(
        rel.target,
        countOnly ? [] : item.children,
        item.alias ?? item.name,
        this.alias(),
        depth + 1,
      );
      if (countOnly) child.countOnly = true;
      child.rel = rel;
      child.spread = item.spread;
      if (item.join) child.join = item.join;
      if (item.spread && !rel.toOne) {
        throw new RestError(
          400,
          'PGRST127',
          'Feature not implemented',
          `A spread on '${item.name}' is only supported for to-one relationships in the local stack`,
        );
      }
      node.children.push(child);
    }
    if (items.length === 0 && node.children.length === 0) node.fields = [];
    return node;
  }
}

/** Finds the embedded node a `a.b` path names (alias if it has one, else its relation name). */
export function resolvePath(root: ReadNode, path: string[], forWhat: string): ReadNode {
  let node = root;
  for (const name of path) {
    const next = node.children.find((c) => c.pathName === name);
    if (!next) {
      throw new RestError(
        400,
        'PGRST108',
        `'${name}' is not an embedded resource in this request`,
        null,
        `Verify that '${name}' is included in the 'select' query parameter.`,
      );
    }
    node = next;
  }
  void forWhat;
  return node;
}

function columnExpr(node: ReadNode, field: FieldRef, params: Params): string {
  if (!node.table.columns.has(field.name)) throw undefinedColumn(node.table.name, field.name);
  let sql = `${node.alias}.${ident(field.name)}`;
  for (const op of field.json) {
    const key = op.index ? `${params.add(op.key)}::int` : `${params.add(op.key)}::text`;
    sql = `${sql}${op.arrow}${key}`;
  }
  return sql;
}

const CAST_TYPE = /^[A-Za-z_][A-Za-z0-9_ ]*(\[\])?$/;

function castSql(expr: string, cast: string | undefined): string {
  if (!cast) return expr;
  // Type names are checked to be plain words, so they cannot carry SQL.
  if (!CAST_TYPE.test(cast)) throw parseError('select parameter', cast, 0, 'invalid cast');
  return `CAST(${expr} AS ${cast})`;
}

function pgArrayLiteral(values: string[]): string {
  return `{${values.map((v) => `"${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;
}

const QUANT_SQL: Record<string, string> = {
  eq: '=',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'LIKE',
  ilike: 'ILIKE',
  match: '~',
  imatch: '~*',
};
const SIMPLE_SQL: Record<string, string> = {
  neq: '<>',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
};
const FTS_SQL: Record<string, string> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
};

/** One filter as SQL, following PostgREST's pgFmtFilter (SqlFragment.hs). */
export function filterSql(node: ReadNode, field: FieldRef, expr: OpExpr, params: Params): string {
  const col = columnExpr(node, field, params);
  const op = expr.op;
  let sql: string;
  switch (op.kind) {
    case 'in':
      sql =
        op.values.length === 1 && op.values[0] === ''
          ? `${col} = ANY('{}')`
          : `${col} = ANY(${params.add(pgArrayLiteral(op.values))})`;
      break;
    case 'is': {
      const words = { null: 'NULL', not_null: 'NOT NULL', true: 'TRUE', false: 'FALSE', unknown: 'UNKNOWN' };
      sql = `${col} IS ${words[op.value]}`;
      break;
    }
    case 'isdistinct':
      sql = `${col} IS DISTINCT FROM ${params.add(op.value)}`;
      break;
    case 'simple':
      sql = `${col} ${SIMPLE_SQL[op.op]} ${params.add(op.value)}`;
      break;
    case 'quant': {
      const like = op.op === 'like' || op.op === 'ilike';
      const value = like ? op.value.replaceAll('*', '%') : op.value;
      const p = params.add(value);
      sql = `${col} ${QUANT_SQL[op.op]} ${op.quant ? `${op.quant.toUpperCase()}(${p})` : p}`;
      break;
    }
    case 'fts': {
      const column = node.table.columns.get(field.name);
      const lang = op.lang !== undefined ? `${params.add(op.lang)}::regconfig, ` : '';
      const target =
        column?.typname === 'tsvector' && field.json.length === 0 ? col : `to_tsvector(${lang}${col})`;
      sql = `${target} @@ ${FTS_SQL[op.op]}(${lang}${params.add(op.value)})`;
      break;
    }
  }
  return expr.negate ? `NOT (${sql})` : sql;
}

export function logicSql(node: ReadNode, tree: LogicTree, params: Params): string {
  if (tree.kind === 'filter') return filterSql(node, tree.filter.field, tree.filter.expr, params);
  const parts = tree.children.map((c) => `(${logicSql(node, c, params)})`);
  const sql = parts.join(tree.op === 'and' ? ' AND ' : ' OR ');
  return tree.negate ? `NOT (${sql})` : sql;
}

/** The condition joining a child node to its parent. */
function joinSql(parentAlias: string, child: ReadNode, planner: Planner): string {
  const rel = child.rel!;
  if (rel.junction) {
    const j = planner.alias();
    const conds = [
      ...rel.junction.sourcePairs.map(([jc, sc]) => `${j}.${ident(jc)} = ${parentAlias}.${ident(sc)}`),
      ...rel.junction.targetPairs.map(([jc, tc]) => `${j}.${ident(jc)} = ${child.alias}.${ident(tc)}`),
    ];
    return `EXISTS (SELECT 1 FROM ${qualified(rel.junction.table.name)} AS ${j} WHERE ${conds.join(' AND ')})`;
  }
  return rel.pairs
    .map(([sc, tc]) => `${child.alias}.${ident(tc)} = ${parentAlias}.${ident(sc)}`)
    .join(' AND ');
}

/** WHERE conditions of a node (its filters, logic, inner embeds, embed null filters). */
export function whereSql(node: ReadNode, params: Params, planner: Planner): string[] {
  const conds: string[] = [];
  for (const f of node.filters) conds.push(filterSql(node, f.field, f.expr, params));
  for (const t of node.logic) conds.push(`(${logicSql(node, t, params)})`);
  for (const child of node.children) {
    if (child.join === 'inner') conds.push(existsSql(node, child, params, planner));
  }
  for (const { child, isNull } of node.embedNullFilters) {
    const exists = existsSql(node, child, params, planner);
    conds.push(isNull ? `NOT ${exists}` : exists);
  }
  return conds;
}

function existsSql(parent: ReadNode, child: ReadNode, params: Params, planner: Planner): string {
  const conds = [joinSql(parent.alias, child, planner), ...whereSql(child, params, planner)];
  return `EXISTS (SELECT 1 FROM ${qualified(child.table.name)} AS ${child.alias} WHERE ${conds.join(' AND ')})`;
}

function orderSql(node: ReadNode, params: Params, planner: Planner): string {
  if (node.order.length === 0) return '';
  const terms = node.order.map((t) => {
    let expr: string;
    if (t.relation !== undefined) {
      const child = node.children.find((c) => c.pathName === t.relation);
      if (!child) {
        throw new RestError(
          400,
          'PGRST108',
          `'${t.relation}' is not an embedded resource in this request`,
          null,
          `Verify that '${t.relation}' is included in the 'select' query parameter.`,
        );
      }
      if (!child.rel!.toOne) {
        throw new RestError(
          400,
          'PGRST118',
          `A related order on '${t.relation}' is not possible`,
          `'${node.table.name}' and '${t.relation}' do not form a many-to-one or one-to-one relationship`,
        );
      }
      const col = columnExpr(child, t.field, params);
      expr = `(SELECT ${col} FROM ${qualified(child.table.name)} AS ${child.alias} WHERE ${joinSql(node.alias, child, planner)})`;
    } else {
      expr = columnExpr(node, t.field, params);
    }
    const dir = t.direction === 'desc' ? ' DESC' : t.direction === 'asc' ? ' ASC' : '';
    const nulls = t.nulls === 'first' ? ' NULLS FIRST' : t.nulls === 'last' ? ' NULLS LAST' : '';
    return `${expr}${dir}${nulls}`;
  });
  return ` ORDER BY ${terms.join(', ')}`;
}

function limitSql(node: ReadNode, params: Params): string {
  let sql = '';
  if (node.limit !== undefined) sql += ` LIMIT ${params.add(node.limit)}::bigint`;
  if (node.offset !== undefined && node.offset > 0) sql += ` OFFSET ${params.add(node.offset)}::bigint`;
  return sql;
}

/** The select list of a node: its columns and, as correlated subqueries, its embeds. */
export function selectListSql(
  node: ReadNode,
  params: Params,
  planner: Planner,
): { list: string; laterals: string } {
  const cols: string[] = [];
  let laterals = '';
  const fields = node.fields.length === 0 && node.children.length === 0 ? [] : node.fields;
  for (const f of fields) {
    if (f.field.name === '*') {
      for (const c of node.table.columnList) cols.push(`${node.alias}.${ident(c.name)} AS ${ident(c.name)}`);
      continue;
    }
    const expr = castSql(columnExpr(node, f.field, params), f.cast);
    const lastKey = f.field.json.length > 0 ? f.field.json[f.field.json.length - 1]!.key : f.field.name;
    cols.push(`${expr} AS ${ident(f.alias ?? lastKey)}`);
  }
  for (const child of node.children) {
    if (child.spread) {
      const inner = childSelectSql(node, child, params, planner);
      const lat = `${child.alias}_s`;
      laterals += ` ${child.join === 'inner' ? 'JOIN' : 'LEFT JOIN'} LATERAL (${inner}) AS ${lat} ON TRUE`;
      cols.push(`${lat}.*`);
      continue;
    }
    const inner = childSelectSql(node, child, params, planner);
    let embed: string;
    if (child.countOnly) {
      embed = `(SELECT json_build_array(json_build_object('count', count(*))) FROM (${inner}) _e)`;
    } else if (child.rel!.toOne) {
      embed = `(SELECT row_to_json(_e) FROM (${inner}) _e)`;
    } else {
      embed = `(SELECT coalesce(json_agg(_e), '[]'::json) FROM (${inner}) _e)`;
    }
    // Once per parent row: often enough to stop an embed that explodes, rare enough to cost nothing.
    if (planner.schema.guardEmbeds) embed = `CASE WHEN _stack.on_time() THEN ${embed} END`;
    cols.push(`${embed} AS ${ident(child.name)}`);
  }
  // An empty select (`select=`) gives empty objects, as PostgREST does: PostgreSQL allows `SELECT FROM`.
  return { list: cols.join(', '), laterals };
}

function childSelectSql(parent: ReadNode, child: ReadNode, params: Params, planner: Planner): string {
  const { list, laterals } = selectListSql(child, params, planner);
  const conds = [joinSql(parent.alias, child, planner), ...whereSql(child, params, planner)];
  return `SELECT ${list} FROM ${qualified(child.table.name)} AS ${child.alias}${laterals} WHERE ${conds.join(' AND ')}${orderSql(child, params, planner)}${limitSql(child, params)}`;
}

/**
 * The top-level SELECT of a node over `from` (a table, a CTE of mutated rows, or a function
 * call), with its WHERE conditions returned separately so a count can reuse them.
 */
export function rootSelectSql(
  node: ReadNode,
  from: string,
  params: Params,
  planner: Planner,
  opts: { where?: boolean; order?: boolean; limit?: boolean } = {},
): { sql: string; where: string } {
  const { list, laterals } = selectListSql(node, params, planner);
  const conds = opts.where === false ? [] : whereSql(node, params, planner);
  const where = conds.length > 0 ? ` WHERE ${conds.join(' AND ')}` : '';
  const order = opts.order === false ? '' : orderSql(node, params, planner);
  const limit = opts.limit === false ? '' : limitSql(node, params);
  return { sql: `SELECT ${list} FROM ${from} AS ${node.alias}${laterals}${where}${order}${limit}`, where };
}
