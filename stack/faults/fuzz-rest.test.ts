/**
 * Random PostgREST requests from a signed-in user at every table (fast-check): whatever the
 * query string and body, the answer is never a 5xx, the stack keeps serving, and nothing of
 * another user's is ever returned or changed.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Person, rest, signedIn } from '../tests/rest-support.ts';
import { startTestStack, type TestStack, testDatabases } from '../tests/support/stack.ts';

const TABLES = [
  'users',
  'measurements',
  'ingredients',
  'ingredient_prices',
  'recipes',
  'recipe_ingredients',
  'favourites',
  'cooks',
  'meal_planner',
  'pantry',
  'shopping',
  'no_such_table',
];
const COLUMNS = [
  'id',
  'name',
  'user_id',
  'recipe_id',
  'ingredient_id',
  'cook_id',
  'quantity',
  'unit',
  'date',
  'checked',
  'portions',
  'duration',
  'is_default',
  'tags',
  'steps',
  'email',
  'calories',
  'coles_unit_price_current',
  'nope',
  '*',
];
const EMBEDS = [
  'recipes',
  'recipe_ingredients',
  'ingredients',
  'measurements',
  'cooks',
  'favourites',
  'users',
];
const OPERATORS = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'in',
  'is',
  'isdistinct',
  'fts',
  'plfts',
  'phfts',
  'wfts',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'adj',
  'not.eq',
  'eq(any)',
  'like(all)',
  'bogus',
];

/** Values people and attackers type: ordinary, huge, negative, NaN, dates, unicode, NUL, syntax. */
const value = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
  fc.integer().map(String),
  fc.constantFrom(
    'NaN',
    'Infinity',
    '-1',
    '1e400',
    '12345678901234567890.5',
    'infinity',
    '5874897-01-01',
    '2026-02-30',
    'null',
    'true',
    '(1,2)',
    '{a,b}',
    '"',
    "'",
    '\\',
    '%00',
    '\u0000',
    '\ud800',
    '*',
    '',
    '00000000-0000-0000-0000-000000000000',
  ),
);

const select = fc.letrec((tie) => ({
  item: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom(...COLUMNS),
    fc
      .tuple(fc.constantFrom(...COLUMNS), fc.constantFrom('::text', '::int', '->a', '->>0', ':alias'))
      .map(([c, s]) => c + s),
    fc
      .tuple(fc.constantFrom(...EMBEDS), fc.constantFrom('', '!inner', '!left', '!bogus'), tie('list'))
      .map(([e, hint, inner]) => `${e}${hint}(${inner})`),
    fc.string({ maxLength: 6 }),
  ),
  list: fc.array(tie('item'), { minLength: 1, maxLength: 4 }).map((items) => (items as string[]).join(',')),
})).list;

const filter = fc
  .tuple(fc.constantFrom(...COLUMNS), fc.constantFrom(...OPERATORS), value)
  .map(([c, op, v]) => [c, `${op}.${v}`] as [string, string]);

const query = fc.record({
  select: fc.option(select, { nil: undefined }),
  filters: fc.array(filter, { maxLength: 3 }),
  logic: fc.option(
    fc.tuple(fc.constantFrom('or', 'and', 'not.or'), fc.array(filter, { minLength: 1, maxLength: 2 })),
    { nil: undefined },
  ),
  order: fc.option(
    fc
      .tuple(fc.constantFrom(...COLUMNS), fc.constantFrom('', '.asc', '.desc.nullslast', '.bogus'))
      .map(([c, d]) => c + d),
    { nil: undefined },
  ),
  limit: fc.option(fc.oneof(fc.integer({ min: -5, max: 5000 }), fc.string({ maxLength: 4 })), {
    nil: undefined,
  }),
  offset: fc.option(fc.oneof(fc.integer({ min: -5, max: 5000 }), fc.string({ maxLength: 4 })), {
    nil: undefined,
  }),
});

const body = fc.oneof(
  fc.json({ maxDepth: 2 }),
  fc.dictionary(fc.constantFrom(...COLUMNS), value, { maxKeys: 4 }).map((o) => JSON.stringify(o)),
  fc
    .array(fc.dictionary(fc.constantFrom('name', 'quantity', 'unit', 'date'), value, { maxKeys: 3 }), {
      maxLength: 3,
    })
    .map((rows) => JSON.stringify(rows)),
);

