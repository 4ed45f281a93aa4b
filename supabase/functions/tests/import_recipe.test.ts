import assert from 'node:assert/strict';
import { ANON_KEY, callFunction, newUser, SUPABASE_URL } from './_helpers.ts';

type ErrorAnswer = { error: string };
interface ImportAnswer {
  recipes: {
    name: string;
    portions: number | null;
    duration: number | null;
    author: string | null;
    sourceUrl: string | null;
    steps: string[];
    lines: {
      text: string;
      quantity: string | null;
      unit: string | null;
      name: string;
      match: { ingredient: { name: string }; confidence: number } | null;
    }[];
  }[];
}

const PORT = Number(Deno.env.get('FIXTURE_PORT'));
/** A PNG's signature and a few bytes: the function passes a photo on as it is. */
const PHOTO = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const PAGE = await Deno.readTextFile(new URL('./fixtures/lamb-pie.html', import.meta.url));

/** The fixture pages, on the one loopback port the stack's functions may reach (test-functions.sh). */
function fixtureServer(): Deno.HttpServer {
  return Deno.serve({ hostname: '127.0.0.1', port: PORT, onListen: () => {} }, async (req) => {
    const path = new URL(req.url).pathname;
    const hop = /^\/hop\/(\d+)$/.exec(path);
    if (hop) {
      const n = Number(hop[1]);
      return new Response(null, { status: 302, headers: { location: n > 0 ? `/hop/${n - 1}` : '/pie' } });
    }
    switch (path) {
      case '/pie':
        return new Response(PAGE, { headers: { 'content-type': 'text/html; charset=utf-8' } });
      case '/no-recipe':
        return new Response('<html><body>Nothing to cook</body></html>', {
          headers: { 'content-type': 'text/html' },
        });
      case '/photo':
        return new Response(PHOTO, { headers: { 'content-type': 'image/png' } });
      case '/big-photo':
        return new Response(new Uint8Array(9 * 1024 * 1024), { headers: { 'content-type': 'image/jpeg' } });
      case '/huge':
        return new Response(
          new ReadableStream({
            pull(controller) {
              controller.enqueue(new Uint8Array(1024 * 1024).fill(32));
            },
          }),
          { headers: { 'content-type': 'text/html' } },
        );
      case '/slow':
        await new Promise((r) => setTimeout(r, 3000));
        return new Response(PAGE, { headers: { 'content-type': 'text/html' } });
      case '/to-metadata':
        return new Response(null, {
          status: 302,
          headers: { location: 'http://169.254.169.254/latest/meta-data/' },
        });
      default:
        return new Response('not found', { status: 404 });
    }
  });
}

const importFrom = async (token: string, json: unknown) =>
  await callFunction<ImportAnswer & ErrorAnswer>('import-recipe', { token, json });

Deno.test('import-recipe reads a recipe page: lines parsed and matched, text never HTML', async () => {
  const server = fixtureServer();
  try {
    const user = await newUser('importer');
    const answer = await importFrom(user.token, { url: `http://127.0.0.1:${PORT}/hop/2` });
    assert.equal(answer.status, 200, answer.text);
    const [pie] = answer.body.recipes;
    assert.equal(pie!.name, 'Lamb and pea pie alert(1)');
    assert.equal(pie!.portions, 6);
    assert.equal(pie!.duration, 100);
    assert.equal(pie!.author, 'Test Cook');
    assert.equal(pie!.sourceUrl, `http://127.0.0.1:${PORT}/pie`);
    assert.deepEqual(pie!.steps, [
      'Brown the lamb and onion.',
      'Stir in the flour, then the peas; bake for an hour.',
    ]);
    const flour = pie!.lines.find((l) => l.text === '1 tbsp plain flour')!;
    assert.deepEqual(
      [flour.quantity, flour.unit, flour.match?.ingredient.name],
      ['1', 'tbsp', 'plain flour'],
    );
    const onion = pie!.lines.find((l) => l.text.startsWith('1 brown onion'))!;
    assert.equal(onion.match?.ingredient.name, 'brown onion');
    const salt = pie!.lines.find((l) => l.text.startsWith('salt'))!;
    assert.equal(salt.quantity, 'to taste');
  } finally {
    await server.shutdown();
  }
});

Deno.test('import-recipe reads a pasted page source (for pages behind a sign-in)', async () => {
  const user = await newUser('paster');
  const answer = await importFrom(user.token, { html: PAGE, measures: 'us' });
  assert.equal(answer.status, 200, answer.text);
  const peas = answer.body.recipes[0]!.lines.find((l) => l.text === '2 cups frozen peas')!;
  assert.equal(peas.quantity, '1 7/8', 'two US cups are 1.89 Australian cups');
});

