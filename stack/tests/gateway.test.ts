import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
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

  // Hosted Supabase's gateway (Envoy, supabase/postgres ansible/files/envoy_config/lds.yaml)
  // compresses PostgREST's and GoTrue's answers with brotli, else gzip, from 100 bytes.
  describe('compresses answers as the platform gateway does', () => {
    const recipes = '/rest/v1/recipes?select=*,recipe_ingredients(*)&order=id';
    const raw = (path: string, acceptEncoding?: string, method = 'GET') =>
      new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((done, fail) => {
        const headers: Record<string, string> = {
          apikey: stack.serviceRoleKey,
          authorization: `Bearer ${stack.serviceRoleKey}`,
        };
        if (acceptEncoding !== undefined) headers['accept-encoding'] = acceptEncoding;
        const req = request(`${stack.url}${path}`, { method, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => done({ headers: res.headers, body: Buffer.concat(chunks) }));
        });
        req.on('error', fail);
        req.end();
      });

    it('brotli when the browser takes it, gzip when only that, the same JSON either way', async () => {
      const plain = await raw(recipes);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(Number(plain.headers['content-length'])).toBe(plain.body.length);
      expect(plain.body.length).toBeGreaterThan(10_000);

      const br = await raw(recipes, 'gzip, deflate, br, zstd');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/Accept-Encoding/);
      expect(br.headers['content-length']).toBeUndefined();
      expect(br.body.length).toBeLessThan(plain.body.length / 4);
      expect(brotliDecompressSync(br.body).toString()).toBe(plain.body.toString());

      expect((await raw(recipes, '*')).headers['content-encoding']).toBe('br');
      expect((await raw(recipes, 'br;q=0, gzip')).headers['content-encoding']).toBe('gzip');

      const gzip = await raw(recipes, 'gzip');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.body).toString()).toBe(plain.body.toString());
    });

    it('leaves alone what the gateway leaves alone: deflate only, under 100 bytes, HEAD', async () => {
      const deflate = await raw(recipes, 'deflate');
      expect(deflate.headers['content-encoding']).toBeUndefined();
      const tiny = await raw('/rest/v1/recipes?select=id&limit=1', 'br');
      expect(tiny.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(tiny.body.toString())).toHaveLength(1);
      const head = await raw(recipes, 'br', 'HEAD');
      expect(head.headers['content-encoding']).toBeUndefined();
      expect(head.body.length).toBe(0);
    });

    it("compresses GoTrue's answers too, and errors alike", async () => {
      const settings = await raw('/auth/v1/settings', 'br');
      expect(settings.headers['content-encoding']).toBe('br');
      expect(JSON.parse(brotliDecompressSync(settings.body).toString())).toHaveProperty('external');
      const missing = await raw('/rest/v1/no_such_table', 'gzip');
      expect(JSON.parse(gunzipSync(missing.body).toString())).toMatchObject({ code: 'PGRST205' });
    });
  });
});
