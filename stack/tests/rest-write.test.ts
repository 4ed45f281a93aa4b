import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Person, rest, restStack } from './rest-support.ts';
import { client } from './support/auth-client.ts';
import { type TestStack, testDatabases } from './support/stack.ts';

// Expected behaviour follows PostgREST's documentation (docs/references/api/tables_views.rst:
// insert, bulk insert, specifying columns, upsert, on_conflict, update, delete; preferences.rst:
// return, count, resolution, missing) and src/library/PostgREST/Response.hs (statuses and
// Content-Range of mutations), Error.hs (SQLSTATE → HTTP: 23503/23505 → 409, 42501 → 401/403).

describe.each(testDatabases)('REST writes on %s', (database) => {
  let stack: TestStack;
  let a: Person;
  let b: Person;

  beforeAll(async () => {
    [stack, a, b] = await restStack(database, ['Ana', 'Ben']);
  });
  afterAll(() => stack?.stop());

  it('inserts with return=minimal by default: 201, no body; the row belongs to its author only', async () => {
    const res = await a.client.from('cooks').insert({ name: 'Kim' });
    expect(res).toMatchObject({ status: 201, data: null, error: null });
    expect((await a.client.from('cooks').select('name, user_id')).data).toEqual([
      { name: 'Kim', user_id: a.id },
    ]);
    expect((await b.client.from('cooks').select('name')).data).toEqual([]);
  });

  it('returns the inserted rows with select(), embeds included, and single() gives the object', async () => {
    const recipe = await a.client
      .from('recipes')
      .insert({ name: 'Pancakes', portions: 4 })
      .select('id, name, portions')
      .single();
    expect(recipe).toMatchObject({ status: 201, error: null, data: { name: 'Pancakes', portions: 4 } });
    const cook = await a.client.from('cooks').select('id').eq('name', 'Kim').single();
    const meal = await a.client
      .from('meal_planner')
      .insert({ date: '2026-11-25', recipe_id: recipe.data!.id, cook_id: cook.data!.id })
      .select('date, recipes(name), cooks(name)');
    expect(meal).toMatchObject({
      status: 201,
      data: [{ date: '2026-11-25', recipes: { name: 'Pancakes' }, cooks: { name: 'Kim' } }],
    });
  });

  it('bulk-inserts with columns=: missing keys are null, or the column default with missing=default', async () => {
    const asNull = await a.client
      .from('shopping')
      .insert([{ name: 'milk', checked: true }, { name: 'eggs' }]);
    // checked is NOT NULL: null for the missing key fails as PostgreSQL's 23502 → 400.
    expect(asNull.status).toBe(400);
    expect(asNull.error).toMatchObject({ code: '23502' });
    const withDefault = await a.client
      .from('shopping')
      .insert([{ name: 'milk', checked: true }, { name: 'eggs' }], { defaultToNull: false })
      .select('name, checked')
      .order('name');
    expect(withDefault).toMatchObject({
      status: 201,
      data: [
        { name: 'eggs', checked: false },
        { name: 'milk', checked: true },
      ],
    });
    const counted = await a.client
      .from('shopping')
      .insert([{ name: 'tea' }, { name: 'jam' }], { count: 'exact', defaultToNull: false });
    expect(counted).toMatchObject({ status: 201, count: 2 });
    expect((await b.client.from('shopping').select('id')).data).toEqual([]);
  });

  it('upserts: merge-duplicates updates on the key, ignore-duplicates keeps the row, on_conflict picks the key', async () => {
    const { data: recipe } = await a.client.from('recipes').insert({ name: 'Soup' }).select('id').single();
    const first = await a.client
      .from('favourites')
      .upsert({ recipe_id: recipe!.id }, { onConflict: 'user_id,recipe_id' })
      .select('recipe_id');
    expect(first).toMatchObject({ status: 201, data: [{ recipe_id: recipe!.id }] });
    const again = await a.client
      .from('favourites')
      .upsert({ recipe_id: recipe!.id }, { onConflict: 'user_id,recipe_id' })
      .select('recipe_id');
    // An upsert that only updated answers 200 (Response.hs: isInsertIfGTZero with merge-duplicates).
    expect(again).toMatchObject({ status: 200, data: [{ recipe_id: recipe!.id }] });
    expect((await a.client.from('favourites').select('recipe_id')).data).toHaveLength(1);

    const { data: cook } = await a.client.from('cooks').insert({ name: 'Lee' }).select('id, name').single();
    const merged = await a.client.from('cooks').upsert({ id: cook!.id, name: 'Leigh' }).select('name');
    expect(merged.data).toEqual([{ name: 'Leigh' }]);
    const ignored = await a.client
      .from('cooks')
      .upsert({ id: cook!.id, name: 'Lou' }, { ignoreDuplicates: true })
      .select('name');
    expect(ignored).toMatchObject({ error: null, data: [] });
    expect((await a.client.from('cooks').select('name').eq('id', cook!.id).single()).data).toEqual({
      name: 'Leigh',
    });
    // B cannot take over A's row through an upsert: the update is checked by RLS.
    const stolen = await b.client.from('cooks').upsert({ id: cook!.id, name: 'Mine' });
    expect(stolen.error?.code).toBe('42501');
    expect((await a.client.from('cooks').select('name').eq('id', cook!.id).single()).data).toEqual({
      name: 'Leigh',
    });
  });

  it('updates and deletes only the filtered rows the caller may touch', async () => {
    const { data: rows } = await a.client
      .from('pantry')
      .insert([
        { name: 'rice', quantity: 1 },
        { name: 'oats', quantity: 2 },
        { name: 'flour', quantity: 3 },
      ])
      .select('id, name');
    const rice = rows!.find((r) => r.name === 'rice')!.id;
    const upd = await a.client
      .from('pantry')
      .update({ quantity: 5, unit: 'kg' })
      .in('name', ['rice', 'oats'])
      .select('name, quantity, unit')
      .order('name');
    expect(upd).toMatchObject({
      status: 200,
      data: [
        { name: 'oats', quantity: 5, unit: 'kg' },
        { name: 'rice', quantity: 5, unit: 'kg' },
      ],
    });
    const minimal = await a.client.from('pantry').update({ unit: 'g' }).eq('name', 'flour');
    expect(minimal).toMatchObject({ status: 204, data: null, error: null });
    const counted = await a.client
      .from('pantry')
      .update({ unit: 'g' }, { count: 'exact' })
      .gte('quantity', 5);
    expect(counted).toMatchObject({ status: 204, count: 2 });

    const byB = await b.client.from('pantry').update({ name: 'hacked' }).eq('id', rice).select();
    expect(byB).toMatchObject({ status: 200, data: [] });
    const delByB = await b.client.from('pantry').delete().eq('id', rice).select();
    expect(delByB).toMatchObject({ status: 200, data: [] });
    expect((await a.client.from('pantry').select('name').eq('id', rice).single()).data).toEqual({
      name: 'rice',
    });

    const del = await a.client.from('pantry').delete().eq('id', rice).select('name');
    expect(del).toMatchObject({ status: 200, data: [{ name: 'rice' }] });
    const delMinimal = await a.client.from('pantry').delete({ count: 'exact' }).in('name', ['oats', 'flour']);
    expect(delMinimal).toMatchObject({ status: 204, count: 2 });
    expect((await a.client.from('pantry').select('id')).data).toEqual([]);
  });

  it('rolls back a mutation whose single() result is not exactly one row (406 PGRST116)', async () => {
    await a.client.from('pantry').insert([{ name: 'x1' }, { name: 'x2' }]);
    const res = await a.client.from('pantry').update({ unit: 'tin' }).like('name', 'x%').select().single();
    expect(res.status).toBe(406);
    expect(res.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 2 rows' });
    const after = await a.client.from('pantry').select('unit').like('name', 'x%');
    expect(after.data).toEqual([{ unit: null }, { unit: null }]);
  });

  it('honours Prefer: handling=strict with max-affected (PGRST124, rolled back) and rejects unknown preferences (PGRST122)', async () => {
    await a.client.from('pantry').insert([{ name: 'limit-a' }, { name: 'limit-b' }]);
    // maxAffected() is typed for PostgREST 13 clients only; the request it sends is what matters here.
    const strictly = (q: unknown, n: number) =>
      (
        q as { maxAffected(n: number): PromiseLike<{ status: number; error: { code: string } | null }> }
      ).maxAffected(n);
    const tooMany = await strictly(
      a.client.from('pantry').update({ unit: 'jar' }).like('name', 'limit-%'),
      1,
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.error).toMatchObject({
      code: 'PGRST124',
      message: 'Query result exceeds max-affected preference constraint',
      details: 'The query affects 2 rows',
    });
    expect((await a.client.from('pantry').select('unit').like('name', 'limit-%')).data).toEqual([
      { unit: null },
      { unit: null },
    ]);
    const within = await strictly(a.client.from('pantry').delete().like('name', 'limit-%'), 2);
    expect(within).toMatchObject({ status: 204, error: null });
    const strict = await rest(stack, '/pantry', {
      token: a.token,
      headers: { Prefer: 'handling=strict, frobnicate=yes' },
    });
    expect(strict.status).toBe(400);
    expect(strict.json).toMatchObject({ code: 'PGRST122', details: 'Invalid preferences: frobnicate=yes' });
    const lenient = await rest(stack, '/pantry', { token: a.token, headers: { Prefer: 'frobnicate=yes' } });
    expect(lenient.status).toBe(200);
  });

  it('upserts one row with PUT addressed by its primary key (PGRST105/114/115 otherwise)', async () => {
    const id = '11111111-2222-4333-8444-555555555555';
    const put = (query: string, body: unknown, prefer = 'return=representation') =>
      rest(stack, `/cooks${query}`, { method: 'PUT', token: a.token, headers: { Prefer: prefer }, body });
    const created = await put(`?id=eq.${id}&select=name`, { id, name: 'Put cook', user_id: a.id });
    expect(created).toMatchObject({ status: 201, json: [{ name: 'Put cook' }] });
    const replaced = await put(`?id=eq.${id}&select=name`, { id, name: 'Put cook 2', user_id: a.id });
    expect(replaced).toMatchObject({ status: 200, json: [{ name: 'Put cook 2' }] });
    expect(
      (await put(`?id=eq.${id}`, { id, name: 'Put cook 3', user_id: a.id }, 'return=minimal')).status,
    ).toBe(204);
    expect((await put(`?name=eq.x`, { id, name: 'x' })).json).toMatchObject({ code: 'PGRST105' });
    expect((await put(`?id=eq.${id}&limit=1`, { id, name: 'x' })).json).toMatchObject({ code: 'PGRST114' });
    expect((await put(`?id=eq.${id}`, { id: crypto.randomUUID(), name: 'x' })).json).toMatchObject({
      code: 'PGRST115',
    });
    // B cannot overwrite A's row through PUT.
    const byB = await rest(stack, `/cooks?id=eq.${id}`, {
      method: 'PUT',
      token: b.token,
      body: { id, name: 'B', user_id: b.id },
    });
    expect(byB.json).toMatchObject({ code: '42501' });
    expect((await a.client.from('cooks').select('name').eq('id', id).single()).data).toEqual({
      name: 'Put cook 3',
    });
  });

  it('maps constraint violations to 409 (23505, 23503) and not-null/check to 400', async () => {
    const dup = await a.client.from('cooks').insert({ name: '  kim ' });
    expect(dup.status).toBe(409);
    expect(dup.error).toMatchObject({ code: '23505' });
    expect(dup.error?.message).toContain('duplicate key value violates unique constraint');
    // The same name is fine for another person.
    expect((await b.client.from('cooks').insert({ name: 'Kim' })).status).toBe(201);

    const { data: cook } = await a.client.from('cooks').select('id').eq('name', 'Kim').single();
    const used = await a.client.from('cooks').delete().eq('id', cook!.id);
    expect(used.status).toBe(409);
    expect(used.error).toMatchObject({ code: '23503' });
    // A missing ingredient is refused as someone else's own one is (issue 20: a line may only
    // name an ingredient its writer can see), as a missing recipe is (hostile-requests.test.ts).
    const dangling = await a.client.from('pantry').insert({ name: 'Mystery', ingredient_id: 999_999_999 });
    expect(dangling).toMatchObject({ status: 403, error: { code: '42501' } });
    const check = await a.client.from('cooks').insert({ name: '   ' });
    expect(check).toMatchObject({ status: 400, error: { code: '23514' } });
  });

  it('refuses writes RLS forbids: 403 for a signed-in user, 401 for anon (42501)', async () => {
    const asDefault = await a.client
      .from('recipes')
      .insert({ name: 'Mine now', is_default: true, user_id: null });
    expect(asDefault.status).toBe(403);
    expect(asDefault.error).toMatchObject({ code: '42501' });
    expect(asDefault.error?.message).toContain('row-level security');
    const anon = await client(stack).from('cooks').insert({ name: 'Nobody' });
    expect(anon.status).toBe(401);
    expect(anon.error).toMatchObject({ code: '42501' });
  });

  it('reports unknown columns (PGRST204), bad values (22P02) and bad bodies (PGRST102)', async () => {
    const unknown = await a.client.from('cooks').insert({ name: 'Zed', nickname: 'z' });
    expect(unknown.status).toBe(400);
    expect(unknown.error).toEqual({
      code: 'PGRST204',
      details: null,
      hint: null,
      message: "Could not find the 'nickname' column of 'cooks' in the schema cache",
    });
    const badUuid = await a.client.from('cooks').select('id').eq('id', 'not-a-uuid');
    expect(badUuid).toMatchObject({ status: 400, error: { code: '22P02' } });
    const badJson = await rest(stack, '/cooks', { method: 'POST', token: a.token, body: '{"name": ' });
    expect(badJson.status).toBe(400);
    expect(badJson.json).toMatchObject({ code: 'PGRST102', message: 'Empty or invalid json' });
    const mixed = await rest(stack, '/cooks', {
      method: 'POST',
      token: a.token,
      body: [{ name: 'p' }, { user_id: a.id }],
    });
    expect(mixed.status).toBe(400);
    expect(mixed.json).toMatchObject({ code: 'PGRST102', message: 'All object keys must match' });
  });

  it('answers return=headers-only with a Location and Prefer counts with Content-Range', async () => {
    const res = await rest(stack, '/cooks', {
      method: 'POST',
      token: a.token,
      headers: { Prefer: 'return=headers-only, count=exact' },
      body: { name: 'Robin' },
    });
    expect(res.status).toBe(201);
    expect(res.text).toBe('');
    expect(res.headers.get('location')).toMatch(/^\/cooks\?id=eq\.[0-9a-f-]{36}$/);
    expect(res.headers.get('content-range')).toBe('*/1');
    const id = res.headers.get('location')!.split('eq.')[1];
    const patch = await rest(stack, `/cooks?id=eq.${id}`, {
      method: 'PATCH',
      token: a.token,
      headers: { Prefer: 'return=representation' },
      body: { name: 'Robyn' },
    });
    expect(patch.status).toBe(200);
    expect(patch.headers.get('content-range')).toBe('0-0/*');
    expect(patch.json).toMatchObject([{ id, name: 'Robyn', user_id: a.id }]);
  });

  it('keeps every row of 20 concurrent writers exactly once, each visible only to its author', async () => {
    const writers = Array.from({ length: 20 }, (_, i) => ({ i, person: i % 2 === 0 ? a : b }));
    const results = await Promise.all(
      writers.map(({ i, person }) =>
        person.client
          .from('shopping')
          .insert(Array.from({ length: 5 }, (_, j) => ({ name: `item ${i}-${j}`, checked: false }))),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    const mine = async (p: Person) =>
      (await p.client.from('shopping').select('name').like('name', 'item %')).data!.map((r) => r.name);
    const fromA = await mine(a);
    const fromB = await mine(b);
    expect(fromA).toHaveLength(50);
    expect(fromB).toHaveLength(50);
    expect(new Set([...fromA, ...fromB]).size).toBe(100);
    expect(fromA.every((n) => Number(n.split(' ')[1]!.split('-')[0]) % 2 === 0)).toBe(true);
    expect(fromB.every((n) => Number(n.split(' ')[1]!.split('-')[0]) % 2 === 1)).toBe(true);
  });
});
