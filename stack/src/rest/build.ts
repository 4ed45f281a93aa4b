import { parseError, RestError } from './errors.ts';
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
export const qualified = (schema: string, name: string): string => `${ident(schema)}.${ident(name)}`;
export const tableSql = (table: Table): string => qualified(table.schema, table.name);

export type SelectField = Extract<SelectItem, { kind: 'field' }>;

/** One level of a read: a relation (or a CTE or call standing for it) with its fields, embeds and modifiers. */
export interface ReadNode {
  table: Table;
  alias: string;
  /** The key of this node in its parent's JSON, and the name used in `a.b.col` paths. */
  name: string;
  pathName: string;
  /** How PostgREST names this relation in SQL (and so in PostgreSQL's messages): `t`, `t_1`, … */
  pgName: string;
  rel?: Relationship;
  join?: 'inner' | 'left';
  spread: boolean;
  fields: SelectField[];
  children: ReadNode[];
  filters: Filter[];
  logic: LogicTree[];
  /** `embed=is.null` / `embed=not.is.null` filters on child embeds. */
  embedNullFilters: { child: ReadNode; isNull: boolean }[];
  order: OrderTerm[];
  limit?: number;
  offset?: number;
  /** This node's row as a value of the table's row type (computed fields and relationships take it). */
  rowExpr: string;
}

/**
 * The deepest embedding a read may ask for (`a(b(c(…)))`, the top level being 0). PostgREST has
 * no such limit; the stack does because a cyclic embed grows its result about tenfold per level
 * and a few hundred characters of `select` could otherwise exhaust the database for everyone
 * (docs/architecture.md, "Limits on one request"). The app embeds two levels deep.
 */
export const MAX_EMBED_DEPTH = 6;

/** A node's row built from its columns: for sources (a CTE of written rows) that are not of the table's type. */
export const rowOf = (table: Table, alias: string): string =>
  `ROW(${table.columnList.map((c) => `${alias}.${ident(c.name)}`).join(', ')})::${tableSql(table)}`;

export interface PlannerOptions {
  /** PostgREST's db-aggregates-enabled. */
  aggregates?: boolean;
}

export class Planner {
  #next = 0;
  constructor(
    readonly schema: SchemaCache,
    readonly options: PlannerOptions = {},
  ) {}

  alias(): string {
    return `_t${this.#next++}`;
  }

  /** The plan of a read from `table`: its select tree, relationships resolved. */
  root(table: Table, items: SelectItem[], rowExpr?: (alias: string) => string): ReadNode {
    const alias = this.alias();
    const node = this.node(table, items, table.name, alias, 0, rowExpr ? rowExpr(alias) : alias);
    // As PostgREST's validateAggFunctions, after the relationships are found.
    if (!this.options.aggregates && hasAggregate(node)) {
      throw new RestError(400, 'PGRST123', 'Use of aggregate functions is not allowed');
    }
    return node;
  }

  node(
    table: Table,
    items: SelectItem[],
    name: string,
    alias: string,
    depth: number,
    rowExpr: string,
  ): ReadNode {
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
      pgName: depth === 0 ? table.name : `${table.name}_${depth}`,
      spread: false,
      fields: [],
      children: [],
      filters: [],
      logic: [],
      embedNullFilters: [],
      order: [],
      rowExpr,
    };
    for (const item of items) {
      if (item.kind === 'field') {
        node.fields.push(item);
        continue;
      }
      const rel = findRelationship(this.schema, table, item.name, item.hint);
      // PostgREST 12's validateSpreadEmbeds: a spread needs a to-one relationship.
      if (item.spread && !rel.toOne) {
        throw new RestError(
          400,
          'PGRST119',
          `A spread operation on '${item.name}' is not possible`,
          `'${name}' and '${item.name}' do not form a many-to-one or one-to-one relationship`,
        );
      }
      const childAlias = this.alias();
      const child = this.node(
        rel.target,
        item.children,
        item.alias ?? item.name,
        childAlias,
        depth + 1,
        childAlias,
      );
      child.pathName = item.alias ?? item.name;
      child.rel = rel;
      child.spread = item.spread;
      if (item.join) child.join = item.join;
      node.children.push(child);
    }
    return node;
  }
}

function hasAggregate(node: ReadNode): boolean {
  return node.fields.some((f) => f.aggregate !== undefined) || node.children.some(hasAggregate);
}

