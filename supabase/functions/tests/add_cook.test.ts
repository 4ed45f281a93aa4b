import assert from 'node:assert/strict';
import { ANON_KEY, callFunction, newUser, serviceClient, signJwt } from './_helpers.ts';

type CookAnswer = { cook: { id: string; name: string; user_id: string } };
type ErrorAnswer = { error: string };

const DUPLICATE = 'A cook with this name already exists.';

Deno.test('add-cook creates a trimmed cook for the caller and returns it with 201', async () => {
  const user = await newUser('cook');
  const answer = await callFunction<CookAnswer>('add-cook', { token: user.token, json: { name: '  Sam  ' } });
  assert.equal(answer.status, 201, answer.text);
  assert.equal(answer.body.cook.name, 'Sam');
  assert.equal(answer.body.cook.user_id, user.id);
  assert.match(answer.body.cook.id, /^[0-9a-f-]{36}$/);
  assert.match(answer.headers.get('content-type') ?? '', /application\/json/);
  assert.equal(answer.headers.get('access-control-allow-origin'), '*');

  const { data } = await user.client.from('cooks').select('id, name, user_id');
  assert.deepEqual(data, [answer.body.cook]);
});

Deno.test('add-cook works through supabase-js functions.invoke', async () => {
  const user = await newUser('invoke');
  const { data, error } = await user.client.functions.invoke('add-cook', { body: { name: 'Alex' } });
  assert.equal(error, null);
  assert.equal((data as CookAnswer).cook.name, 'Alex');
});

Deno.test('add-cook refuses duplicates whatever their spacing and case', async () => {
  const user = await newUser('dupes');
  assert.equal((await callFunction('add-cook', { token: user.token, json: { name: 'Sam' } })).status, 201);
  for (const name of ['Sam', ' sam ', 'SAM', '\tsAm\n', 'sam   ']) {
    const answer = await callFunction<ErrorAnswer>('add-cook', { token: user.token, json: { name } });
    assert.equal(answer.status, 409, `${JSON.stringify(name)}: ${answer.text}`);
    assert.deepEqual(answer.body, { error: DUPLICATE });
  }
  // Inner spacing makes a different name; so does a different user's cook.
  assert.equal((await callFunction('add-cook', { token: user.token, json: { name: 'S am' } })).status, 201);
  const other = await newUser('other');
  assert.equal((await callFunction('add-cook', { token: other.token, json: { name: 'sam' } })).status, 201);
  const { data } = await user.client.from('cooks').select('name').order('name');
  assert.deepEqual(data, [{ name: 'S am' }, { name: 'Sam' }]);
});

Deno.test("add-cook's duplicate check agrees with the database's unique index on every name", async () => {
  // Non-ASCII case pairs are where JavaScript's and the database's case folding can differ; the
  // function must refuse exactly what the index would (issue 16: one home for the cook rules).
  const pairs = [
    ['Émile', 'émile'],
    ['STRASSE', 'straße'],
    ['İlke', 'ilke'],
    ['ÅSA', 'åsa'],
    ['Zoë', 'ZOË'],
    // JavaScript lower-cases a final capital sigma to ς, the database to σ: the two disagree here.
    ['ΟΔΟΣ', 'οδος'],
  ] as const;
  for (const [first, second] of pairs) {
    const direct = await newUser('index');
    const home = await direct.client.from('household_members').select('household_id').single();
    assert.equal(home.error, null);
    await direct.client.from('cooks').insert({ name: first, household_id: home.data?.household_id });
    const byIndex = await direct.client
      .from('cooks')
      .insert({ name: second, household_id: home.data?.household_id });
    const viaFunction = await newUser('function');
    assert.equal(
      (await callFunction('add-cook', { token: viaFunction.token, json: { name: first } })).status,
      201,
    );
    const answer = await callFunction('add-cook', { token: viaFunction.token, json: { name: second } });
    assert.equal(
      answer.status,
      byIndex.error?.code === '23505' ? 409 : 201,
      `${first} / ${second}: ${answer.text}`,
    );
  }
});

