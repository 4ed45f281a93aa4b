import assert from 'node:assert/strict';
import { cleanupMeals } from '../cleanup-meals/handler.ts';
import {
  ANON_KEY,
  callFunction,
  isoDate,
  newUser,
  SERVICE_ROLE_KEY,
  serviceClient,
  signJwt,
} from './_helpers.ts';

const SYDNEY = 'Australia/Sydney';
const REFUSED = { error: 'Only the scheduler (the service role) may clean up meals.' };

Deno.test('cleanup-meals refuses everyone but the service role', async () => {
  const user = await newUser('cleaner');
  const signedIn = await callFunction('cleanup-meals', { token: user.token, json: {} });
  assert.equal(signedIn.status, 403);
  assert.deepEqual(signedIn.body, REFUSED);
  const anon = await callFunction('cleanup-meals', { token: ANON_KEY, json: {} });
  assert.equal(anon.status, 403);
  assert.deepEqual(anon.body, REFUSED);
  const nobody = await callFunction('cleanup-meals', { token: null, json: {} });
  assert.equal(nobody.status, 401);
  // The service role is a role, not a claim anyone can make: a JWT that is not the project's key
  // never gets this far (the gateway), and a user cannot pass the key in another header.
  const smuggled = await callFunction('cleanup-meals', {
    token: user.token,
    json: {},
    headers: { apikey: SERVICE_ROLE_KEY, 'x-supabase-role': 'service_role' },
  });
  assert.equal(smuggled.status, 403);
  // A refusal given before the body is read still reaches a caller sending a big body.
  const bulky = await callFunction('cleanup-meals', { token: user.token, body: 'x'.repeat(2_000_000) });
  assert.equal(bulky.status, 403);
  assert.deepEqual(bulky.body, REFUSED);
});

Deno.test("cleanup-meals deletes every user's meals before today in Sydney and keeps the rest", async () => {
  const users = [await newUser('meals-a'), await newUser('meals-b')];
  const dates = [
    isoDate(SYDNEY, -400),
    isoDate(SYDNEY, -1),
    isoDate(SYDNEY, 0),
    isoDate(SYDNEY, 1),
    isoDate(SYDNEY, 7),
  ];
  for (const user of users) {
    const { error } = await user.client
      .from('meal_planner')
      .insert(dates.map((date) => ({ date, user_id: user.id })));
    assert.equal(error, null, String(error?.message));
  }
  // A user's refused call deletes nothing.
  assert.equal((await callFunction('cleanup-meals', { token: users[0]!.token, json: {} })).status, 403);
  const before = await serviceClient()
    .from('meal_planner')
    .select('id', { count: 'exact', head: true })
    .lt('date', dates[2]);
  assert.ok((before.count ?? 0) >= 4);

  const answer = await callFunction<{ deleted: number }>('cleanup-meals', {
    token: SERVICE_ROLE_KEY,
    json: {},
  });
  assert.equal(answer.status, 200, answer.text);
  assert.equal(answer.body.deleted, before.count);
  for (const user of users) {
    const { data } = await user.client.from('meal_planner').select('date').order('date');
    assert.deepEqual(
      data?.map((row) => row.date),
      dates.slice(2),
      'yesterday and older are gone; today and later are kept',
    );
  }
  const again = await callFunction<{ deleted: number }>('cleanup-meals', {
    token: SERVICE_ROLE_KEY,
    body: '',
  });
  assert.equal(again.status, 200);
  assert.deepEqual(again.body, { deleted: 0 });
});

Deno.test('cleanup-meals takes any service-role token the gateway verified, not only the configured key', async () => {
  const user = await newUser('fresh-token');
  const yesterday = isoDate(SYDNEY, -1);
  const { error } = await user.client.from('meal_planner').insert({ date: yesterday, user_id: user.id });
  assert.equal(error, null, String(error?.message));
  // As the Supabase CLI makes a service-role key, but with its own iat/exp: not the configured string.
  const fresh = await signJwt({ role: 'service_role', iss: 'supabase-demo' });
  assert.notEqual(fresh, SERVICE_ROLE_KEY);
  const answer = await callFunction<{ deleted: number }>('cleanup-meals', { token: fresh, json: {} });
  assert.equal(answer.status, 200, answer.text);
  assert.ok(answer.body.deleted >= 1);
  const { data } = await user.client.from('meal_planner').select('date');
  assert.deepEqual(data, [], "the user's past meal is gone");

  // Expired or signed with another secret: the gateway refuses it before the function runs.
  const past = Math.floor(Date.now() / 1000) - 7200;
  const expired = await signJwt({ role: 'service_role', iss: 'supabase-demo', iat: past, exp: past + 60 });
  const forged = await signJwt(
    { role: 'service_role', iss: 'supabase-demo' },
    'not-the-project-secret-but-32-chars-long',
  );
  for (const token of [expired, forged]) {
    const refused = await callFunction('cleanup-meals', { token, json: {} });
    assert.equal(refused.status, 401, refused.text);
    assert.deepEqual(refused.body, { msg: 'Invalid JWT' });
  }
});

Deno.test('cleanup-meals answers preflight and only takes POST', async () => {
  const get = await callFunction('cleanup-meals', { token: SERVICE_ROLE_KEY, method: 'GET' });
  assert.equal(get.status, 405);
  const preflight = await callFunction('cleanup-meals', { token: null, method: 'OPTIONS' });
  assert.equal(preflight.status, 200);
  assert.equal(preflight.headers.get('access-control-allow-origin'), '*');
});

/** Runs `fn` with `new Date()` and `Date.now()` reading `iso`, as if the clock showed it. */
async function atInstant<T>(iso: string, fn: () => Promise<T>): Promise<T> {
  const RealDate = Date;
  const fixed = new RealDate(iso).getTime();
  class FixedDate extends RealDate {
    constructor(...args: [] | [string | number | Date]) {
      super(args.length === 0 ? fixed : args[0]);
    }
    static override now(): number {
      return fixed;
    }
  }
  globalThis.Date = FixedDate as DateConstructor;
  try {
    return await fn();
  } finally {
    globalThis.Date = RealDate;
  }
}

// The instants of web/src/features/meal-planner/store.test.ts "deletes the meals before the plan's
// today": the planner and this function must call the same day past on both sides of midnight in
// Sydney (AEDT in March 2001: midnight of the 10th is 13:00 UTC on the 9th). Long-past dates, so
// the deletes touch nothing of other tests.
Deno.test("cleanup-meals keeps the plan's today (shared planToday) on either side of Sydney's midnight", async () => {
  const user = await newUser('midnight');
  const dates = ['2001-03-08', '2001-03-09', '2001-03-10'];
  const { error } = await user.client
    .from('meal_planner')
    .insert(dates.map((date) => ({ date, user_id: user.id })));
  assert.equal(error, null, String(error?.message));
  const call = () =>
    cleanupMeals(
      new Request('http://functions/cleanup-meals', {
        method: 'POST',
        headers: { authorization: `Bearer ${SERVICE_ROLE_KEY}` },
      }),
    );
  const left = async () =>
    (await user.client.from('meal_planner').select('date').order('date')).data?.map((r) => r.date);

  assert.equal((await atInstant('2001-03-09T12:59:59.999Z', call)).status, 200);
  assert.deepEqual(await left(), ['2001-03-09', '2001-03-10'], 'one millisecond before midnight');
  assert.equal((await atInstant('2001-03-09T13:00:00.000Z', call)).status, 200);
  assert.deepEqual(await left(), ['2001-03-10'], 'at midnight the 9th is past');
});