/** Finds the embedded node a `a.b` path names (alias if it has one, else its relation name). */
export function resolvePath(root: ReadNode, path: string[], forWhat: string): ReadNode {
  let node = root;
  for (const name of path) {
    const next = node.children.find((c) => c.pathName === name);
    if (!next) throw notEmbedded(name);
    node = next;
  }
  void forWhat;
  return node;
}

const notEmbedded = (name: string): RestError =>
  new RestError(
    400,
    'PGRST108',
    `'${name}' is not an embedded resource in this request`,
    null,
    `Verify that '${name}' is included in the 'select' query parameter.`,
  );

/** PostgreSQL's own error for an unknown column, named as PostgREST's SQL would make it name it. */
export const undefinedColumn = (node: ReadNode, column: string): RestError =>
  new RestError(400, '42703', `column ${node.pgName}.${column} does not exist`);

const JSON_TYPES = new Set(['json', 'jsonb']);

/**
 * A field of a node as SQL: a column, a computed field `f(row)`, or `count` (PostgreSQL reads
 * `t.count` as `count(t)`, which PostgREST keeps for `select=count` and `rel(count)`). JSON paths
 * go through to_jsonb() unless the column is json already (Plan.hs resolveTypeOrUnknown).
 */
export function columnExpr(node: ReadNode, field: FieldRef, params: Params): string {
  const column = node.table.columns.get(field.name);
  const computed = column ? undefined : node.table.computed.get(field.name);
  let sql: string;
  let isJson: boolean;
  if (column) {
    sql = `${node.alias}.${ident(field.name)}`;
    isJson = JSON_TYPES.has(column.typname);
  } else if (computed) {
    sql = `${qualified(computed.schema, computed.name)}(${node.rowExpr})`;
    isJson = JSON_TYPES.has(computed.typname);
  } else if (field.name === 'count' && field.json.length === 0) {
    return `count(${node.alias}.*)`;
  } else {
    throw undefinedColumn(node, field.name);
  }
  if (field.json.length > 0 && !isJson) sql = `to_jsonb(${sql})`;
  for (const op of field.json) {
    const key = op.index ? `${params.add(op.key)}::int` : `${params.add(op.key)}::text`;
    sql = `${sql}${op.arrow}${key}`;
  }
  return sql;
}

