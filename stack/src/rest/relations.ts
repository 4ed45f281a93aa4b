import { RestError } from './errors.ts';
import { closest, type SchemaCache, type Table } from './schema.ts';

/**
 * Relationships as PostgREST's schema cache derives them (SchemaCache.hs allM2OandO2ORels,
 * addInverseRels, addM2MRels, allComputedRels, getOverrideRelationshipsMap) and as its
 * planner picks one for an embed (Plan.hs findRel).
 */
export interface Relationship {
  cardinality: 'many-to-one' | 'one-to-one' | 'one-to-many' | 'many-to-many';
  toOne: boolean;
  source: Table;
  target: Table;
  isSelf: boolean;
  /** The foreign key constraint (the function's name for a computed relationship). */
  constraint: string;
  /** [source column, target column] pairs of a direct relationship. */
  pairs: [string, string][];
  sourceIsView: boolean;
  targetIsView: boolean;
  junction?: {
    table: Table;
    constraint2: string;
    /** [junction column, source column] */
    sourcePairs: [string, string][];
    /** [junction column, target column] */
    targetPairs: [string, string][];
  };
  /** A computed relationship: `schema.function(source row) returns [setof] target`. */
  computed?: { schema: string; name: string };
}

const zip = (a: string[], b: string[]): [string, string][] => a.map((x, i) => [x, b[i]!]);
const swap = (pairs: [string, string][]): [string, string][] => pairs.map(([a, b]) => [b, a]);

const CARDINALITY_ORDER = { 'one-to-many': 0, 'many-to-one': 1, 'one-to-one': 2, 'many-to-many': 3 };
const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Haskell's derived Ord on Relationship: target, self, cardinality, constraint, columns, views. */
function compareRels(a: Relationship, b: Relationship): number {
  if (Boolean(a.computed) !== Boolean(b.computed)) return a.computed ? 1 : -1;
  return (
    cmp(a.target.name, b.target.name) ||
    Number(a.isSelf) - Number(b.isSelf) ||
    CARDINALITY_ORDER[a.cardinality] - CARDINALITY_ORDER[b.cardinality] ||
    cmp(a.junction?.table.name ?? a.constraint, b.junction?.table.name ?? b.constraint) ||
    cmp(a.junction ? a.constraint : '', b.junction ? b.constraint : '') ||
    cmp(JSON.stringify(a.pairs), JSON.stringify(b.pairs)) ||
    Number(a.sourceIsView) - Number(b.sourceIsView) ||
    Number(a.targetIsView) - Number(b.targetIsView)
  );
}

/** Every relationship from `source`, computed ones replacing detected ones of the same name. */
export function allRelationships(schema: SchemaCache, source: Table): Relationship[] {
  const out: Relationship[] = [];
  const fks = schema.foreignKeys;
  for (const fk of fks) {
    const fkTable = schema.tables.get(fk.table);
    const refTable = schema.tables.get(fk.refTable);
    if (!fkTable || !refTable) continue;
    const oneToOne = fk.oneToOne;
    const isSelf = fk.table === fk.refTable;
    if (fk.table === source.name) {
      out.push({
        cardinality: oneToOne ? 'one-to-one' : 'many-to-one',
        toOne: true,
        source,
        target: refTable,
        isSelf,
        constraint: fk.name,
        pairs: zip(fk.columns, fk.refColumns),
        sourceIsView: fk.tableIsView,
        targetIsView: fk.refTableIsView,
      });
    }
    if (fk.refTable === source.name) {
      out.push({
        cardinality: oneToOne ? 'one-to-one' : 'one-to-many',
        toOne: oneToOne,
        source,
        target: fkTable,
        isSelf,
        constraint: fk.name,
        pairs: swap(zip(fk.columns, fk.refColumns)),
        sourceIsView: fk.refTableIsView,
        targetIsView: fk.tableIsView,
      });
    }
  }
  // Many-to-many: a junction with a key to the source and another to the target, both in its primary key.
  for (const fk1 of fks) {
    if (fk1.refTable !== source.name) continue;
    const junction = schema.tables.get(fk1.table);
    if (!junction) continue;
    const pk = new Set(junction.pk);
    for (const fk2 of fks) {
      if (fk2.table !== junction.name || fk2.name === fk1.name) continue;
      const target = schema.tables.get(fk2.refTable);
      if (!target) continue;
      if (![...fk1.columns, ...fk2.columns].every((c) => pk.has(c))) continue;
      out.push({
        cardinality: 'many-to-many',
        toOne: false,
        source,
        target,
        isSelf: source.name === target.name,
        constraint: fk1.name,
        pairs: [],
        sourceIsView: fk1.refTableIsView,
        targetIsView: fk2.refTableIsView,
        junction: {
          table: junction,
          constraint2: fk2.name,
          sourcePairs: zip(fk1.columns, fk1.refColumns),
          targetPairs: zip(fk2.columns, fk2.refColumns),
        },
      });
    }
  }
  const computed: Relationship[] = [];
  for (const c of schema.computedRels) {
    const target = schema.tables.get(c.target);
    if (c.table !== source.name || !target) continue;
    computed.push({
      cardinality: c.toOne ? 'many-to-one' : 'one-to-many',
      toOne: c.toOne,
      source,
      target,
      isSelf: c.table === c.target,
      constraint: c.function,
      pairs: [],
      sourceIsView: false,
      targetIsView: false,
      computed: { schema: c.schema, name: c.function },
    });
  }
  const overridden = new Set(computed.map((c) => c.constraint));
  return [...out.filter((r) => !overridden.has(r.target.name)), ...computed].sort(compareRels);
}

