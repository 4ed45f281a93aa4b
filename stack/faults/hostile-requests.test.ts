/**
 * What one signed-in user can send to the REST API must never stop or stall it for the others
 * (issue 14): a cyclic embed is refused at once, a slow read is cut off by the role's
 * statement_timeout on both databases, values reach PostgreSQL as text so the column types
 * decide, and another user's private recipe cannot be told apart from a missing one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Person, type RawResponse, rest, signedIn } from '../tests/rest-support.ts';
import { startTestStack, type TestStack, testDatabases } from '../tests/support/stack.ts';

const CLIENTS = 20;

/** recipes → recipe_ingredients → ingredients → recipe_ingredients → … `levels` deep. */
function cyclicSelect(levels: number): string {
  let inner = 'id';
  for (let level = levels; level >= 1; level--) {
    inner = `id,${level % 2 === 1 ? 'recipe_ingredients' : 'ingredients'}(${inner})`;
  }
  return inner;
}

/** Twenty people reading their recipes at once, `rounds` times each; every answer must be 200. */
async function ordinaryLoad(stack: TestStack, people: Person[], rounds: number): Promise<number[]> {
  const statuses: number[] = [];
  await Promise.all(
    people.map(async (person) => {
      for (let i = 0; i < rounds; i++) {
        const res = await rest(stack, '/recipes?select=id,name,recipe_ingredients(id,quantity)&limit=10', {
          token: person.token,
        });
        statuses.push(res.status);
      }
    }),
  );
  return statuses;
}