/** The type of a field, for operators that depend on it (full-text search). */
function fieldTypname(node: ReadNode, field: FieldRef): string | undefined {
  return node.table.columns.get(field.name)?.typname ?? node.table.computed.get(field.name)?.typname;
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
      const lang = op.lang !== undefined ? `${params.add(op.lang)}::regconfig, ` : '';
      const target =
        fieldTypname(node, field) === 'tsvector' && field.json.length === 0
          ? col
          : `to_tsvector(${lang}${col})`;
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

/** The FROM item of an embedded node: its relation, or the computed relationship's call. */
function childFromSql(parent: ReadNode, child: ReadNode): string {
  const computed = child.rel!.computed;
  if (computed) return `${qualified(computed.schema, computed.name)}(${parent.rowExpr}) AS ${child.alias}`;
  return `${tableSql(child.table)} AS ${child.alias}`;
}

/** The conditions joining a child node to its parent (none for a computed relationship). */
function joinConds(parentAlias: string, child: ReadNode, planner: Planner): string[] {
  const rel = child.rel!;
  if (rel.computed) return [];
  if (rel.junction) {
    const j = planner.alias();
    const conds = [
      ...rel.junction.sourcePairs.map(([jc, sc]) => `${j}.${ident(jc)} = ${parentAlias}.${ident(sc)}`),
      ...rel.junction.targetPairs.map(([jc, tc]) => `${j}.${ident(jc)} = ${child.alias}.${ident(tc)}`),
    ];
    return [`EXISTS (SELECT 1 FROM ${tableSql(rel.junction.table)} AS ${j} WHERE ${conds.join(' AND ')})`];
  }
  return rel.pairs.map(([sc, tc]) => `${child.alias}.${ident(tc)} = ${parentAlias}.${ident(sc)}`);
}

/**
 * WHERE conditions of a node: its filters, logic trees and `embed=[not.]is.null` filters; for a
 * count (PostgREST's readPlanToCountQuery) also the `!inner` embeds, which the read itself
 * applies with INNER JOIN LATERAL.
 */
export function whereSql(node: ReadNode, params: Params, planner: Planner, forCount = false): string[] {
  const conds: string[] = [];
  for (const f of node.filters) conds.push(filterSql(node, f.field, f.expr, params));
  for (const t of node.logic) conds.push(`(${logicSql(node, t, params)})`);
  if (forCount) {
    for (const child of node.children) {
      if (child.join === 'inner') conds.push(existsSql(node, child, params, planner));
    }
  }
  for (const { child, isNull } of node.embedNullFilters) {
    const exists = existsSql(node, child, params, planner);
    conds.push(isNull ? `NOT ${exists}` : exists);
  }
  return conds;
}

function existsSql(parent: ReadNode, child: ReadNode, params: Params, planner: Planner): string {
  const conds = [...joinConds(parent.alias, child, planner), ...whereSql(child, params, planner, true)];
  const where = conds.length > 0 ? ` WHERE ${conds.join(' AND ')}` : '';
  return `EXISTS (SELECT 1 FROM ${childFromSql(parent, child)}${where})`;
}

function orderSql(node: ReadNode, params: Params, planner: Planner): string {
  if (node.order.length === 0) return '';
  const terms = node.order.map((t) => {
    let expr: string;
    if (t.relation !== undefined) {
      const child = node.children.find((c) => c.pathName === t.relation);
      if (!child) throw notEmbedded(t.relation);
      if (!child.rel!.toOne) {
        throw new RestError(
          400,
          'PGRST118',
          `A related order on '${t.relation}' is not possible`,
          `'${node.table.name}' and '${t.relation}' do not form a many-to-one or one-to-one relationship`,
        );
      }
      const col = columnExpr(child, t.field, params);
      const conds = joinConds(node.alias, child, planner);
      const where = conds.length > 0 ? ` WHERE ${conds.join(' AND ')}` : '';
      expr = `(SELECT ${col} FROM ${childFromSql(node, child)}${where} LIMIT 1)`;
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
  if (node.offset !== undefined && node.offset !== 0) sql += ` OFFSET ${params.add(node.offset)}::bigint`;
  return sql;
}

const AGGREGATES = { count: 'COUNT', sum: 'SUM', avg: 'AVG', max: 'MAX', min: 'MIN' } as const;

/** The name a field has in the output: its alias, the last key of a JSON path, or its own name. */
function outputName(f: SelectField): string {
  if (f.alias !== undefined) return f.alias;
  if (f.aggregate) return f.aggregate;
  if (f.field.json.length > 0) {
    const keys = [...f.field.json].reverse();
    const last = keys[0]!;
    return last.index ? (keys.find((k) => !k.index)?.key ?? f.field.name) : last.key;
  }
  return f.field.name;
}

/** Whether a node shows nothing at all, nor do its embeds (PostgREST's rsEmptyEmbed: join only). */
function isEmptyEmbed(node: ReadNode): boolean {
  return node.fields.length === 0 && node.children.every((c) => !c.spread && isEmptyEmbed(c));
}

interface SelectParts {
  items: string[];
  /** The output name of each item, in order (what a spreading parent selects). */
  names: string[];
  /** Items whose aggregate the parent applies (a spread's aggregates, hoisted), by output name. */
  hoisted: Map<string, SelectField>;
  groups: string[];
  joins: string;
  aggregated: boolean;
}

/**
 * The select list of a node (QueryBuilder.hs readPlanToQuery): its fields, then each embed from a
 * LATERAL join: to-one as `row_to_json(…)::jsonb`, to-many as `json_agg(…)::jsonb`, a spread as
 * the embed's own columns, an empty embed as nothing. Aggregates group by the other fields;
 * aggregates inside a spread are applied here, one level up (Plan.hs hoistSpreadAggFunctions).
 */
function selectParts(node: ReadNode, params: Params, planner: Planner, hoist: boolean): SelectParts {
  const parts: SelectParts = {
    items: [],
    names: [],
    hoisted: new Map(),
    groups: [],
    joins: '',
    aggregated: false,
  };
  const add = (item: string, name: string, group?: string) => {
    parts.items.push(item);
    parts.names.push(name);
    if (group !== undefined) parts.groups.push(group);
  };
  for (const f of node.fields) {
    if (f.field.name === '*' && !f.aggregate) {
      for (const c of node.table.columnList) {
        const col = `${node.alias}.${ident(c.name)}`;
        add(col, c.name, col);
      }
      continue;
    }
    if (f.aggregate && hoist) {
      const name = f.alias ?? (f.field.name === '*' ? 'count' : f.field.name);
      const base = f.field.name === '*' ? '1' : castSql(columnExpr(node, f.field, params), f.cast);
      add(`${base} AS ${ident(name)}`, name);
      parts.hoisted.set(name, f);
      continue;
    }
    const base =
      f.field.name === '*' ? `${node.alias}.*` : castSql(columnExpr(node, f.field, params), f.cast);
    const name = outputName(f);
    if (f.aggregate) {
      parts.aggregated = true;
      add(`${castSql(`${AGGREGATES[f.aggregate]}(${base})`, f.aggregateCast)} AS ${ident(name)}`, name);
      continue;
    }
    add(
      `${base} AS ${ident(name)}`,
      name,
      f.alias !== undefined || f.field.json.length > 0 ? ident(name) : base,
    );
  }
  for (const child of node.children) {
    const inner = childQuery(node, child, params, planner);
    const a = child.alias;
    const guard = planner.schema.guardEmbeds ? '_stack.on_time()' : 'TRUE';
    const kind = child.join === 'inner' ? 'INNER' : 'LEFT';
    if (child.spread || child.rel!.toOne) {
      parts.joins += ` ${kind} JOIN LATERAL (${inner.sql}) AS ${a} ON ${guard}`;
    } else {
      const cond = child.join === 'inner' ? `${a}.${a} IS NOT NULL AND ${guard}` : guard;
      parts.joins += ` ${kind} JOIN LATERAL (SELECT json_agg(${a})::jsonb AS ${a} FROM (${inner.sql}) AS ${a}) AS ${a} ON ${cond}`;
    }
    if (child.spread) {
      for (const name of inner.parts.names) {
        const col = `${a}.${ident(name)}`;
        const agg = inner.parts.hoisted.get(name);
        if (agg?.aggregate) {
          parts.aggregated = true;
          const out = agg.alias ?? agg.aggregate;
          add(`${castSql(`${AGGREGATES[agg.aggregate]}(${col})`, agg.aggregateCast)} AS ${ident(out)}`, out);
        } else {
          add(col, name, col);
        }
      }
      continue;
    }
    if (isEmptyEmbed(child)) continue;
    const item = child.rel!.toOne ? `row_to_json(${a}.*)::jsonb` : `COALESCE(${a}.${a}, '[]')`;
    add(`${item} AS ${ident(child.name)}`, child.name, ident(child.name));
  }
  return parts;
}

function groupSql(parts: SelectParts): string {
  return parts.aggregated && parts.groups.length > 0 ? ` GROUP BY ${parts.groups.join(', ')}` : '';
}

function childQuery(
  parent: ReadNode,
  child: ReadNode,
  params: Params,
  planner: Planner,
): { sql: string; parts: SelectParts } {
  const parts = selectParts(child, params, planner, child.spread);
  const conds = [...joinConds(parent.alias, child, planner), ...whereSql(child, params, planner)];
  const where = conds.length > 0 ? ` WHERE ${conds.join(' AND ')}` : '';
  return {
    sql: `SELECT ${parts.items.join(', ')} FROM ${childFromSql(parent, child)}${parts.joins}${where}${groupSql(parts)}${orderSql(child, params, planner)}${limitSql(child, params)}`,
    parts,
  };
}

/**
 * The top-level SELECT of a node over `from` (a table, a CTE of written rows, or a function
 * call), with its WHERE conditions returned separately so a count can reuse them.
 */
export function rootSelectSql(
  node: ReadNode,
  from: string,
  params: Params,
  planner: Planner,
  opts: { where?: boolean; order?: boolean; limit?: boolean } = {},
): { sql: string; where: string } {
  const parts = selectParts(node, params, planner, false);
  const conds = opts.where === false ? [] : whereSql(node, params, planner);
  const where = conds.length > 0 ? ` WHERE ${conds.join(' AND ')}` : '';
  const order = opts.order === false ? '' : orderSql(node, params, planner);
  const limit = opts.limit === false ? '' : limitSql(node, params);
  // An empty select (`select=`) gives empty objects, as PostgREST does: PostgreSQL allows `SELECT FROM`.
  return {
    sql: `SELECT ${parts.items.join(', ')} FROM ${from} AS ${node.alias}${parts.joins}${where}${groupSql(parts)}${order}${limit}`,
    where,
  };
}

/** The FROM/WHERE of PostgREST's count query: the root's filters, inner embeds as EXISTS. */
export function countFromSql(node: ReadNode, from: string, params: Params, planner: Planner): string {
  const conds = whereSql(node, params, planner, true);
  return `FROM ${from} AS ${node.alias}${conds.length > 0 ? ` WHERE ${conds.join(' AND ')}` : ''}`;
}
