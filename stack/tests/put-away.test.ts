/**
 * Put the shopping away and cook a meal through the real API (issue 25): shared's planPutAway
 * and pantryTakes feed the put_away_shopping, undo_put_away and cook_meal RPCs. A refused
 * amount is a 400 naming its field with nothing written; putting away then undoing leaves the
 * pantry exactly as it was. Both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BoughtLine, LIMITS, pantryTakes, planPutAway, SHOP_CATEGORIES } from '../../shared/mod.ts';
import { type Person, signedIn } from './rest-support.ts';
import { startTestStack, type TestStack, testDatabases } from './support/stack.ts';

const PANTRY = 'id, name, ingredient_id, quantity, unit';

describe.each(testDatabases)('put away and cook on %s', (database) => {
  let stack: TestStack;
  let cook: Person;
  let rice: number;
  beforeAll(async () => {
    stack = await startTestStack({ database });
    cook = await signedIn(stack, 'stacker');
    const { data } = await cook.client.from('ingredients').select('id').eq('name', 'jasmine rice').single();
    rice = data!.id;
  });
  afterAll(() => stack?.stop());

  const pantry = async () => {
    const { data, error } = await cook.client.from('pantry').select(PANTRY).order('name');
    expect(error).toBeNull();
    return data ?? [];
  };

  it('moves ticked lines into the pantry, refuses a bad amount by field, and undoes exactly', async () => {
    expect(
      (
        await cook.client
          .from('pantry')
          .insert({ name: 'jasmine rice', ingredient_id: rice, quantity: 1, unit: 'kg' })
      ).error,
    ).toBeNull();
    const { data: lines, error } = await cook.client
      .from('shopping')
      .insert([
        { name: 'jasmine rice', ingredient_id: rice, quantity: 500, unit: 'g', checked: true },
        { name: 'Oat milk', ingredient_id: null, quantity: 2, unit: 'L', checked: true },
      ])
      .select('id, name, ingredient_id, quantity, unit');
    expect(error).toBeNull();
    const before = await pantry();
    const bought: BoughtLine[] = lines!.map((l) => ({ shopping_id: l.id, ...l }));

    const bad = planPutAway(before, [bought[0]!, { ...bought[1]!, quantity: 5 }], () => crypto.randomUUID());
    const refused = await cook.client.rpc('put_away_shopping', {
      lines: [bad.entries[0], { ...bad.entries[1], add: -5 }] as never,
    });
    expect(refused.status).toBe(400);
    expect(refused.error).toMatchObject({ code: '22023', details: 'lines[1].quantity' });
    expect(refused.error?.message).toMatch(/^lines\[1\]\.quantity: /);
    expect(await pantry()).toEqual(before);

    const { entries } = planPutAway(before, bought, () => crypto.randomUUID());
    const done = await cook.client.rpc('put_away_shopping', { lines: entries as never });
    expect(done.error).toBeNull();
    expect((await pantry()).map((r) => [r.name, Number(r.quantity), r.unit])).toEqual([
      ['Oat milk', 2, 'L'],
      ['jasmine rice', 1500, 'g'],
    ]);
    expect((await cook.client.from('shopping').select('id')).data).toEqual([]);

    const undone = await cook.client.rpc('undo_put_away', { put_away: (done.data as { id: string }).id });
    expect(undone.error).toBeNull();
    expect(undone.data).toEqual({ notes: [] });
    expect((await pantry()).map((r) => ({ ...r, quantity: Number(r.quantity) }))).toEqual(
      before.map((r) => ({ ...r, quantity: Number(r.quantity) })),
    );
    expect((await cook.client.from('shopping').select('id, checked')).data).toHaveLength(2);
  });

  it('cooking a meal takes what its recipe needs from the pantry, once', async () => {
    const { data: g } = await cook.client.from('measurements').select('id').eq('name', 'g').single();
    const { data: recipe } = await cook.client
      .from('recipes')
      .insert({ name: 'Rice', portions: 1 })
      .select('id')
      .single();
    await cook.client
      .from('recipe_ingredients')
      .insert({ recipe_id: recipe!.id, ingredient_id: rice, quantity: '250', measurement_id: g!.id });
    const { data: meal } = await cook.client
      .from('meal_planner')
      .insert({ date: '2030-03-04', recipe_id: recipe!.id, portions: 2 })
      .select('id')
      .single();
    const { data: lines } = await cook.client
      .from('recipe_ingredients')
      .select('quantity, measurements(name), ingredients(id, name, protein, carbs, fats, calories)')
      .eq('recipe_id', recipe!.id);
    const { takes } = pantryTakes(lines as never, 2, await pantry());
    expect(takes).toEqual([expect.objectContaining({ name: 'jasmine rice', quantity: 0.5, unit: 'kg' })]);

    const cooked = await cook.client.rpc('cook_meal', { meal: meal!.id, takes: takes as never });
    expect(cooked.error).toBeNull();
    expect(cooked.data).toMatchObject({ subtracted: true, took: [{ name: 'jasmine rice', unit: 'kg' }] });
    expect((await pantry()).find((r) => r.name === 'jasmine rice')?.quantity).toBe(0.5);
    const again = await cook.client.rpc('cook_meal', { meal: meal!.id, takes: takes as never });
    expect(again.status).toBe(409);
  });

  it('agrees with shared at the limits: LIMITS.itemQuantity.max and the eight shop categories', async () => {
    const max = LIMITS.itemQuantity.max;
    const { data: line } = await cook.client
      .from('shopping')
      .insert({ name: 'Flour', quantity: 1, unit: 'kg', checked: true })
      .select('id')
      .single();
    const entry = {
      shopping_id: line!.id,
      pantry_id: crypto.randomUUID(),
      insert: true,
      from_unit: null,
      scale: 1,
      unit: 'kg',
    };
    const over = await cook.client.rpc('put_away_shopping', {
      lines: [{ ...entry, add: max + 0.001 }] as never,
    });
    expect(over.error).toMatchObject({ code: '22023', details: 'lines[0].quantity' });
    const at = await cook.client.rpc('put_away_shopping', { lines: [{ ...entry, add: max }] as never });
    expect(at.error).toBeNull();

    const { data: me } = await cook.client.from('users').select('household_id').single();
    const all = await cook.client
      .from('household_shops')
      .insert({ household_id: me!.household_id, aisle_order: [...SHOP_CATEGORIES] });
    expect(all.error).toBeNull();
    const odd = await cook.client
      .from('household_shops')
      .update({ aisle_order: ['garden'] })
      .eq('household_id', me!.household_id);
    expect(odd.error?.code).toBe('23514');
  });
});
