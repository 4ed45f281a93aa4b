import assert from 'node:assert/strict';
import { ANON_KEY, callFunction, isoDate, newUser, SERVICE_ROLE_KEY, serviceClient } from './_helpers.ts';

const REFUSED = { error: 'Only the scheduler (the service role) may import price feeds.' };

Deno.test('import-prices refuses everyone but the service role', async () => {
  const user = await newUser('feeder');
  for (const token of [user.token, ANON_KEY]) {
    const answer = await callFunction('import-prices', { token, json: {} });
    assert.equal(answer.status, 403);
    assert.deepEqual(answer.body, REFUSED);
  }
  assert.equal((await callFunction('import-prices', { token: null, json: {} })).status, 401);
  const bad = await callFunction('import-prices', {
    token: SERVICE_ROLE_KEY,
    json: { settle_seconds: 'soon' },
  });
  assert.equal(bad.status, 400);
});

Deno.test('import-prices imports a feed dropped in the bucket and moves it under done/', async () => {
  const service = serviceClient();
  const sku = `DENO-${crypto.randomUUID().slice(0, 8)}`;
  const day = isoDate('Australia/Sydney', -7);
  const feed = {
    format: 'larder-price-feed',
    version: 1,
    products: [
      { chain: 'aldi', sku, name: 'Deno test oats 1kg', pack_size: 1000, pack_unit: 'g', source: 'deno' },
    ],
    prices: [{ chain: 'aldi', sku, date: day, price_cents: 249, source: 'deno' }],
  };
  const name = `${sku}.json`;
  const up = await service.storage.from('price-feeds').upload(name, JSON.stringify(feed), {
    contentType: 'application/json',
  });
  assert.equal(up.error, null, String(up.error?.message));

  const answer = await callFunction<{ imports: { name: string; status: string; moved_to: string }[] }>(
    'import-prices',
    { token: SERVICE_ROLE_KEY, json: { settle_seconds: 0 } },
  );
  assert.equal(answer.status, 200, answer.text);
  const drop = answer.body.imports.find((d) => d.name === name);
  assert.equal(drop?.status, 'applied', answer.text);

  const user = await newUser('reader');
  const { data } = await user.client
    .from('chain_products')
    .select('sku, price_observations(price_cents, date)')
    .eq('sku', sku);
  assert.deepEqual(data, [{ sku, price_observations: [{ price_cents: 249, date: day }] }]);
  const moved = await service.storage.from('price-feeds').download(`${drop?.moved_to}${name}`);
  assert.equal(moved.error, null, 'the file is under done/');
  assert.notEqual(
    (await service.storage.from('price-feeds').download(name)).error,
    null,
    'and gone from the top',
  );
});
