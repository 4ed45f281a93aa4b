/**
 * The limits of shared/limits/ (which the forms and functions use) and the database's own
 * constraints and triggers (supabase/migrations/*_field_limits.sql) are the same rules: at every
 * boundary the database accepts what the shared schema accepts and refuses the next step, and
 * names and quantities normalise and validate alike for arbitrary text (fast-check). Both
 * databases.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LIMITS,
  lineQuantityText,
  normalizeName,
  QUANTITY_TEXT_PATTERN,
  readField,
  ZERO_QUANTITY_PATTERN,
} from '../../shared/mod.ts';
import type { Queryable } from '../src/db/index.ts';
import { startTestStack, type TestStack, testDatabases } from './support/stack.ts';

class Rollback extends Error {}

describe.each(testDatabases)('field limits on %s', (database) => {
  let stack: TestStack;
  let userId: string;
  let recipeId: string;
  beforeAll(async () => {
    stack = await startTestStack({ database });
    const { rows } = await stack.ctx.db.query<{ id: string }>(
      `insert into auth.users (id, aud, role, email, created_at, updated_at)
       values (gen_random_uuid(), 'authenticated', 'authenticated', 'limits@example.com', now(), now()) returning id`,
    );
    userId = rows[0]!.id;
    const recipe = await stack.ctx.db.query<{ id: string }>(
      `insert into public.recipes (name, user_id) values ('Limits', $1) returning id`,
      [userId],
    );
    recipeId = recipe.rows[0]!.id;
  });
  afterAll(() => stack?.stop());

  /** Runs sql in a transaction that is always rolled back: the SQLSTATE it failed with, or 'ok'. */
  async function outcome(sql: string, params: unknown[] = [], after?: (tx: Queryable) => Promise<void>) {
    try {
      await stack.ctx.db.transaction(async (tx) => {
        await tx.query(sql, params);
        await after?.(tx);
        throw new Rollback();
      });
    } catch (error) {
      if (error instanceof Rollback) return 'ok';
      return (error as { code?: string }).code ?? String(error);
    }
    return 'ok';
  }

  const text = (n: number) => 'x'.repeat(n);
  it('accepts each length limit and refuses one character more (23514)', async () => {
    const cases: [string, string, number][] = [
      ['insert into public.recipes (name, user_id) values ($1, $2)', 'recipe name', LIMITS.recipeName.max],
      [
        "insert into public.recipes (name, user_id, description) values ('R', $2, $1)",
        'description',
        LIMITS.recipeDescription.max,
      ],
      ['insert into public.pantry (name, user_id) values ($1, $2)', 'pantry name', LIMITS.itemName.max],
      ['insert into public.shopping (name, user_id) values ($1, $2)', 'shopping name', LIMITS.itemName.max],
      [
        "insert into public.pantry (name, unit, user_id) values ('flour', $1, $2)",
        'pantry unit',
        LIMITS.itemUnit.max,
      ],
      [
        "insert into public.shopping (name, unit, user_id) values ('milk', $1, $2)",
        'shopping unit',
        LIMITS.itemUnit.max,
      ],
      ['insert into public.cooks (name, user_id) values ($1, $2)', 'cook name', LIMITS.cookName.max],
      [
        'insert into public.staples (name, household_id) values ($1, (select household_id from public.users where id = $2))',
        'staple name',
        LIMITS.itemName.max,
      ],
      ['update public.users set name = $1 where id = $2', 'profile name', LIMITS.userName.max],
      [
        'update public.households set name = $1 where id = (select household_id from public.users where id = $2)',
        'household name',
        LIMITS.householdName.max,
      ],
      // Issue 24: an imported recipe's author and source id, and a line kept as text.
      [
        "insert into public.recipes (name, user_id, source_author) values ('R', $2, $1)",
        'recipe author',
        LIMITS.recipeAuthor.max,
      ],
      [
        "insert into public.recipes (name, user_id, import_source, import_source_id) values ('R', $2, 'web', $1)",
        'recipe source id',
        LIMITS.recipeSourceId.max,
      ],
      [
        "insert into public.recipes (name, user_id, text_lines) values ('R', $2, array[$1])",
        'line kept as text',
        LIMITS.recipeTextLine.max,
      ],
    ];
    for (const [sql, what, max] of cases) {
      expect(await outcome(sql, [text(max), userId]), `${what} at ${max}`).toBe('ok');
      expect(await outcome(sql, [text(max + 1), userId]), `${what} at ${max + 1}`).toBe('23514');
    }
    const line = `insert into public.recipe_ingredients (recipe_id, ingredient_id, quantity, note)
      values ($2, (select min(id) from public.ingredients), '1', $1)`;
    expect(await outcome(line, [text(LIMITS.lineNote.max), recipeId])).toBe('ok');
    expect(await outcome(line, [text(LIMITS.lineNote.max + 1), recipeId])).toBe('23514');
  });

  it('accepts each number at its limits and refuses the next step', async () => {
    const recipe = (column: string) =>
      `insert into public.recipes (name, user_id, ${column}) values ('R', $2, $1)`;
    const item = (table: string) =>
      `insert into public.${table} (name, user_id, quantity) values ('x', $2, $1)`;
    const ownPack = (unit: string) =>
      `insert into public.ingredients (name, protein, carbs, fats, calories, source, user_id, pack_size, pack_unit)
        values ('own pack', 1, 1, 1, 1, 'own', $2, $1, '${unit}')`;
    const planned = `insert into public.shopping (name, user_id, quantity, plan_quantity) values ('x', $2, 1, $1)`;
    const pantryUseBy = `insert into public.pantry (name, user_id, use_by) values ('x', $2, $1)`;
    const recorded = [
      ...['cooks', 'pantry', 'shopping'].map(
        (table) => `insert into public.${table} (name, user_id, created_at) values ('x', $2, $1)`,
      ),
      `insert into public.staples (name, household_id, created_at)
        values ('x', (select household_id from public.users where id = $2), $1)`,
      "insert into public.recipes (name, user_id, created_at) values ('R', $2, $1)",
      `insert into public.favourites (recipe_id, user_id, created_at) values ('${recipeId}', $2, $1)`,
      "insert into public.meal_planner (date, user_id, created_at) values ('2026-12-01', $2, $1)",
      "insert into public.meal_planner (date, user_id, cooked_at) values ('2026-12-01', $2, $1)",
      `insert into public.ingredients (name, protein, carbs, fats, calories, source, user_id, created_at)
        values ('own', 1, 1, 1, 1, 'own', $2, $1)`,
    ];
    const cases: [string, unknown, string][] = [
      [recipe('portions'), LIMITS.portions.min, 'ok'],
      [recipe('portions'), LIMITS.portions.min - 1, '23514'],
      [recipe('portions'), LIMITS.portions.max, 'ok'],
      [recipe('portions'), LIMITS.portions.max + 1, '23514'],
      [recipe('duration'), LIMITS.duration.min, 'ok'],
      [recipe('duration'), LIMITS.duration.min - 1, '23514'],
      [recipe('duration'), LIMITS.duration.max, 'ok'],
      [recipe('duration'), LIMITS.duration.max + 1, '23514'],
      [recipe('steps'), Array(LIMITS.recipeSteps.max).fill(text(LIMITS.recipeStep.max)), 'ok'],
      [recipe('steps'), Array(LIMITS.recipeSteps.max + 1).fill('x'), '23514'],
      [recipe('steps'), [text(LIMITS.recipeStep.max + 1)], '23514'],
      [recipe('text_lines'), Array(LIMITS.recipeTextLines.max).fill('x'), 'ok'],
      [recipe('text_lines'), Array(LIMITS.recipeTextLines.max + 1).fill('x'), '23514'],
      [recipe('source_url'), `https://a.example/${text(LIMITS.recipeSourceUrl.max - 18)}`, 'ok'],
      [recipe('source_url'), `https://a.example/${text(LIMITS.recipeSourceUrl.max - 17)}`, '23514'],
      [recipe('source_url'), 'file:///etc/passwd', '23514'],
      ...['pantry', 'shopping'].flatMap((table): [string, unknown, string][] => [
        [item(table), String(LIMITS.itemQuantity.max), 'ok'],
        [item(table), String(LIMITS.itemQuantity.max + 0.001), '23514'],
        [item(table), '0.001', 'ok'],
        [item(table), '0', '23514'],
        [item(table), '1.0005', '23514'],
      ]),
      // An own ingredient's pack (issue 20: 4): the form's LIMITS.packSize, in each of its units.
      ...LIMITS.packSize.units.flatMap((unit): [string, unknown, string][] => [
        [ownPack(unit), LIMITS.packSize.max, 'ok'],
        [ownPack(unit), LIMITS.packSize.max + 1, '23514'],
        [ownPack(unit), 0, '23514'],
      ]),
      [ownPack('jar'), 1, '23514'],
      ['insert into public.meal_planner (date, user_id) values ($1, $2)', LIMITS.mealDate.min, 'ok'],
      ['insert into public.meal_planner (date, user_id) values ($1, $2)', '1999-12-31', '23514'],
      ['insert into public.meal_planner (date, user_id) values ($1, $2)', LIMITS.mealDate.max, 'ok'],
      ['insert into public.meal_planner (date, user_id) values ($1, $2)', '2100-01-01', '23514'],
      [pantryUseBy, LIMITS.useBy.min, 'ok'],
      [pantryUseBy, '1999-12-31', '23514'],
      [pantryUseBy, LIMITS.useBy.max, 'ok'],
      [pantryUseBy, '2100-01-01', '23514'],
      [pantryUseBy, 'infinity', '23514'],
      // The planned amount of a list line is an item quantity like the line's own.
      [planned, String(LIMITS.itemQuantity.max), 'ok'],
      [planned, String(LIMITS.itemQuantity.max + 0.001), '23514'],
      [planned, '0', '23514'],
      [planned, '1.0005', '23514'],
      [planned, 'NaN', '23514'],
      // Times a client can send (when a row was made, when a meal was cooked): this century.
      ...recorded.flatMap((sql): [string, unknown, string][] => [
        [sql, `${LIMITS.recordedAt.min}T00:00:00Z`, 'ok'],
        [sql, `${LIMITS.recordedAt.max}T23:59:59Z`, 'ok'],
        [sql, '1999-12-31T23:59:59Z', '23514'],
        [sql, '2100-01-01T00:00:00Z', '23514'],
        [sql, 'infinity', '23514'],
      ]),
    ];
    for (const [sql, value, expected] of cases) {
      const shown = Array.isArray(value) ? `${value.length} steps` : String(value);
      expect(await outcome(sql, [value, userId]), `${sql.slice(0, 40)} ${shown}`).toBe(expected);
    }
  });

  it('normalises names exactly as shared/ normalizeName does (fast-check)', async () => {
    const awkward = fc.constantFrom(
      ' ',
      '\t',
      '\n',
      '\u00a0',
      '\u2003',
      '\u3000',
      '\ufeff',
      '\u200b',
      '\u0085',
      'a',
      'é',
      '😀',
    );
    const names = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 20 }),
      fc.array(awkward, { maxLength: 12 }).map((parts) => parts.join('')),
    );
    await fc.assert(
      fc.asyncProperty(names, async (name) => {
        const { rows } = await stack.ctx.db.query<{ n: string }>('select private.normalize_name($1) as n', [
          name,
        ]);
        expect(rows[0]!.n, JSON.stringify(name)).toBe(normalizeName(name));
      }),
      { numRuns: 300 },
    );
  });

  it("takes an ingredient line's quantity exactly when shared/ does (fast-check)", async () => {
    const pieces = fc.constantFrom(
      '1',
      '2',
      '0',
      '10',
      '999',
      '9999',
      '12345',
      '.',
      '/',
      ' ',
      '½',
      '¾',
      'to',
      'taste',
      'TO TASTE',
      'abc',
      '-',
      ',',
      '5',
    );
    const quantities = fc.oneof(
      fc.array(pieces, { minLength: 1, maxLength: 5 }).map((parts) => parts.join('')),
      fc.string({ maxLength: 8 }),
    );
    const insert = `insert into public.recipe_ingredients (recipe_id, ingredient_id, quantity)
      values ($2, (select min(id) from public.ingredients), $1)`;
    await fc.assert(
      fc.asyncProperty(quantities, async (quantity) => {
        const shared = readField(lineQuantityText, quantity).ok;
        const stored = (await outcome(insert, [quantity, recipeId])) === 'ok';
        expect(stored, JSON.stringify(quantity)).toBe(shared);
      }),
      { numRuns: 400 },
    );
  });

  it('holds the same quantity patterns as shared/ in its check constraint', async () => {
    const { rows } = await stack.ctx.db.query<{ def: string }>(
      `select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'recipe_ingredients_quantity_form'`,
    );
    expect(rows[0]!.def).toContain(QUANTITY_TEXT_PATTERN);
    expect(rows[0]!.def).toContain(ZERO_QUANTITY_PATTERN);
  });
});