function describeRel(rel: Relationship): Record<string, string> {
  const fmt = (cols: string[]) => `(${cols.join(', ')})`;
  if (rel.junction) {
    const j = rel.junction;
    return {
      cardinality: rel.cardinality,
      embedding: `${rel.source.name} with ${rel.target.name}`,
      relationship: `${j.table.name} using ${rel.constraint}${fmt(j.sourcePairs.map((p) => p[0]))} and ${j.constraint2}${fmt(j.targetPairs.map((p) => p[0]))}`,
    };
  }
  return {
    cardinality: rel.cardinality,
    embedding: `${rel.source.name} with ${rel.target.name}`,
    relationship: `${rel.constraint} using ${rel.source.name}${fmt(rel.pairs.map((p) => p[0]))} and ${rel.target.name}${fmt(rel.pairs.map((p) => p[1]))}`,
  };
}

const isToMany = (r: Relationship) => r.cardinality === 'one-to-many';
const isManyToOne = (r: Relationship) => r.cardinality === 'many-to-one';
const singleCol = (r: Relationship, side: 0 | 1): string | undefined =>
  !r.junction && r.pairs.length === 1 ? r.pairs[0]![side] : undefined;

/** Whether `rel` is what `target` (with `hint`) names, as findRel's filter decides. */
function matches(rel: Relationship, target: string, hint: string | undefined): boolean {
  if (rel.computed) return target === rel.computed.name;
  if (rel.isSelf) {
    if (hint === undefined) {
      // /family_tree?select=children:family_tree(*) is the one-to-many, parent(*) the many-to-one.
      return (
        (target === rel.target.name && isToMany(rel)) || (singleCol(rel, 0) === target && isManyToOne(rel))
      );
    }
    // /organizations?select=auditees:organizations!auditor(*)
    return target === rel.target.name && isToMany(rel) && singleCol(rel, 1) === hint;
  }
  const direct = !rel.junction;
  if (hint === undefined) {
    return (
      target === rel.target.name ||
      (direct && rel.constraint === target && !rel.targetIsView) ||
      (direct && singleCol(rel, 0) === target && !rel.targetIsView)
    );
  }
  return (
    target === rel.target.name &&
    ((direct && rel.constraint === hint) ||
      singleCol(rel, 0) === hint ||
      singleCol(rel, 1) === hint ||
      rel.junction?.table.name === hint)
  );
}

/** Finds the one relationship `source` → `name` (a table, constraint, column or function), narrowed by `hint`. */
export function findRelationship(
  schema: SchemaCache,
  source: Table,
  name: string,
  hint?: string,
): Relationship {
  const all = allRelationships(schema, source);
  const candidates = all.filter((r) => matches(r, name, hint));
  if (candidates.length === 1) return candidates[0]!;
  if (candidates.length === 0) {
    // noRelBetweenHint: a closer child name when the parent has relationships, else a closer parent.
    let suggestion: string | null = null;
    if (all.length > 0) {
      const child = closest(
        name,
        all.map((r) => r.target.name).filter((n) => n !== name),
      );
      if (child && !all.some((r) => r.target.name === name)) {
        suggestion = `Perhaps you meant '${child}' instead of '${name}'.`;
      }
    } else {
      const parents = [...schema.tables.values()]
        .filter((t) => t.name !== source.name && allRelationships(schema, t).length > 0)
        .map((t) => t.name);
      const parent = closest(source.name, parents);
      if (parent) suggestion = `Perhaps you meant '${parent}' instead of '${source.name}'.`;
    }
    throw new RestError(
      400,
      'PGRST200',
      `Could not find a relationship between '${source.name}' and '${name}' in the schema cache`,
      `Searched for a foreign key relationship between '${source.name}' and '${name}'${hint !== undefined ? ` using the hint '${hint}'` : ''} in the schema '${schema.name}', but no matches were found.`,
      suggestion,
    );
  }
  const options = candidates
    .map((r) => `'${r.target.name}!${r.junction ? r.junction.table.name : r.constraint}'`)
    .join(', ');
  throw new RestError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${source.name}' and '${name}'`,
    candidates.map(describeRel),
    `Try changing '${name}' to one of the following: ${options}. Find the desired relationship in the 'details' key.`,
  );
}
