import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Person, rest, restStack, seedIds } from './rest-support.ts';
import { client } from './support/auth-client.ts';
import { type TestStack, testDatabases } from './support/stack.ts';

// Expected behaviour follows PostgREST's documentation (docs/references/api/tables_views.rst,
// resource_embedding.rst, pagination_count.rst) and source (src/library/PostgREST/
// ApiRequest/QueryParams.hs, Query/SqlFragment.hs, RangeQuery.hs), as seen through supabase-js.

interface Recipe {
  id: string;
  name: string;
}

describe.each(testDatabases)('REST reads on %s', (database) => {
  let stack: TestStack;
  let a: Person;
  let b: Person;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    [stack, a, b] = await restStack(database, ['Ana', 'Ben']);
    const seed = await seedIds(a);
    const { data, error } = await a.client
      .from('recipes')
      .insert(
        [
          {
            name: 'Alpha oats',
            portions: 2,
            duration: 10,
            meal_type: 'breakfast',
            tags: ['vegetarian', 'vegan'],
            description: 'Creamy oats with honey and banana',
          },
          {
            name: 'Beta smoothie',
            portions: 1,
            meal_type: 'snack',
            tags: ['vegan'],
            description: 'Quick banana smoothie',
          },
          { name: 'Gamma salad', portions: 4, duration: 25, meal_type: 'lunch' },
        ],
        { defaultToNull: false },
      )
      .select('id,name');
    if (error) throw new Error(error.message);
    for (const r of data as Recipe[]) ids[r.name] = r.id;
    const lines = await a.client.from('recipe_ingredients').insert([
      {
        recipe_id: ids['Alpha oats'],
        ingredient_id: seed.ingredients.honey,
        quantity: '1',
        measurement_id: seed.measurements.tbsp,
        position: 0,
      },
      {
        recipe_id: ids['Alpha oats'],
        ingredient_id: seed.ingredients['rolled oats'],
        quantity: '1',
        measurement_id: seed.measurements.cup,
        position: 1,
      },
      { recipe_id: ids['Alpha oats'], ingredient_id: seed.ingredients.banana, quantity: '2', position: 2 },
      { recipe_id: ids['Beta smoothie'], ingredient_id: seed.ingredients.banana, quantity: '1', position: 0 },
      {
        recipe_id: ids['Beta smoothie'],
        ingredient_id: seed.ingredients['chia seed'],
        quantity: '10',
        measurement_id: seed.measurements.g,
        position: 1,
      },
    ]);
    if (lines.error) throw new Error(lines.error.message);
    const cook = await a.client.from('cooks').insert({ name: 'Sam' }).select('id').single();
    if (cook.error) throw new Error(cook.error.message);
    ids.Sam = cook.data.id;
    const plan = await a.client.from('meal_planner').insert(
      [
        { date: '2026-11-23', recipe_id: ids['Alpha oats'], cook_id: ids.Sam },
        { date: '2026-11-24', recipe_id: null },
      ],
      { defaultToNull: false },
    );
    if (plan.error) throw new Error(plan.error.message);
    const mine = await b.client
      .from('recipes')
      .insert({ name: 'Beta bread', portions: 8, tags: ['vegan'] })
      .select('id')
      .single();
    if (mine.error) throw new Error(mine.error.message);
    ids['Beta bread'] = mine.data.id;
  });
  afterAll(() => stack?.stop());

  const own = (p: Person) => p.client.from('recipes').select('name').eq('is_default', false).order('name');

  it('returns only the caller’s rows under RLS: nothing of A’s reaches B and anon sees nothing', async () => {
    const fromA = await own(a);
    expect(fromA.data?.map((r) => r.name)).toEqual(['Alpha oats', 'Beta smoothie', 'Gamma salad']);
    const fromB = await own(b);
    expect(fromB.data?.map((r) => r.name)).toEqual(['Beta bread']);
    const direct = await b.client.from('recipes').select('*').eq('id', ids['Alpha oats']!);
    expect(direct).toMatchObject({ error: null, data: [], status: 200 });
    const lines = await b.client.from('recipe_ingredients').select('id').eq('recipe_id', ids['Alpha oats']!);
    expect(lines.data).toEqual([]);
    const anon = await client(stack).from('recipes').select('id');
    expect(anon).toMatchObject({ error: null, data: [] });
  });

  it('selects columns with aliases and casts (select=alias:col::type)', async () => {
    const { data, error } = await a.client
      .from('recipes')
      .select('title:name, portions::text, duration')
      .eq('id', ids['Alpha oats']!);
    expect(error).toBeNull();
    expect(data).toEqual([{ title: 'Alpha oats', portions: '2', duration: 10 }]);
  });

  it('returns every column for * with PostgreSQL’s JSON of each type', async () => {
    const { data } = await a.client.from('recipes').select('*').eq('id', ids['Alpha oats']!).single();
    expect(Object.keys(data!).sort()).toEqual(
      [
        'created_at',
        'description',
        'duration',
        'household_id',
        'id',
        'import_source',
        'import_source_id',
        'is_default',
        'meal_type',
        'name',
        'photo_path',
        'portions',
        'source_author',
        'source_url',
        'steps',
        'tags',
        'text_lines',
        'updated_at',
        'user_id',
      ].sort(),
    );
    expect(data).toMatchObject({
      user_id: a.id,
      is_default: false,
      tags: ['vegetarian', 'vegan'],
      steps: [],
    });
  });

  it('embeds to-many as an array and many-to-one as an object, nested', async () => {
    const { data, error } = await a.client
      .from('recipes')
      .select('name, recipe_ingredients(quantity, position, ingredients(name), measurements(name))')
      .eq('id', ids['Alpha oats']!)
      .order('position', { referencedTable: 'recipe_ingredients' })
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({
      name: 'Alpha oats',
      recipe_ingredients: [
        { quantity: '1', position: 0, ingredients: { name: 'honey' }, measurements: { name: 'tbsp' } },
        { quantity: '1', position: 1, ingredients: { name: 'rolled oats' }, measurements: { name: 'cup' } },
        { quantity: '2', position: 2, ingredients: { name: 'banana' }, measurements: null },
      ],
    });
  });

  it('embeds one-to-one (a unique foreign key) as an object', async () => {
    const { data, error } = await a.client
      .from('ingredients')
      .select('name, ingredient_prices(coles_measure)')
      .eq('name', 'chia seed')
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ name: 'chia seed', ingredient_prices: { coles_measure: '300g' } });
  });

  it('filters, orders and limits embedded resources without filtering the parents', async () => {
    const { data } = await a.client
      .from('recipes')
      .select('name, lines:recipe_ingredients(position)')
      .eq('is_default', false)
      .gte('lines.position', 1)
      .order('name')
      .order('position', { referencedTable: 'lines', ascending: false })
      .limit(1, { referencedTable: 'lines' });
    expect(data).toEqual([
      { name: 'Alpha oats', lines: [{ position: 2 }] },
      { name: 'Beta smoothie', lines: [{ position: 1 }] },
      { name: 'Gamma salad', lines: [] },
    ]);
  });

  it('!inner keeps only parents with matching embedded rows', async () => {
    const { data } = await a.client
      .from('recipes')
      .select('name, recipe_ingredients!inner(ingredients!inner(name))')
      .eq('is_default', false)
      .eq('recipe_ingredients.ingredients.name', 'banana')
      .order('name');
    expect(data?.map((r) => r.name)).toEqual(['Alpha oats', 'Beta smoothie']);
    const without = await a.client
      .from('recipes')
      .select('name, recipe_ingredients(id)')
      .eq('is_default', false)
      .is('recipe_ingredients', null);
    expect(without.data?.map((r) => r.name)).toEqual(['Gamma salad']);
  });

  it('disambiguates with a foreign-key hint and embeds a table twice under aliases', async () => {
    const { data, error } = await a.client
      .from('meal_planner')
      .select('date, cook:cooks!meal_planner_cook_id_fkey(name), recipe:recipes(name)')
      .order('date');
    expect(error).toBeNull();
    expect(data).toEqual([
      { date: '2026-11-23', cook: { name: 'Sam' }, recipe: { name: 'Alpha oats' } },
      { date: '2026-11-24', cook: null, recipe: null },
    ]);
    expect((await b.client.from('meal_planner').select('date')).data).toEqual([]);
  });

  it('spreads a to-one embed into its parent and accepts a foreign-key column as the target', async () => {
    const spread = await a.client
      .from('meal_planner')
      .select('date, ...cooks(cook_name:name)')
      .eq('date', '2026-11-23');
    expect(spread.data).toEqual([{ date: '2026-11-23', cook_name: 'Sam' }]);
    const byColumn = await rest(stack, '/meal_planner?select=date,cook_id(name)&date=eq.2026-11-23', {
      token: a.token,
    });
    expect(byColumn.json).toEqual([{ date: '2026-11-23', cook_id: { name: 'Sam' } }]);
    const empty = await rest(stack, `/recipes?select=&id=eq.${ids['Gamma salad']}`, { token: a.token });
    expect(empty.json).toEqual([{}]);
  });

  it('embeds many-to-many through a junction whose primary key holds both foreign keys', async () => {
    // The schema has no junction table, so one is made here as a migration would.
    await stack.ctx.db.exec(`
      create table public.rest_recipe_cooks (
        recipe_id uuid references public.recipes (id) on delete cascade,
        cook_id uuid references public.cooks (id) on delete cascade,
        primary key (recipe_id, cook_id));
      alter table public.rest_recipe_cooks enable row level security;
      create policy own on public.rest_recipe_cooks for all to authenticated
        using (exists (select 1 from public.cooks c where c.id = cook_id))
        with check (exists (select 1 from public.cooks c where c.id = cook_id));
      grant select, insert on public.rest_recipe_cooks to authenticated;`);
    const link = await a.client
      .from('rest_recipe_cooks')
      .insert({ recipe_id: ids['Gamma salad'], cook_id: ids.Sam });
    expect(link.status).toBe(201);
    const { data, error } = await a.client
      .from('recipes')
      .select('name, cooks(name)')
      .eq('is_default', false)
      .order('name');
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: 'Alpha oats', cooks: [] },
      { name: 'Beta smoothie', cooks: [] },
      { name: 'Gamma salad', cooks: [{ name: 'Sam' }] },
    ]);
    const fromB = await b.client.from('recipes').select('name, cooks(name)').eq('is_default', false);
    expect(fromB.data).toEqual([{ name: 'Beta bread', cooks: [] }]);
  });

  it('counts related rows with rel(count)', async () => {
    const { data } = await a.client
      .from('recipes')
      .select('name, recipe_ingredients(count)')
      .eq('is_default', false)
      .order('name');
    expect(data).toEqual([
      { name: 'Alpha oats', recipe_ingredients: [{ count: 3 }] },
      { name: 'Beta smoothie', recipe_ingredients: [{ count: 2 }] },
      { name: 'Gamma salad', recipe_ingredients: [{ count: 0 }] },
    ]);
  });

  it('orders by a to-one embedded column (order=rel(col))', async () => {
    const res = await rest(
      stack,
      '/recipe_ingredients?select=quantity,ingredients(name)&order=ingredients(name).desc&recipe_id=eq.' +
        ids['Alpha oats'],
      {
        token: a.token,
      },
    );
    expect(res.status).toBe(200);
    expect(res.json.map((r: { ingredients: { name: string } }) => r.ingredients.name)).toEqual([
      'rolled oats',
      'honey',
      'banana',
    ]);
  });

  it('applies every comparison operator supabase-js offers', async () => {
    const names = async (q: PromiseLike<{ data: { name: string }[] | null; error: unknown }>) => {
      const { data, error } = await q;
      expect(error).toBeNull();
      return data!.map((r) => r.name);
    };
    const base = () => a.client.from('recipes').select('name').eq('is_default', false).order('name');
    expect(await names(base().eq('portions', 2))).toEqual(['Alpha oats']);
    expect(await names(base().neq('portions', 2))).toEqual(['Beta smoothie', 'Gamma salad']);
    expect(await names(base().gt('portions', 1))).toEqual(['Alpha oats', 'Gamma salad']);
    expect(await names(base().gte('portions', 2).lte('portions', 4))).toEqual(['Alpha oats', 'Gamma salad']);
    expect(await names(base().lt('portions', 2))).toEqual(['Beta smoothie']);
    expect(await names(base().like('name', '%ta%'))).toEqual(['Beta smoothie']);
    expect(await names(base().like('name', '*ta*'))).toEqual(['Beta smoothie']);
    expect(await names(base().ilike('name', 'ALPHA%'))).toEqual(['Alpha oats']);
    expect(await names(base().likeAnyOf('name', ['Alpha%', 'Gamma%']))).toEqual([
      'Alpha oats',
      'Gamma salad',
    ]);
    expect(await names(base().ilikeAllOf('name', ['%A%', '%OATS']))).toEqual(['Alpha oats']);
    expect(await names(base().match({ portions: 4, meal_type: 'lunch' }))).toEqual(['Gamma salad']);
    expect(await names(base().filter('name', 'match', '^B'))).toEqual(['Beta smoothie']);
    expect(await names(base().filter('name', 'imatch', '^g'))).toEqual(['Gamma salad']);
    expect(await names(base().in('meal_type', ['snack', 'lunch']))).toEqual(['Beta smoothie', 'Gamma salad']);
    expect(await names(base().in('name', ['Alpha oats', 'a,b (c)']))).toEqual(['Alpha oats']);
    expect(await names(base().is('duration', null))).toEqual(['Beta smoothie']);
    expect(await names(base().not('duration', 'is', null))).toEqual(['Alpha oats', 'Gamma salad']);
    expect(await names(base().isDistinct('duration', 10))).toEqual(['Beta smoothie', 'Gamma salad']);
    expect(await names(base().contains('tags', ['vegan']))).toEqual(['Alpha oats', 'Beta smoothie']);
    expect(await names(base().containedBy('tags', ['vegan', 'gluten-free']))).toEqual([
      'Beta smoothie',
      'Gamma salad',
    ]);
    expect(await names(base().overlaps('tags', ['vegetarian', 'dairy-free']))).toEqual(['Alpha oats']);
    expect(await names(base().not('meal_type', 'in', '(snack,lunch)'))).toEqual(['Alpha oats']);
    expect(await names(base().not('name', 'like', '*oat*'))).toEqual(['Beta smoothie', 'Gamma salad']);
  });

  it('runs full-text search (fts, plfts, phfts, wfts) with and without a config', async () => {
    const names = async (type: 'plain' | 'phrase' | 'websearch' | undefined, query: string) => {
      const { data, error } = await a.client
        .from('recipes')
        .select('name')
        .eq('is_default', false)
        .textSearch('description', query, { config: 'english', ...(type ? { type } : {}) })
        .order('name');
      expect(error).toBeNull();
      return data!.map((r) => r.name);
    };
    expect(await names(undefined, 'banana & honey')).toEqual(['Alpha oats']);
    expect(await names('plain', 'banana')).toEqual(['Alpha oats', 'Beta smoothie']);
    expect(await names('phrase', 'banana smoothie')).toEqual(['Beta smoothie']);
    expect(await names('websearch', 'banana -honey')).toEqual(['Beta smoothie']);
    const noConfig = await rest(stack, '/recipes?select=name&is_default=is.false&description=fts.creamy', {
      token: a.token,
    });
    expect(noConfig.json).toEqual([{ name: 'Alpha oats' }]);
  });

  it('combines or/and/not logic trees, nested', async () => {
    const { data } = await a.client
      .from('recipes')
      .select('name')
      .eq('is_default', false)
      .or('portions.eq.1,and(duration.gte.20,meal_type.eq.lunch)')
      .order('name');
    expect(data?.map((r) => r.name)).toEqual(['Beta smoothie', 'Gamma salad']);
    const negated = await rest(
      stack,
      '/recipes?select=name&is_default=is.false&not.or=(portions.eq.1,name.in.("Gamma salad",x))&order=name',
      { token: a.token },
    );
    expect(negated.json).toEqual([{ name: 'Alpha oats' }]);
    const onEmbed = await a.client
      .from('recipes')
      .select('name, recipe_ingredients(position)')
      .eq('id', ids['Alpha oats']!)
      .or('position.eq.0,position.eq.2', { referencedTable: 'recipe_ingredients' })
      .order('position', { referencedTable: 'recipe_ingredients' })
      .single();
    expect(onEmbed.data?.recipe_ingredients).toEqual([{ position: 0 }, { position: 2 }]);
  });

  it('orders with nulls first or last', async () => {
    const q = (nullsFirst: boolean, ascending: boolean) =>
      a.client
        .from('recipes')
        .select('name')
        .eq('is_default', false)
        .order('duration', { ascending, nullsFirst });
    expect((await q(true, true)).data?.map((r) => r.name)).toEqual([
      'Beta smoothie',
      'Alpha oats',
      'Gamma salad',
    ]);
    expect((await q(false, false)).data?.map((r) => r.name)).toEqual([
      'Gamma salad',
      'Alpha oats',
      'Beta smoothie',
    ]);
  });

  it('paginates with limit/offset and the Range header, reporting Content-Range and counts', async () => {
    const page = await a.client
      .from('recipes')
      .select('name', { count: 'exact' })
      .eq('is_default', false)
      .order('name')
      .range(1, 2);
    expect(page).toMatchObject({
      data: [{ name: 'Beta smoothie' }, { name: 'Gamma salad' }],
      count: 3,
      status: 206,
    });
    const raw = await rest(stack, '/recipes?select=name&is_default=eq.false&order=name', {
      token: a.token,
      headers: { Range: '0-1', 'Range-Unit': 'items', Prefer: 'count=exact' },
    });
    expect(raw.status).toBe(206);
    expect(raw.headers.get('content-range')).toBe('0-1/3');
    expect(raw.json).toEqual([{ name: 'Alpha oats' }, { name: 'Beta smoothie' }]);
    const all = await rest(stack, '/recipes?select=name&is_default=eq.false', {
      token: a.token,
      headers: { Prefer: 'count=exact' },
    });
    expect(all.status).toBe(200);
    expect(all.headers.get('content-range')).toBe('0-2/3');
    const none = await rest(stack, '/recipes?select=name&is_default=eq.false&name=eq.nothing', {
      token: a.token,
    });
    expect(none.headers.get('content-range')).toBe('*/*');
    const beyond = await rest(stack, '/recipes?is_default=eq.false&offset=10', {
      token: a.token,
      headers: { Prefer: 'count=exact' },
    });
    expect(beyond.status).toBe(416);
    expect(beyond.json).toMatchObject({ code: 'PGRST103', message: 'Requested range not satisfiable' });
    const planned = await a.client.from('recipes').select('id', { count: 'planned', head: true });
    expect(typeof planned.count).toBe('number');
    const head = await b.client
      .from('recipes')
      .select('*', { count: 'exact', head: true })
      .eq('is_default', false);
    expect(head).toMatchObject({ count: 1, data: null, error: null });
  });

  it('returns one object for single(), 406 PGRST116 otherwise; maybeSingle() allows none', async () => {
    const one = await a.client.from('recipes').select('name').eq('id', ids['Gamma salad']!).single();
    expect(one).toMatchObject({ data: { name: 'Gamma salad' }, error: null, status: 200 });
    const many = await a.client.from('recipes').select('name').eq('is_default', false).single();
    expect(many.status).toBe(406);
    expect(many.error).toMatchObject({
      code: 'PGRST116',
      message: 'Cannot coerce the result to a single JSON object',
      details: 'The result contains 3 rows',
    });
    const none = await b.client.from('recipes').select('name').eq('id', ids['Gamma salad']!).single();
    expect(none.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 0 rows' });
    const maybe = await b.client.from('recipes').select('name').eq('id', ids['Gamma salad']!).maybeSingle();
    expect(maybe).toMatchObject({ data: null, error: null });
  });

  it('strips nulls when asked and answers CSV for text/csv', async () => {
    const stripped = await a.client
      .from('recipes')
      .select('name, duration')
      .eq('id', ids['Beta smoothie']!)
      .stripNulls();
    expect(stripped.data).toEqual([{ name: 'Beta smoothie' }]);
    const csv = await a.client
      .from('recipes')
      .select('name, portions')
      .eq('is_default', false)
      .order('name')
      .csv();
    // PostgREST's asCsvF prints each row as PostgreSQL's record text, which quotes values with spaces.
    expect(csv.data).toBe('name,portions\n"Alpha oats",2\n"Beta smoothie",1\n"Gamma salad",4');
  });
});