Deno.test('import-recipe reads a recipe marked up in microdata when the page has no JSON-LD', async () => {
  const user = await newUser('microdata');
  // Written by hand for this test.
  const html = `<html><body><article itemscope itemtype="https://schema.org/Recipe">
    <h1 itemprop="name">Microdata mash</h1>
    <span itemprop="author" itemscope itemtype="https://schema.org/Person"><b itemprop="name">Test Cook</b></span>
    <li itemprop="recipeIngredient">1 kg potatoes</li><li itemprop="recipeIngredient">50g butter</li>
    <p itemprop="recipeInstructions">Boil, then mash.</p></article></body></html>`;
  const answer = await importFrom(user.token, { html });
  assert.equal(answer.status, 200, answer.text);
  const [mash] = answer.body.recipes;
  assert.deepEqual([mash!.name, mash!.author, mash!.lines.length], ['Microdata mash', 'Test Cook', 2]);
  assert.equal(mash!.lines[1]!.match?.ingredient.name, 'butter');
});

Deno.test('import-recipe refuses addresses into the server’s network, and says why', async () => {
  const server = fixtureServer();
  try {
    const user = await newUser('ssrf');
    const cases: [string, RegExp][] = [
      ['http://127.0.0.1:54321/', /private network \(127\.0\.0\.1\)/],
      ['http://169.254.169.254/', /private network \(169\.254\.169\.254\)/],
      ['http://10.0.0.1/', /private network \(10\.0\.0\.1\)/],
      ['http://[::1]/', /private network/],
      ['file:///etc/passwd', /Only http and https/],
      ['ftp://example.com/recipe', /Only http and https/],
      [`http://localhost:${PORT}/pie`, /private network/],
      [`http://127.0.0.1:${PORT}/to-metadata`, /private network \(169\.254\.169\.254\)/],
      [`http://127.0.0.1:${PORT}/hop/6`, /redirects more than 5 times/],
      [`http://127.0.0.1:${PORT}/photo`, /not a web page \(it is image\/png\)/],
      [`http://127.0.0.1:${PORT}/huge`, /larger than 5 MB/],
      [`http://127.0.0.1:${PORT}/slow`, /did not answer within 2 seconds/],
      ['not a url', /not a web address/],
    ];
    for (const [url, reason] of cases) {
      const answer = await importFrom(user.token, { url });
      assert.equal(answer.status, 400, `${url}: ${answer.text}`);
      assert.match(answer.body.error, reason, url);
    }
    const none = await importFrom(user.token, { url: `http://127.0.0.1:${PORT}/no-recipe` });
    assert.equal(none.status, 422);
    assert.deepEqual(none.body, { error: 'No recipe was found on that page.' });
    const empty = await importFrom(user.token, {});
    assert.equal(empty.status, 400);
  } finally {
    await server.shutdown();
  }
});

Deno.test('import-recipe fetches the photo a page names, as bytes, through the same guard', async () => {
  const server = fixtureServer();
  try {
    const user = await newUser('photo');
    const response = await fetch(`${SUPABASE_URL}/functions/v1/import-recipe`, {
      method: 'POST',
      headers: {
        apikey: ANON_KEY,
        Authorization: `Bearer ${user.token}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ photo: `http://127.0.0.1:${PORT}/photo` }),
    });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'application/octet-stream');
    assert.deepEqual(new Uint8Array(await response.arrayBuffer()), PHOTO);
    const cases: [string, RegExp][] = [
      [`http://127.0.0.1:${PORT}/pie`, /not a photo Larder can read \(it is text\/html/],
      [`http://127.0.0.1:${PORT}/big-photo`, /photo is larger than 8 MB/],
      [`http://127.0.0.1:${PORT}/to-metadata`, /private network \(169\.254\.169\.254\)/],
      ['http://10.0.0.1/photo.jpg', /private network/],
      ['file:///etc/passwd', /Only http and https/],
    ];
    for (const [photo, reason] of cases) {
      const answer = await importFrom(user.token, { photo });
      assert.equal(answer.status, 400, `${photo}: ${answer.text}`);
      assert.match(answer.body.error, reason, photo);
    }
    const refused = await importFrom(null as unknown as string, { photo: `http://127.0.0.1:${PORT}/photo` });
    assert.equal(refused.status, 401);
  } finally {
    await server.shutdown();
  }
});
