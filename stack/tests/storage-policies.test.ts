/**
 * Storage under row-level security and hostile input: the recipe-photos policies (a user writes
 * only under their own folder; anyone reads a photo by its public URL), the private price-feeds
 * bucket (only the service role), the bucket's size and type limits with storage-api's errors
 * (src/storage/uploader.ts, src/internal/errors/codes.ts), names no key may have, and an upload
 * that crawls while others are answered.
 */
import { request } from 'node:http';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../shared/limits/limits.ts';
import { adminClient, client } from './support/auth-client.ts';
import { startTestStack, type TestStack, testDatabases } from './support/stack.ts';
import { apiError, PNG, rawRequest, signedInUser } from './support/storage.ts';

describe.each(testDatabases)('storage policies and limits on %s', (database) => {
  let stack: TestStack;
  let admin: SupabaseClient;
  let alice: { sb: SupabaseClient; id: string };
  let bob: { sb: SupabaseClient; id: string };
  beforeAll(async () => {
    stack = await startTestStack({ database });
    admin = adminClient(stack);
    alice = await signedInUser(stack, 'alice');
    bob = await signedInUser(stack, 'bob');
  });
  afterAll(() => stack?.stop());

  const png = (size = PNG.length) =>
    new Blob([size === PNG.length ? PNG : Buffer.alloc(size, 1)], { type: 'image/png' });

  describe('recipe-photos', () => {
    it('has the limits shared/limits gives the upload form', async () => {
      const { data } = await admin.storage.getBucket('recipe-photos');
      expect(data!.file_size_limit).toBe(LIMITS.recipePhoto.maxBytes);
      expect(data!.allowed_mime_types).toEqual([...LIMITS.recipePhoto.mimeTypes]);
    });

    it('lets a user upload, replace, list and remove under their own folder, owned by them', async () => {
      const photos = alice.sb.storage.from('recipe-photos');
      const path = `${alice.id}/recipe-1.png`;
      expect((await photos.upload(path, png())).error).toBeNull();
      expect((await photos.upload(path, png(), { upsert: true })).error).toBeNull();
      const listed = await photos.list(alice.id);
      expect(listed.data?.map((o) => o.name)).toEqual(['recipe-1.png']);
      const { rows } = await stack.ctx.db.query<{ owner: string; owner_id: string }>(
        `select owner::text, owner_id from storage.objects where bucket_id = 'recipe-photos' and name = $1`,
        [path],
      );
      expect(rows).toEqual([{ owner: alice.id, owner_id: alice.id }]);
      const removed = await photos.remove([path]);
      expect(removed.data?.map((o) => o.name)).toEqual([path]);
    });

    it("refuses another user's upload into my folder, overwrite, move and removal of my photo", async () => {
      const path = `${alice.id}/keep.png`;
      expect((await alice.sb.storage.from('recipe-photos').upload(path, png())).error).toBeNull();
      const theirs = bob.sb.storage.from('recipe-photos');

      const into = await theirs.upload(`${alice.id}/intruder.png`, png());
      expect(apiError(into.error)).toEqual({
        name: 'StorageApiError',
        status: 400,
        statusCode: '403',
        message: 'new row violates row-level security policy',
      });
      const overwrite = await theirs.upload(path, png(), { upsert: true });
      expect(apiError(overwrite.error)).toMatchObject({ status: 400, statusCode: '403' });
      // Without upsert the existing name is not even visible to them: the insert is refused first.
      expect(apiError((await theirs.upload(path, png())).error)).toMatchObject({ statusCode: '403' });
      const moved = await theirs.move(path, `${bob.id}/stolen.png`);
      expect(apiError(moved.error)).toMatchObject({ statusCode: '404', message: 'Object not found' });
      // remove() deletes what RLS lets it and lists that: nothing.
      expect(await theirs.remove([path])).toEqual({ data: [], error: null });
      expect((await theirs.list(alice.id)).data).toEqual([]);

      const still = await fetch(alice.sb.storage.from('recipe-photos').getPublicUrl(path).data.publicUrl);
      expect(Buffer.from(await still.arrayBuffer())).toEqual(PNG);
    });

    it('lets anyone, signed out too, read a photo by its public URL', async () => {
      const path = `${alice.id}/public.png`;
      await alice.sb.storage.from('recipe-photos').upload(path, png());
      const { publicUrl } = client(stack).storage.from('recipe-photos').getPublicUrl(path).data;
      const response = await fetch(publicUrl);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await response.arrayBuffer())).toEqual(PNG);
      expect(await bob.sb.storage.from('recipe-photos').exists(path)).toEqual({ data: true, error: null });
      // The anon key may not write anything.
      const anon = await client(stack).storage.from('recipe-photos').upload(`${alice.id}/anon.png`, png());
      expect(apiError(anon.error)).toMatchObject({ statusCode: '403' });
    });

    it('refuses a file over 5 MiB and a type that is not an image, saving nothing (uploader.ts)', async () => {
      const photos = alice.sb.storage.from('recipe-photos');
      const big = await photos.upload(`${alice.id}/big.png`, png(LIMITS.recipePhoto.maxBytes + 1));
      expect(apiError(big.error)).toEqual({
        name: 'StorageApiError',
        status: 400,
        statusCode: '413',
        message: 'The object exceeded the maximum allowed size',
      });
      const rawBig = await photos.upload(
        `${alice.id}/big-raw.png`,
        Buffer.alloc(LIMITS.recipePhoto.maxBytes + 1),
        {
          contentType: 'image/png',
        },
      );
      expect(apiError(rawBig.error)).toMatchObject({ statusCode: '413' });
      const exact = await photos.upload(`${alice.id}/exact.png`, png(LIMITS.recipePhoto.maxBytes));
      expect(exact.error).toBeNull();

      const text = await photos.upload(`${alice.id}/note.txt`, new Blob(['hi'], { type: 'text/plain' }));
      expect(apiError(text.error)).toEqual({
        name: 'StorageApiError',
        status: 400,
        statusCode: '415',
        message: 'mime type text/plain is not supported',
      });
      const svg = await photos.upload(`${alice.id}/x.svg`, Buffer.from('<svg/>'), {
        contentType: 'image/svg+xml',
      });
      expect(apiError(svg.error)).toMatchObject({
        statusCode: '415',
        message: 'mime type image/svg+xml is not supported',
      });
      const listed = await photos.list(alice.id, { search: 'big' });
      expect(listed.data).toEqual([]);
      const tmp = await stack.ctx.db.query<{ n: number }>(
        `select count(*)::int as n from storage.objects where name like $1`,
        [`${alice.id}/%.txt`],
      );
      expect(tmp.rows[0]!.n).toBe(0);
    });
  });

  describe('price-feeds', () => {
    it('is invisible to signed-in users and anon, and the service role reads and writes it', async () => {
      const feeds = admin.storage.from('price-feeds');
      expect(
        (await feeds.upload('incoming/feed.json', '{"version":1}', { contentType: 'application/json' }))
          .error,
      ).toBeNull();

      for (const who of [alice.sb, client(stack)]) {
        expect(apiError((await who.storage.getBucket('price-feeds')).error)).toMatchObject({
          statusCode: '404',
        });
        expect((await who.storage.listBuckets()).data?.map((b) => b.id)).not.toContain('price-feeds');
        expect((await who.storage.from('price-feeds').list('incoming')).data).toEqual([]);
        expect(
          apiError((await who.storage.from('price-feeds').download('incoming/feed.json')).error),
        ).toMatchObject({
          statusCode: '404',
          message: 'Object not found',
        });
        const write = await who.storage.from('price-feeds').upload('incoming/mine.json', '{}');
        expect(apiError(write.error)).toMatchObject({ statusCode: '403' });
        expect(await who.storage.from('price-feeds').remove(['incoming/feed.json'])).toEqual({
          data: [],
          error: null,
        });
      }
      expect(
        (await fetch(admin.storage.from('price-feeds').getPublicUrl('incoming/feed.json').data.publicUrl))
          .status,
      ).toBe(400);
      expect(await (await feeds.download('incoming/feed.json')).data!.text()).toBe('{"version":1}');
    });

    it('is a bucket users cannot create, change or delete', async () => {
      const created = await alice.sb.storage.createBucket('mine');
      expect(apiError(created.error)).toMatchObject({
        statusCode: '403',
        message: 'new row violates row-level security policy',
      });
      expect(
        apiError((await alice.sb.storage.updateBucket('price-feeds', { public: true })).error),
      ).toMatchObject({
        statusCode: '404',
      });
      expect((await admin.storage.getBucket('price-feeds')).data?.public).toBe(false);
    });
  });

  describe('hostile requests', () => {
    const auth = () => ({ authorization: `Bearer ${stack.serviceRoleKey}`, 'content-type': 'text/plain' });

    it('refuses names with .. segments, NUL, other bytes storage-api refuses, and keys over 1,024 bytes', async () => {
      const bucket = `hostile-${database}`;
      await admin.storage.createBucket(bucket);
      const bad = [
        'a/../b.txt',
        '../escape.txt',
        'a/%00b.txt',
        'caf%C3%A9.txt',
        'a/./b.txt',
        `${'k'.repeat(1025)}`,
      ];
      for (const key of bad) {
        const response = await rawRequest(
          stack,
          'POST',
          `/storage/v1/object/${bucket}/${key}`,
          auth(),
          Buffer.from('x'),
        );
        expect(response.status, key).toBe(400);
        expect(response.json, key).toMatchObject({
          statusCode: '400',
          code: 'InvalidKey',
          error: 'InvalidKey',
        });
      }
      const read = await rawRequest(stack, 'GET', `/storage/v1/object/${bucket}/../../etc/passwd`, auth());
      expect(read.json).toMatchObject({ code: 'InvalidKey' });
      const badBucket = await rawRequest(
        stack,
        'POST',
        `/storage/v1/object/..%2F..%2Fx/a.txt`,
        auth(),
        Buffer.from('x'),
      );
      expect(badBucket.json).toMatchObject({ code: 'InvalidBucketName' });
      // Dots inside a name are fine; only whole segments are refused.
      expect((await admin.storage.from(bucket).upload('a..b/c..d.txt', 'ok')).error).toBeNull();
      expect((await admin.storage.from(bucket).list('a..b')).data?.map((o) => o.name)).toEqual(['c..d.txt']);
      const { rows } = await stack.ctx.db.query<{ n: number }>(
        'select count(*)::int as n from storage.objects where bucket_id = $1',
        [bucket],
      );
      expect(rows[0]!.n).toBe(1);
    });

    it('answers others while one upload crawls, and drops the crawling one when it breaks off', async () => {
      const bucket = `slow-${database}`;
      await admin.storage.createBucket(bucket);
      const url = new URL(stack.url);
      const slow = request({
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path: `/storage/v1/object/${bucket}/slow.bin`,
        headers: { ...auth(), 'content-length': '1000000' },
      });
      slow.on('error', () => undefined);
      slow.write(Buffer.alloc(1000));
      for (let i = 0; i < 5; i++) {
        expect((await admin.storage.from(bucket).upload(`quick-${i}.txt`, `quick ${i}`)).error).toBeNull();
        expect(await (await admin.storage.from(bucket).download(`quick-${i}.txt`)).data!.text()).toBe(
          `quick ${i}`,
        );
      }
      expect((await admin.storage.from(bucket).list()).data?.map((o) => o.name)).toHaveLength(5);
      slow.destroy();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await admin.storage.from(bucket).exists('slow.bin')).toMatchObject({ data: false });
    });
  });
});