Deno.test('two simultaneous adds of the same name give one cook and one 409', async () => {
  const user = await newUser('race');
  for (const [a, b] of [
    ['Sam', ' sam '],
    ['Kim', 'KIM'],
    ['Jo', 'jo '],
  ] as const) {
    const answers = await Promise.all([
      callFunction<CookAnswer | ErrorAnswer>('add-cook', { token: user.token, json: { name: a } }),
      callFunction<CookAnswer | ErrorAnswer>('add-cook', { token: user.token, json: { name: b } }),
    ]);
    const statuses = answers.map((x) => x.status).sort();
    assert.deepEqual(statuses, [201, 409], answers.map((x) => x.text).join(' | '));
    assert.deepEqual(answers.find((x) => x.status === 409)?.body, { error: DUPLICATE });
  }
  const { data } = await user.client.from('cooks').select('name');
  assert.equal(data?.length, 3);
});

Deno.test('add-cook answers 400 with a clear message for empty, long and malformed names', async () => {
  const user = await newUser('bad');
  const cases: [unknown, string][] = [
    [{ name: '' }, 'Please enter a name for the cook.'],
    [{ name: '   \t ' }, 'Please enter a name for the cook.'],
    [{ name: 'x'.repeat(61) }, "A cook's name can be at most 60 characters."],
    [{ name: 'a\u0000b' }, "A cook's name cannot contain control characters."],
    [{ name: 42 }, 'name must be a string.'],
    [{ name: null }, 'name must be a string.'],
    [{ name: ['Sam'] }, 'name must be a string.'],
    [{}, 'name is required.'],
    [{ nam: 'Sam' }, 'name is required.'],
    [['Sam'], 'The request body must be a JSON object.'],
    ['Sam', 'The request body must be a JSON object.'],
    [null, 'The request body must be a JSON object.'],
  ];
  for (const [body, message] of cases) {
    const answer = await callFunction<ErrorAnswer>('add-cook', { token: user.token, json: body });
    assert.equal(answer.status, 400, `${JSON.stringify(body)}: ${answer.text}`);
    assert.deepEqual(answer.body, { error: message }, JSON.stringify(body));
  }
  // Sixty characters (counted as characters, not UTF-16 units) is still fine.
  const sixty = '🍳'.repeat(60);
  const ok = await callFunction<CookAnswer>('add-cook', { token: user.token, json: { name: sixty } });
  assert.equal(ok.status, 201, ok.text);
  const { count } = await user.client.from('cooks').select('id', { count: 'exact', head: true });
  assert.equal(count, 1);
});

Deno.test('add-cook answers 400 for bodies that are not JSON, empty or huge', async () => {
  const user = await newUser('hostile');
  const cases: [BodyInit | null, string][] = [
    ['{"name": "Sam"', 'The request body is not valid JSON.'],
    ['name=Sam', 'The request body is not valid JSON.'],
    ['', 'The request body must be a JSON object.'],
    [null, 'The request body must be a JSON object.'],
    [new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]), 'The request body is not valid UTF-8 text.'],
    [JSON.stringify({ name: 'x'.repeat(1_000_000) }), 'The request body is too large (at most 16 KB).'],
  ];
  for (const [body, message] of cases) {
    const answer = await callFunction<ErrorAnswer>('add-cook', { token: user.token, body });
    assert.equal(answer.status, 400, answer.text);
    assert.deepEqual(answer.body, { error: message });
  }
  // A huge body sent without a Content-Length (chunked) is cut off as well.
  const chunks = new ReadableStream<Uint8Array>({
    start(controller) {
      const piece = new TextEncoder().encode('x'.repeat(8192));
      for (let i = 0; i < 64; i++) controller.enqueue(piece);
      controller.close();
    },
  });
  const streamed = await callFunction<ErrorAnswer>('add-cook', { token: user.token, body: chunks });
  assert.equal(streamed.status, 400);
  assert.deepEqual(streamed.body, { error: 'The request body is too large (at most 16 KB).' });
  // Prototype-pollution keys are just unknown fields.
  const proto = await callFunction<CookAnswer>('add-cook', {
    token: user.token,
    body: '{"name":"Proto","__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}',
  });
  assert.equal(proto.status, 201, proto.text);
  assert.equal(proto.body.cook.name, 'Proto');
});

