import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type Person, rest, signedIn } from './rest-support.ts';
import { startTestStack, type TestStack, testDatabases } from './support/stack.ts';

// Two small hardening items.
//
// Negative offsets follow PostgREST 12 exactly (src/PostgREST/ApiRequest.hs getRanges,
// RangeQuery.hs, ApiRequest/QueryParams.hs ranges): at the top level the offset is the range's
// lower bound and the result is cut to positions >= 0, so `offset=-4` alone is a no-op
// (test/spec/Feature/Query/RangeSpec.hs "succeeds if offset is negative as a no-op"), while with
// a limit the upper bound stays offset + limit - 1; an empty range is 416 PGRST103. In an embed
// the range goes to SQL as it is (Query/SqlFragment.hs limitOffsetF), where PostgreSQL refuses
// it. The Range header counts only on GET and only as `first-[last]` digits (rangeParse).
describe.each(testDatabases)('negative offsets and ranges on %s (PostgREST 12 RangeSpec.hs)', (database) => {
  let stack: TestStack;
  let a: Person;
  let firstIds: number[];

  beforeAll(async () => {
    stack = await startTestStack({ database });
    a = await signedIn(stack, 'Ana');
    const all = await a.client.from('ingredients').select('id').order('id').limit(10);
    firstIds = (all.data ?? []).map((r) => r.id as number);
  });
  afterAll(() => stack?.stop());

  it('offset=-4 is a no-op, but range(-1, 5) is [-1, 5] cut to [0, 5]: six rows', async () => {
    const alone = await rest(stack, `/ingredients?select=id&order=id&offset=-4&id=lte.${firstIds[4]}`, {
      token: a.token,
    });
    expect(alone.status).toBe(200);
    expect(alone.json.map((r: { id: number }) => r.id)).toEqual(firstIds.slice(0, 5));
    expect(alone.headers.get('content-range')).toBe('0-4/*');
    const res = await a.client.from('ingredients').select('id').order('id').range(-1, 5);
    expect(res.error).toBeNull();
    expect(res.data!.map((r) => r.id)).toEqual(firstIds.slice(0, 6));
  });

  it('limit=1&offset=-1 is the empty range [-1, -1] that PostgREST treats as limit=0', async () => {
    const res = await rest(stack, '/ingredients?select=id&order=id&limit=1&offset=-1', { token: a.token });
    expect(res.status).toBe(200);
    expect(res.json).toEqual([]);
    expect(res.headers.get('content-range')).toBe('*/*');
  });

  it('limit=2&offset=-5 leaves no row position: 416 PGRST103 (Error.hs NegativeLimit)', async () => {
    const res = await rest(stack, '/ingredients?select=id&limit=2&offset=-5', { token: a.token });
    expect(res.status).toBe(416);
    expect(res.json).toEqual({
      code: 'PGRST103',
      details: 'Limit should be greater than or equal to zero.',
      hint: null,
      message: 'Requested range not satisfiable',
    });
  });

  it('a negative offset or limit in an embed reaches PostgreSQL, which refuses it (limitOffsetF)', async () => {
    const offset = await rest(
      stack,
      '/recipes?select=id,recipe_ingredients(id)&recipe_ingredients.offset=-1',
      {
        token: a.token,
      },
    );
    expect(offset.status).toBe(400);
    expect(offset.json).toEqual({
      code: '2201X',
      details: null,
      hint: null,
      message: 'OFFSET must not be negative',
    });
    const limit = await rest(stack, '/recipes?select=id,recipe_ingredients(id)&recipe_ingredients.limit=-1', {
      token: a.token,
    });
    expect(limit.status).toBe(400);
    expect(limit.json).toMatchObject({ code: '2201W', message: 'LIMIT must not be negative' });
  });

  it('the Range header: only digits count, and only on GET (rangeParse, getRanges)', async () => {
    const plain = await rest(stack, '/ingredients?select=id&order=id', {
      token: a.token,
      headers: { Range: '1-2' },
    });
    expect(plain.json.map((r: { id: number }) => r.id)).toEqual(firstIds.slice(1, 3));
    expect(plain.headers.get('content-range')).toBe('1-2/*');
    for (const header of ['-1-2', 'items=1-2', '1-x']) {
      const ignored = await rest(stack, `/ingredients?select=id&order=id&id=lte.${firstIds[3]}`, {
        token: a.token,
        headers: { Range: header },
      });
      expect(ignored.headers.get('content-range'), header).toBe('0-3/*');
    }
    const head = await rest(stack, `/ingredients?select=id&id=lte.${firstIds[3]}`, {
      method: 'HEAD',
      token: a.token,
      headers: { Range: '1-2' },
    });
    expect(head.headers.get('content-range')).toBe('0-3/*');
  });
});

// The gateway's HTTP server gives clients a bounded time to send their request (Node's
// server.headersTimeout / requestTimeout, answered with 408 and a closed connection), so a client
// that starts a request and never finishes it cannot hold connections open.
describe('slow clients are cut off (Node http headersTimeout)', () => {
  let stack: TestStack;
  const headersTimeoutMs = 1000;

  beforeAll(async () => {
    stack = await startTestStack({
      database: 'pglite',
      stack: { http: { headersTimeoutMs, requestTimeoutMs: 2000 } },
    });
  });
  afterAll(() => stack?.stop());

  const port = () => Number(new URL(stack.url).port);

  it('closes a connection whose request line never ends, while other clients are served', async () => {
    const socket = connect(port(), '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
    });
    const started = Date.now();
    const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now() - started)));
    socket.on('error', () => undefined);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write('GET /rest/v1/recip');
    // Meanwhile everyone else is answered as usual.
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${stack.url}/health`);
      expect(res.status).toBe(200);
    }
    const elapsed = await Promise.race([
      closed,
      new Promise<number>((resolve) => setTimeout(() => resolve(Number.POSITIVE_INFINITY), 6000)),
    ]);
    socket.destroy();
    expect(elapsed).toBeGreaterThanOrEqual(headersTimeoutMs - 50);
    expect(elapsed).toBeLessThan(headersTimeoutMs + 2500);
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('also cuts a client that sent its headers but trickles the body past requestTimeout', async () => {
    const socket = connect(port(), '127.0.0.1');
    socket.on('error', () => undefined);
    const started = Date.now();
    const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now() - started)));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(
      `POST /rest/v1/pantry HTTP/1.1\r\nHost: x\r\napikey: ${stack.anonKey}\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{`,
    );
    const timer = setInterval(() => socket.write(' '), 300);
    const elapsed = await Promise.race([
      closed,
      new Promise<number>((resolve) => setTimeout(() => resolve(Number.POSITIVE_INFINITY), 8000)),
    ]);
    clearInterval(timer);
    socket.destroy();
    expect(elapsed).toBeLessThan(2000 + 2500);
  });

  it('does not cut a response that takes longer than the timeouts, nor an open WebSocket', async () => {
    await stack.ctx.db.exec(
      `create or replace function public.hardening_slow() returns int language sql as $$ select 1 from pg_sleep(2.5) $$;`,
    );
    const ws = new WebSocket(
      `${stack.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${stack.anonKey}&vsn=1.0.0`,
    );
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const res = await rest(stack, '/rpc/hardening_slow', { method: 'POST', body: {} });
    expect(res.status).toBe(200);
    expect(res.json).toBe(1);
    expect(ws.readyState).toBe(WebSocket.OPEN);
    ws.close();
  });
});
