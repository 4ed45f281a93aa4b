/**
 * Shop the week through the real API (issue 19): three planned meals that share ingredients and
 * an item in the pantry become summed shopping lines with shared's shoppingNeeds, written with
 * the apply_plan_lines RPC; writing again makes no duplicates and leaves a ticked line alone.
 * Both databases.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PlannedMeal, shoppingNeeds } from '../../shared/mod.ts';
import { type Person, signedIn } from './rest-support.ts';
import { startTestStack, type TestStack, testDatabases } from './support/stack.ts';

const LINES = 'quantity, measurements(name), ingredients(id, name, protein, carbs, fats, calories)';

async function planNeeds(client: SupabaseClient) {
  const meals = await client
    .from('meal_planner')
    .select(`date, portions, recipes(name, portions, recipe_ingredients(${LINES}))`)
    .order('date');
  const pantry = await client.from('pantry').select('name, ingredient_id, quantity, unit');
  expect(meals.error ?? pantry.error).toBeNull();
  const planned: PlannedMeal[] = (meals.data ?? []).map((m) => {
    const recipe = m.recipes as unknown as PlannedMeal['recipe'] & { name: string };
    return { label: `${m.date} ${recipe.name}`, portions: m.portions, recipe };
  });
  return shoppingNeeds(planned, pantry.data ?? []).filter((n) => n.buy > 0);
}

const asRpcLines = (needs: Awaited<ReturnType<typeof planNeeds>>) =>
  needs.map((n) => ({
    key: n.key,
    name: n.name,
    ingredient_id: n.ingredient_id,
    quantity: n.buy,
    unit: n.base,
    meals: n.meals,
  }));

describe.each(testDatabases)('plan → shopping list on %s', (database) => {
  let stack: TestStack;
  let cook: Person;
  beforeAll(async () => {
    stack = await startTestStack({ database });
    cook = await signedIn(stack, 'planner');
  });
  afterAll(() => stack?.stop());

  it('sums shared ingredients, subtracts the pantry, and writes again without duplicates', async () => {
    const { data: recipes } = await cook.client
      .from('recipes')
      .select('id, name, recipe_ingredients(ingredients(id, name))')
      .eq('is_default', true);
    const byIngredient = new Map<number, string[]>();
    for (const r of recipes ?? []) {
      for (const l of r.recipe_ingredients as unknown as { ingredients: { id: number } }[]) {
        byIngredient.set(l.ingredients.id, [...(byIngredient.get(l.ingredients.id) ?? []), r.id]);
      }
    }
    // Three recipes sharing one ingredient.
    const [shared, ids] = [...byIngredient.entries()].find(([, rs]) => rs.length >= 3)!;
    const dates = ['2030-03-04', '2030-03-05', '2030-03-06'];
    const made = await cook.client
      .from('meal_planner')
      .insert(dates.map((date, i) => ({ date, recipe_id: ids[i], portions: 2 })));
    expect(made.error).toBeNull();
    await cook.client.from('pantry').insert({ name: 'some', ingredient_id: shared, quantity: 1, unit: 'g' });

    const needs = await planNeeds(cook.client);
    const line = needs.find((n) => n.ingredient_id === shared)!;
    expect(line.meals).toHaveLength(3);
    expect(line.have).toBe(1);
    const first = await cook.client.rpc('apply_plan_lines', { lines: asRpcLines(needs) });
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({ added: needs.length, updated: 0, removed: 0 });

    const { data: ticked } = await cook.client
      .from('shopping')
      .update({ checked: true })
      .eq('plan_key', line.key)
      .select('id');
    expect(ticked).toHaveLength(1);
    const again = await cook.client.rpc('apply_plan_lines', {
      lines: asRpcLines(await planNeeds(cook.client)),
    });
    expect(again.data).toMatchObject({ added: 0, removed: 0, kept: 1, updated: needs.length - 1 });
    const { data: list } = await cook.client.from('shopping').select('plan_key');
    expect(list).toHaveLength(needs.length);
  });

  it('refuses a malformed list with a 400 and writes nothing', async () => {
    const before = await cook.client.from('shopping').select('id', { count: 'exact', head: true });
    const bad = await cook.client.rpc('apply_plan_lines', {
      lines: [{ key: 'x', name: 'y', quantity: 1e9 }],
    });
    expect(bad.status).toBe(400);
    expect(bad.error?.code).toBe('22023');
    const after = await cook.client.from('shopping').select('id', { count: 'exact', head: true });
    expect(after.count).toBe(before.count);
  });
});