Deno.test('add-cook needs a signed-in user', async () => {
  const missing = await callFunction('add-cook', { token: null, json: { name: 'Sam' } });
  assert.equal(missing.status, 401);
  const garbage = await callFunction('add-cook', { token: 'not-a-jwt', json: { name: 'Sam' } });
  assert.equal(garbage.status, 401);
  assert.deepEqual(garbage.body, { msg: 'Invalid JWT' });
  const anon = await callFunction('add-cook', { token: ANON_KEY, json: { name: 'Sam' } });
  assert.equal(anon.status, 401);
  assert.deepEqual(anon.body, { error: 'You must be signed in.' });
  const expired = await callFunction('add-cook', {
    token: await signJwt({
      role: 'authenticated',
      sub: crypto.randomUUID(),
      exp: Math.floor(Date.now() / 1000) - 60,
    }),
    json: { name: 'Sam' },
  });
  assert.equal(expired.status, 401);
});

Deno.test('add-cook answers tokens that name no user, and names no database can hold, with a 4xx', async () => {
  // A subject that is not a uuid names no user (PostgREST's auth.uid() would fail with 22P02).
  const notUuid = await callFunction<ErrorAnswer>('add-cook', {
    token: await signJwt({ role: 'authenticated', sub: 'not-a-uuid', aud: 'authenticated' }),
    json: { name: 'Sam' },
  });
  assert.equal(notUuid.status, 401, notUuid.text);
  assert.deepEqual(notUuid.body, { error: 'You must be signed in.' });

  // A still-signed token of a deleted user passes RLS but fails the foreign key (23503).
  const deleted = await callFunction<ErrorAnswer>('add-cook', {
    token: await signJwt({ role: 'authenticated', sub: crypto.randomUUID(), aud: 'authenticated' }),
    json: { name: 'Sam' },
  });
  assert.equal(deleted.status, 401, deleted.text);
  assert.deepEqual(deleted.body, { error: 'You must be signed in.' });

  const user = await newUser('surrogate');
  const lone = await callFunction<ErrorAnswer>('add-cook', {
    token: user.token,
    body: '{"name":"Sam \\ud800"}',
  });
  assert.equal(lone.status, 400, lone.text);
  assert.deepEqual(lone.body, { error: "A cook's name contains a character that is not valid text." });
  const { data } = await user.client.from('cooks').select('id');
  assert.deepEqual(data, [], 'nothing saved');
});

Deno.test('add-cook answers CORS preflight and only takes POST', async () => {
  const preflight = await fetch(`${Deno.env.get('SUPABASE_URL')}/functions/v1/add-cook`, {
    method: 'OPTIONS',
    headers: {
      Origin: 'http://127.0.0.1:5173',
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'authorization, x-client-info, apikey, content-type',
    },
  });
  await preflight.body?.cancel();
  assert.equal(preflight.status, 200);
  assert.equal(preflight.headers.get('access-control-allow-origin'), '*');
  assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /authorization/);
  const user = await newUser('get');
  const get = await callFunction<ErrorAnswer>('add-cook', { token: user.token, method: 'GET' });
  assert.equal(get.status, 405);
  assert.deepEqual(get.body, { error: 'Method not allowed: use POST.' });
});

Deno.test('the service role cannot add a cook for nobody', async () => {
  const answer = await callFunction<ErrorAnswer>('add-cook', {
    token: Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? '',
    json: { name: 'Sam' },
  });
  assert.equal(answer.status, 401);
  const { count } = await serviceClient()
    .from('cooks')
    .select('id', { count: 'exact', head: true })
    .eq('name', 'Sam')
    .is('user_id', null);
  assert.equal(count ?? 0, 0);
});

Deno.test('add-cook stores the name normalised, as every form does (one space inside, none around)', async () => {
  const user = await newUser('spaces');
  const answer = await callFunction<CookAnswer>('add-cook', {
    token: user.token,
    json: { name: '  Sam    Lee ' },
  });
  assert.equal(answer.status, 201, answer.text);
  assert.equal(answer.body.cook.name, 'Sam Lee');
  const again = await callFunction<ErrorAnswer>('add-cook', { token: user.token, json: { name: 'sam lee' } });
  assert.equal(again.status, 409);
});
