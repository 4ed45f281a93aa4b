import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack, testDatabases } from './support/stack.ts';

describe.each(testDatabases)('gateway on %s', (database) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ database });
  });
  afterAll(() => stack?.stop());

  it('answers CORS preflight for the REST API with the requested headers', async () => {
    const res = await fetch(`${stack.url}/rest/v1/recipes`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://127.0.0.1:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, apikey, prefer',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
    expect(res.headers.get('access-control-allow-headers')).toBe('authorization, apikey, prefer');
    expect(res.headers.get('access-control-allow-methods')).toContain('PATCH');
  });

  it('exposes Content-Range so supabase-js can read counts from a browser', async () => {
    const res = await fetch(`${stack.url}/health`, { headers: { Origin: 'http://example.test' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-expose-headers')).toContain('Content-Range');
  });

  it('answers 404 with JSON for unknown routes and keeps serving', async () => {
    const res = await fetch(`${stack.url}/nope/v9`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'no Route matched with those values' });
    expect((await fetch(`${stack.url}/health`)).status).toBe(200);
  });

  it('lists sent mail newest first at /_local/mail', async () => {
    stack.ctx.mail.send({ to: 'a@example.com', subject: 'first', text: 'see http://x.test/1', html: '' });
    stack.ctx.mail.send({
      to: 'b@example.com',
      subject: 'second',
      text: 'see http://x.test/2?a=1&b=2',
      html: '',
    });
    const all = await (await fetch(`${stack.url}/_local/mail`)).json();
    expect(all.map((m: { subject: string }) => m.subject)).toEqual(['second', 'first']);
    expect(all[0].links).toEqual(['http://x.test/2?a=1&b=2']);
    const onlyA = await (await fetch(`${stack.url}/_local/mail?to=A@example.com`)).json();
    expect(onlyA).toHaveLength(1);
  });

  it('applied every migration, recorded as the Supabase CLI records them', async () => {
    const { rows } = await stack.ctx.db.query<{ n: number }>(
      'select count(*)::int as n from supabase_migrations.schema_migrations',
    );
    const { readdirSync } = await import('node:fs');
    const files = readdirSync('supabase/migrations').filter((f) => /^\d+_.+\.sql$/.test(f));
    expect(rows[0]!.n).toBe(files.length);
  });
});
