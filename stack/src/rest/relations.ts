import { RestError } from './errors.ts';
import { closest, type ForeignKey, type SchemaCache, type Table } from './schema.ts';

/**
 * Embedding through foreign keys as PostgREST resolves it (docs: "Resource Embedding",
 * src/library/PostgREST/Plan.hs findRel): many-to-one and one-to-one give an object, one-to-many
 * an array, many-to-many goes through a junction table whose primary key holds both keys.
 */
export interface Relationship {
  cardinality: 'many-to-one' | 'one-to-one' | 'one-to-many' | 'many-to-many';
  toOne: boolean;
  source: Table;
  target: Table;
  constraint: string;
  /** [source column, target column] pairs of a direct relationship. */
  pairs: [string, string][];
  junction?: {
    table: Table;
    constraint2: string;
    /** [junction column, source column] */
    sourcePairs: [string, string][];
    /** [junction column, target column] */
    targetPairs: [string, string][];
  };
}

const zip = (a: string[], b: string[]): [string, string][] => a.map((x, i) => [x, b[i]!]);

function isUnique(table: Table, columns: string[]): boolean {
  const set = new Set(columns);
  return table.uniques.some((u) => u.length === set.size && u.every((c) => set.has(c)));
}

function allRelationships(schema: SchemaCache, source: Table): Relationship[] {
  const out: Relationship[] = [];
  const fks = schema.foreignKeys;
  for (const fk of fks) {
    const fkTable = schema.tables.get(fk.table);
    const refTable = schema.tables.get(fk.refTable);
    if (!fkTable || !refTable) continue;
    if (fk.table === source.name) {
      const oneToOne = isUnique(fkTable, fk.columns);
      out.push({
        cardinality: oneToOne ? 'one-to-one' : 'many-to-one',
        toOne: true,
        source,
        target: refTable,
        constraint: fk.name,
        pairs: zip(fk.columns, fk.refColumns),
      });
    }
    if (fk.refTable === source.name) {
      const oneToOne = isUnique(fkTable, fk.columns);
      out.push({
        cardinality: oneToOne ? 'one-to-one' : 'one-to-many',
        toOne: oneToOne,
        source,
        target: fkTable,
        constraint: fk.name,
        pairs: zip(fk.refColumns, fk.columns),
      });
    }
  }
  // Many-to-many: a junction with a key to the source and one to the target, both in its primary key.
  for (const fk1 of fks) {
    if (fk1.refTable !== source.name) continue;
    const junction = schema.tables.get(fk1.table);
    if (!junction || junction.name === source.name) continue;
    const pk = new Set(junction.pk);
    for (const fk2 of fks) {
      if (fk2 === fk1 || fk2.table !== junction.name) continue;
      const target = schema.tables.get(fk2.refTable);
      if (!target || target.name === junction.name) continue;
      if (![...fk1.columns, ...fk2.columns].every((c) => pk.has(c))) continue;
      out.push({
        cardinality: 'many-to-many',
        toOne: false,
        source,
        target,
        constraint: fk1.name,
        pairs: [],
        junction: {
          table: junction,
          constraint2: fk2.name,
          sourcePairs: zip(fk1.columns, fk1.refColumns),
          targetPairs: zip(fk2.columns, fk2.refColumns),
        },
      });
    }
  }
  return out;
}

function fkOf(schema: SchemaCache, name: string, table: string): ForeignKey | undefined {
  return schema.foreignKeys.find((f) => f.name === name && f.table === table);
}

function describeRel(rel: Relationship, schema: SchemaCache): Record<string, string> {
  const fmt = (cols: string[]) => `(${cols.join(', ')})`;
  if (rel.junction) {
    const j = rel.junction;
    return {
      cardinality: rel.cardinality,
      embedding: `${rel.source.name} with ${rel.target.name}`,
      relationship: `${j.table.name} using ${rel.constraint}${fmt(j.sourcePairs.map((p) => p[0]))} and ${j.constraint2}${fmt(j.targetPairs.map((p) => p[0]))}`,
    };
  }
  const fk = fkOf(schema, rel.constraint, rel.source.name) ?? fkOf(schema, rel.constraint, rel.target.name);
  const own = fk?.table === rel.source.name;
  return {
    cardinality: rel.cardinality,
    embedding: `${rel.source.name} with ${rel.target.name}`,
    relationship: `${rel.constraint} using ${rel.source.name}${fmt(rel.pairs.map((p) => p[0]))} and ${rel.target.name}${fmt(rel.pairs.map((p) => p[1]))}${own ? '' : ''}`,
  };
}

/** Finds the one relationship `source` → `name` (table or foreign-key column), narrowed by `hint`. */
export function findRelationship(
  schema: SchemaCache,
  source: Table,
  name: string,
  hint?: string,
): Relationship {
  const all = allRelationships(schema, source);
  let candidates = all.filter((r) => {
    if (r.target.name === name) return true;
    // A foreign-key column as the target ("select=*,client_id(*)").
    return r.cardinality === 'many-to-one' || r.cardinality === 'one-to-one'
      ? r.pairs.length === 1 && r.pairs[0]![0] === name && r.toOne && !r.junction && ownsFk(schema, r)
      : false;
  });
  if (hint !== undefined) {
    candidates = candidates.filter((r) => {
      if (r.constraint === hint) return true;
      if (r.junction) return r.junction.table.name === hint || r.junction.constraint2 === hint;
      return (
        r.pairs.some(([a, b]) => (ownsFk(schema, r) ? a === hint : b === hint)) || r.target.name === hint
      );
    });
  }
  // A direct relationship wins over many-to-many through a junction of the same name pair only when hinted.
  if (candidates.length === 1) return candidates[0]!;
  if (candidates.length === 0) {
    const parentKnown = schema.tables.has(source.name);
    const suggestion = parentKnown
      ? closest(
          name,
          all.map((r) => r.target.name).filter((n) => n !== name),
        )
      : undefined;
    throw new RestError(
      400,
      'PGRST200',
      `Could not find a relationship between '${source.name}' and '${name}' in the schema cache`,
      `Searched for a foreign key relationship between '${source.name}' and '${name}'${hint !== undefined ? ` using the hint '${hint}'` : ''} in the schema 'public', but no matches were found.`,
      suggestion ? `Perhaps you meant '${suggestion}' instead of '${name}'.` : null,
    );
  }
  const options = candidates
    .map((r) => `'${r.target.name}!${r.junction ? r.junction.table.name : r.constraint}'`)
    .join(', ');
  throw new RestError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${source.name}' and '${name}'`,
    candidates.map((r) => describeRel(r, schema)),
    `Try changing '${name}' to one of the following: ${options}. Find the desired relationship in the 'details' key.`,
  );
}

/** Whether the foreign key of a direct relationship lives on its source table. */
function ownsFk(schema: SchemaCache, r: Relationship): boolean {
  return (
    schema.foreignKeys.some(
      (f) => f.name === r.constraint && f.table === r.source.name && f.refTable === r.target.name,
    ) &&
    (r.cardinality === 'many-to-one' || (r.cardinality === 'one-to-one' && sourceHoldsKey(schema, r)))
  );
}

function sourceHoldsKey(schema: SchemaCache, r: Relationship): boolean {
  const fk = schema.foreignKeys.find((f) => f.name === r.constraint && f.table === r.source.name);
  return Boolean(fk?.columns.every((c, i) => r.pairs[i]?.[0] === c));
}