const request = fc.record({
  method: fc.constantFrom('GET', 'GET', 'HEAD', 'POST', 'PATCH', 'DELETE'),
  table: fc.constantFrom(...TABLES),
  query,
  body,
  prefer: fc.constantFrom(
    '',
    'return=representation',
    'count=exact',
    'resolution=merge-duplicates',
    'count=planned',
  ),
  accept: fc.constantFrom('application/json', 'application/vnd.pgrst.object+json', 'text/csv'),
});

type FuzzRequest = typeof request extends fc.Arbitrary<infer T> ? T : never;

function pathOf(r: FuzzRequest): string {
  const search = new URLSearchParams();
  if (r.query.select !== undefined) search.set('select', r.query.select);
  for (const [k, v] of r.query.filters) search.append(k, v);
  if (r.query.logic) {
    const [op, parts] = r.query.logic;
    search.append(op, `(${parts.map(([c, v]) => `${c}.${v}`).join(',')})`);
  }
  if (r.query.order !== undefined) search.set('order', r.query.order);
  if (r.query.limit !== undefined) search.set('limit', String(r.query.limit));
  if (r.query.offset !== undefined) search.set('offset', String(r.query.offset));
  return `/${r.table}?${search}`;
}

function describeRequest(r: FuzzRequest): string {
  return `${r.method} ${pathOf(r)} ${r.method === 'GET' || r.method === 'HEAD' ? '' : r.body}`;
}

describe.each(testDatabases)('random REST requests on %s', (database) => {
  let stack: TestStack;
  let victim: Person;
  let fuzzer: Person;
  const victimRows = async () => {
    const counts: Record<string, number> = {};
    for (const table of ['recipes', 'favourites', 'cooks', 'meal_planner', 'pantry', 'shopping', 'users']) {
      const column = table === 'users' ? 'id' : 'user_id';
      const res = await rest(stack, `/${table}?select=*&${column}=eq.${victim.id}`, {
        token: stack.serviceRoleKey,
        apikey: stack.serviceRoleKey,
      });
      counts[table] = JSON.stringify(res.json).length;
    }
    return counts;
  };

  beforeAll(async () => {
    stack = await startTestStack({ database });
    victim = await signedIn(stack, 'victim');
    fuzzer = await signedIn(stack, 'fuzzer');
    const { data: recipe } = await victim.client
      .from('recipes')
      .insert({ name: 'Private pie' })
      .select('id')
      .single();
    const { data: cook } = await victim.client.from('cooks').insert({ name: 'Vic' }).select('id').single();
    await victim.client.from('favourites').insert({ recipe_id: recipe!.id });
    await victim.client
      .from('meal_planner')
      .insert({ date: '2030-01-01', recipe_id: recipe!.id, cook_id: cook!.id });
    await victim.client.from('pantry').insert({ name: 'Secret flour', quantity: 1, unit: 'kg' });
    await victim.client.from('shopping').insert({ name: 'Secret milk' });
  });
  afterAll(() => stack?.stop());

  it('never answers 5xx, keeps serving, and never reveals or changes another user’s rows', async () => {
    const before = await victimRows();
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const res = await rest(stack, pathOf(r), {
          method: r.method,
          token: fuzzer.token,
          headers: {
            ...(r.prefer ? { prefer: r.prefer } : {}),
            accept: r.accept,
            ...(r.method === 'GET' || r.method === 'HEAD' ? {} : { 'content-type': 'application/json' }),
          },
          ...(r.method === 'GET' || r.method === 'HEAD' || r.method === 'DELETE' ? {} : { body: r.body }),
        });
        const what = `${describeRequest(r)} → ${res.status} ${res.text.slice(0, 300)}`;
        expect(res.status, what).toBeLessThan(500);
        expect(res.text.includes(victim.id), `another user's id in ${what}`).toBe(false);
        expect(
          /Private pie|Secret flour|Secret milk|"Vic"/.test(res.text),
          `another user's data in ${what}`,
        ).toBe(false);
      }),
      {
        numRuns: Number(process.env.FUZZ_RUNS ?? 250),
        seed: Number(process.env.FUZZ_SEED ?? Date.now() % 100_000),
      },
    );
    expect(await victimRows()).toEqual(before);
    expect((await rest(stack, '/measurements?select=id&limit=1', { token: fuzzer.token })).status).toBe(200);
  });
});
