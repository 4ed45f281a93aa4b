/**
 * The chains live in shared/ (CHAINS); the price tables' check constraints must name the same
 * ones, or an import for a chain the app knows would be refused (issue 16: two copies proven equal).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAINS } from '../../shared/pricing/types.ts';
import { startTestStack, type TestStack } from './support/stack.ts';

describe('chains', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ database: 'pglite' });
  });
  afterAll(() => stack?.stop());

  it("every check on a public chain column allows exactly shared's CHAINS", async () => {
    const { rows } = await stack.ctx.db.query<{ tbl: string; def: string }>(
      `select c.conrelid::regclass::text as tbl, pg_get_constraintdef(c.oid) as def
         from pg_constraint c
         join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
        where c.contype = 'c' and a.attname = 'chain'
          and c.connamespace = 'public'::regnamespace`,
    );
    expect(rows.map((r) => r.tbl)).toEqual(expect.arrayContaining(['chain_products', 'ingredient_products']));
    for (const { def } of rows) {
      const named = [...def.matchAll(/'([^']+)'/g)].map((m) => m[1]);
      expect(named.sort()).toEqual([...CHAINS].sort());
    }
  });
});