describe.each(testDatabases)('hostile requests on %s', (database) => {
  let stack: TestStack;
  let attacker: Person;
  let people: Person[];
  beforeAll(async () => {
    stack = await startTestStack({ database });
    attacker = await signedIn(stack, 'attacker');
    people = await Promise.all(Array.from({ length: CLIENTS }, (_, i) => signedIn(stack, `person${i}`)));
  });
  afterAll(() => stack?.stop());

  it('refuses a 14-level cyclic embed at once while 20 others keep getting answers', async () => {
    const select = encodeURIComponent(cyclicSelect(14));
    const hostile = async (): Promise<RawResponse[]> => {
      const answers: RawResponse[] = [];
      for (let i = 0; i < 10; i++)
        answers.push(await rest(stack, `/recipes?select=${select}`, { token: attacker.token }));
      return answers;
    };
    const [refused, statuses] = await Promise.all([hostile(), ordinaryLoad(stack, people, 5)]);
    for (const res of refused) {
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({
        code: 'PGRST100',
        details: "'recipe_ingredients' is embedded at level 7",
      });
    }
    expect(statuses).toEqual(Array(CLIENTS * 5).fill(200));
  });

  it("cuts a slow read off with the role's statement_timeout (57014) and keeps serving the others", async () => {
    await setAuthenticatedTimeout(stack, '40ms');
    try {
      const slow = `/recipes?select=${encodeURIComponent(cyclicSelect(6))}`;
      const [cut, statuses] = await Promise.all([
        rest(stack, slow, { token: attacker.token }),
        ordinaryLoad(stack, people, 2),
      ]);
      expect(cut.status).toBe(500);
      expect(cut.json).toEqual({
        code: '57014',
        details: null,
        hint: null,
        message: 'canceling statement due to statement timeout',
      });
      expect(statuses).toEqual(Array(CLIENTS * 2).fill(200));
    } finally {
      await setAuthenticatedTimeout(stack, '8s');
    }
    // The service role has no timeout: the same read completes.
    const whole = await rest(stack, `/recipes?select=${encodeURIComponent(cyclicSelect(6))}&limit=1`, {
      token: stack.serviceRoleKey,
      apikey: stack.serviceRoleKey,
    });
    expect(whole.status).toBe(200);
  });

  it('passes values to PostgreSQL as text: exact numerics, and the column type refuses the rest', async () => {
    // Nutrition figures are grams per 100 g (at most 100, issue 20's check); within that, a
    // 30-digit number stays exact rather than passing through a JavaScript float.
    const big = '12.3456789012345678901234567891';
    const made = await rest(stack, '/ingredients?select=protein', {
      method: 'POST',
      token: stack.serviceRoleKey,
      apikey: stack.serviceRoleKey,
      headers: { prefer: 'return=representation', 'content-type': 'application/json' },
      body: `{"name":"T: exact","protein":${big},"carbs":0,"fats":0,"calories":0,"source":"AFCD","source_id":"x"}`,
    });
    expect(made.status).toBe(201);
    expect(made.text).toBe(`[{"protein":${big}}]`);

    const overflow = await rest(stack, '/meal_planner', {
      method: 'POST',
      token: attacker.token,
      body: '{"date":"infinity"}',
    });
    expect(overflow.status).toBe(400);
    expect(overflow.json.code).toBe('23514');
    const notANumber = await rest(stack, '/shopping', {
      method: 'POST',
      token: attacker.token,
      body: '{"name":"milk","quantity":"NaN"}',
    });
    expect(notANumber.status).toBe(400);
    expect(notANumber.json.code).toBe('23514');
    const tooBig = await rest(stack, '/ingredient_prices?ingredient_id=eq.1', {
      method: 'PATCH',
      token: stack.serviceRoleKey,
      apikey: stack.serviceRoleKey,
      body: '{"coles_unit_price_current":1e400}',
    });
    expect(tooBig.status).toBe(400);
    expect(tooBig.json.code).toBe('22003');
    const rows = await rest(stack, '/shopping?select=id', { token: attacker.token });
    expect(rows.json).toEqual([]);
  });

  it('answers what the fuzzer found with what PostgREST answers, not 500', async () => {
    // An empty array inserts nothing (a stray parameter made it 08P01, answered 503).
    const none = await rest(stack, '/pantry', {
      method: 'POST',
      token: attacker.token,
      headers: { prefer: 'return=representation' },
      body: '[]',
    });
    expect(none.status).toBe(201);
    expect(none.json).toEqual([]);
    // PGlite refused '' for a boolean in JavaScript (500); PostgreSQL says 22P02.
    const blank = await rest(stack, '/recipes?is_default=eq.', { token: attacker.token });
    expect(blank.status).toBe(400);
    expect(blank.json.code).toBe('22P02');
  });

  it("answers a favourite or a meal of another user's private recipe as it answers a missing one", async () => {
    const owner = people[0]!;
    const { data: recipe } = await owner.client
      .from('recipes')
      .insert({ name: 'Secret stew', portions: 2 })
      .select('id')
      .single();
    const missing = crypto.randomUUID();
    for (const table of ['favourites', 'meal_planner']) {
      const body = (id: string) =>
        table === 'favourites' ? { recipe_id: id } : { recipe_id: id, date: '2030-01-01' };
      const private_ = await rest(stack, `/${table}`, {
        method: 'POST',
        token: attacker.token,
        body: body(recipe!.id),
      });
      const absent = await rest(stack, `/${table}`, {
        method: 'POST',
        token: attacker.token,
        body: body(missing),
      });
      expect(private_.status, table).toBe(403);
      expect(private_.json).toEqual(absent.json);
      expect(absent.status).toBe(403);
    }
  });
});

/** The authenticated role's statement_timeout in this database only, re-read by the API at once. */
async function setAuthenticatedTimeout(stack: TestStack, value: string): Promise<void> {
  await stack.ctx.db.exec(`
    do $$ begin
      execute format('alter role authenticated in database %I set statement_timeout = %L', current_database(), '${value}');
    end $$;
    notify pgrst, 'reload schema';`);
  // The schema cache reloads on the notification; a read through it confirms the new setting.
  for (let i = 0; i < 50; i++) {
    const { rows } = await stack.ctx.db.query<{ n: number }>(
      `select count(*)::int as n from pg_db_role_setting s join pg_roles r on r.oid = s.setrole
        where r.rolname = 'authenticated' and $1 = any(s.setconfig)`,
      [`statement_timeout=${value}`],
    );
    if (rows[0]?.n) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  await new Promise((r) => setTimeout(r, 200));
}
