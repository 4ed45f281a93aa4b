/**
 * Bringing recipes (issue 24): a 500-recipe Paprika export imported as the app imports it (read
 * and unzipped, each line parsed and matched, each recipe saved whole through
 * /rest/v1/rpc/save_imported_recipe), against inserting the same recipes and lines directly
 * through REST (a recipe, then its lines: two requests each), one recipe at a time on both sides,
 * on the local stack (PGlite). Target: the import costs at most 2× the direct inserts.
 */
import { randomUUID } from 'node:crypto';
import { gzipSync, strToU8, zipSync } from 'fflate';
import { indexIngredients, matchIngredient, parseIngredientLine } from '../shared/mod.ts';
import { readExport } from '../shared/recipe-import/exports.ts';
import { importPayload, type LineChoice } from '../shared/recipe-import/save.ts';
import { startStack } from '../stack/src/stack.ts';
import type { BenchRow } from './types.ts';

const RECIPES = 500;
const LINES = [
  '2 cups plain flour',
  '1 cup full-cream milk',
  '2 egg',
  '50g butter, melted',
  '1 tsp salt',
  'a pinch of love',
];
const TARGET = 2;

export default async function bench(): Promise<BenchRow[]> {
  const stack = await startStack({ port: 0, quiet: true, cron: false });
  try {
    const rest = await signedIn(stack);
    const [ingredients, units] = await Promise.all([
      rest.get<{ id: number; name: string }[]>('ingredients?select=id,name'),
      rest.get<{ id: number; name: string }[]>('measurements?select=id,name'),
    ]);
    const unitIds = new Map(units.map((u) => [u.name, u.id]));
    const file = zipSync(
      Object.fromEntries(
        Array.from({ length: RECIPES }, (_, i) => [
          `r${i}.paprikarecipe`,
          gzipSync(
            strToU8(
              JSON.stringify({
                uid: `B-${i}`,
                name: `Bench loaf ${i}`,
                ingredients: LINES.join('\n'),
                directions: 'Mix.\nBake.',
                servings: '4',
              }),
            ),
          ),
        ]),
      ),
    );

    let started = performance.now();
    const index = indexIngredients(ingredients);
    for (const { recipe, source } of readExport('bench.paprikarecipes', file)) {
      const choices = recipe.ingredients.map((text): LineChoice => {
        const line = parseIngredientLine(text);
        const match = line.unread ? null : matchIngredient(line.name, index);
        const measurementId = line.unit === null ? null : (unitIds.get(line.unit) ?? null);
        return match && (line.unit === null || measurementId !== null)
          ? {
              kind: 'ingredient',
              ingredientId: match.ingredient.id,
              quantity: line.quantity,
              measurementId,
              note: line.note,
            }
          : { kind: 'text', text };
      });
      const built = importPayload(recipe, source, choices);
      if (!built.ok) throw new Error(built.problems.join(' '));
      await rest.post('rpc/save_imported_recipe', {
        recipe: built.payload.recipe,
        lines: built.payload.lines,
      });
    }
    const importMs = performance.now() - started;

    const line = { ingredient_id: ingredients[0]!.id, quantity: '2', measurement_id: null, note: null };
    started = performance.now();
    for (let i = 0; i < RECIPES; i++) {
      const [row] = await rest.post<{ id: string }[]>('recipes', {
        name: `Direct loaf ${i}`,
        steps: ['Mix.', 'Bake.'],
        portions: 4,
      });
      await rest.post(
        'recipe_ingredients',
        LINES.map((_, position) => ({ ...line, recipe_id: row!.id, position })),
      );
    }
    const directMs = performance.now() - started;
    const ratio = importMs / directMs;
    return [
      {
        name: `import a ${RECIPES}-recipe Paprika export (read, parse, match, save)`,
        value: Math.round(importMs),
        unit: 'ms',
      },
      {
        name: 'the same recipes and lines inserted directly through REST',
        value: Math.round(directMs),
        unit: 'ms',
      },
      {
        name: 'import ÷ direct inserts',
        value: Math.round(ratio * 100) / 100,
        unit: '×',
        target: `≤ ${TARGET}×`,
        ok: ratio <= TARGET,
      },
    ];
  } finally {
    await stack.stop();
  }
}

async function signedIn(stack: Awaited<ReturnType<typeof startStack>>) {
  const id = randomUUID();
  await stack.ctx.db.query(
    `insert into auth.users (id, aud, role, email, created_at, updated_at)
     values ($1, 'authenticated', 'authenticated', $2, now(), now())`,
    [id, `bench-${id}@example.com`],
  );
  const token = await stack.ctx.signJwt({
    sub: id,
    role: 'authenticated',
    aud: 'authenticated',
    exp: Math.floor(Date.now() / 1000) + 3600,
  });
  const headers = {
    apikey: stack.ctx.config.anonKey,
    authorization: `Bearer ${token}`,
    'content-type': 'application/json',
    prefer: 'return=representation',
  };
  const call = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
    const res = await fetch(`${stack.url}/rest/v1/${path}`, { ...init, headers });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  return {
    get: <T>(path: string) => call<T>(path),
    post: <T = unknown>(path: string, body: unknown) =>
      call<T>(path, { method: 'POST', body: JSON.stringify(body) }),
  };
}
