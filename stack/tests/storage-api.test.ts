/**
 * Storage conformance through supabase-js's `storage` client: buckets, upload, download, public
 * and signed URLs, list, remove, move, copy, info and exists. Expected answers are Supabase
 * Storage's (github.com/supabase/storage): the route file under src/http/routes/ named in each
 * test, errors from src/internal/errors/codes.ts (HTTP 400 with the real status in the body's
 * statusCode, src/internal/errors/storage-error.ts).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, client } from './support/auth-client.ts';
import { startTestStack, type TestStack, testDatabases } from './support/stack.ts';
import { apiError } from './support/storage.ts';

describe.each(testDatabases)('storage API on %s', (database) => {
  let stack: TestStack;
  let admin: SupabaseClient;
  beforeAll(async () => {
    stack = await startTestStack({ database });
    admin = adminClient(stack);
  });
  afterAll(() => stack?.stop());

  let n = 0;
  /** A fresh private bucket per test, so tests never see each other's objects. */
  async function bucket(
    options: Parameters<SupabaseClient['storage']['createBucket']>[1] = { public: false },
  ) {
    const id = `test-${database}-${++n}`;
    const { data, error } = await admin.storage.createBucket(id, options);
    expect(error).toBeNull();
    expect(data).toEqual({ name: id });
    return id;
  }

  describe('buckets (routes/bucket/*)', () => {
    it('creates, gets, updates, lists, empties and deletes a bucket as the service role', async () => {
      const id = await bucket({ public: false, fileSizeLimit: '1MB', allowedMimeTypes: ['image/png'] });
      const got = await admin.storage.getBucket(id);
      expect(got.error).toBeNull();
      expect(got.data).toMatchObject({
        id,
        name: id,
        owner: '',
        public: false,
        file_size_limit: 1_000_000,
        allowed_mime_types: ['image/png'],
      });
      expect(got.data!.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

      const updated = await admin.storage.updateBucket(id, {
        public: true,
        fileSizeLimit: 2048,
        allowedMimeTypes: null,
      });
      expect(updated).toEqual({ data: { message: 'Successfully updated' }, error: null });
      expect((await admin.storage.getBucket(id)).data).toMatchObject({
        public: true,
        file_size_limit: 2048,
        allowed_mime_types: null,
      });

      const listed = await admin.storage.listBuckets({ search: id });
      expect(listed.data?.map((b) => [b.id, b.type])).toEqual([[id, 'STANDARD']]);

      await admin.storage.from(id).upload('a.txt', 'one');
      const notEmpty = await admin.storage.deleteBucket(id);
      expect(apiError(notEmpty.error)).toEqual({
        name: 'StorageApiError',
        status: 400,
        statusCode: '409',
        message: 'The bucket you tried to delete is not empty',
      });
      expect((await admin.storage.emptyBucket(id)).data).toEqual({
        message: 'Empty bucket has been queued. Completion may take up to an hour.',
      });
      expect((await admin.storage.from(id).list()).data).toEqual([]);
      expect(await admin.storage.deleteBucket(id)).toEqual({
        data: { message: 'Successfully deleted' },
        error: null,
      });
      const gone = await admin.storage.getBucket(id);
      expect(apiError(gone.error)).toMatchObject({
        status: 400,
        statusCode: '404',
        message: 'Bucket not found',
      });
    });

    it('refuses a duplicate, an invalid name and a limit over the stack-wide 50 MiB (storage.ts createBucket)', async () => {
      const id = await bucket();
      expect(apiError((await admin.storage.createBucket(id)).error)).toMatchObject({
        status: 400,
        statusCode: '409',
        message: 'The resource already exists',
      });
      const raw = await fetch(`${stack.url}/storage/v1/bucket`, {
        method: 'POST',
        headers: { authorization: `Bearer ${stack.serviceRoleKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'bad/name' }),
      });
      expect(raw.status).toBe(400);
      expect(await raw.json()).toEqual({
        statusCode: '400',
        code: 'InvalidBucketName',
        error: 'Invalid Input',
        message: 'Bucket name invalid',
      });
      const tooBig = await admin.storage.createBucket(`${id}-big`, { public: false, fileSizeLimit: '60MB' });
      expect(apiError(tooBig.error)).toMatchObject({
        statusCode: '413',
        message: 'The object exceeded the maximum allowed size',
      });
    });

    it('declares recipe-photos and price-feeds from the migrations', async () => {
      const photos = await admin.storage.getBucket('recipe-photos');
      expect(photos.data).toMatchObject({ public: true, file_size_limit: 5 * 1024 * 1024 });
      expect(photos.data!.allowed_mime_types).toEqual(['image/jpeg', 'image/png', 'image/webp']);
      expect((await admin.storage.getBucket('price-feeds')).data).toMatchObject({ public: false });
    });
  });

  describe('objects (routes/object/*)', () => {
    it('uploads a Blob as multipart and a Buffer as a raw body, keeping type, cache control and ETag', async () => {
      const id = await bucket();
      const files = admin.storage.from(id);
      const blob = await files.upload('folder/note.txt', new Blob(['hello'], { type: 'text/markdown' }), {
        cacheControl: '120',
      });
      expect(blob.error).toBeNull();
      expect(blob.data).toMatchObject({ path: 'folder/note.txt', fullPath: `${id}/folder/note.txt` });
      expect(blob.data!.id).toMatch(/^[0-9a-f-]{36}$/);
      const raw = await files.upload('folder/raw.bin', Buffer.from([0, 1, 2, 255]), {
        contentType: 'application/x-thing',
        cacheControl: '60',
      });
      expect(raw.error).toBeNull();

      const response = await fetch(`${stack.url}/storage/v1/object/${id}/folder/note.txt`, {
        headers: { authorization: `Bearer ${stack.serviceRoleKey}` },
      });
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('hello');
      expect(response.headers.get('content-type')).toBe('text/markdown');
      expect(response.headers.get('cache-control')).toBe('max-age=120');
      // S3's ETag of a single PUT: the quoted MD5 of the content.
      expect(response.headers.get('etag')).toBe('"5d41402abc4b2a76b9719d911017c592"');
      expect(response.headers.get('last-modified')).toMatch(/GMT$/);

      const downloaded = await files.download('folder/raw.bin');
      expect(Buffer.from(await downloaded.data!.arrayBuffer())).toEqual(Buffer.from([0, 1, 2, 255]));
      const info = await files.info('folder/raw.bin');
      expect(info.data).toMatchObject({
        name: 'folder/raw.bin',
        bucketId: id,
        size: 4,
        contentType: 'application/x-thing',
        cacheControl: 'max-age=60',
      });
      expect(await files.exists('folder/raw.bin')).toEqual({ data: true, error: null });
      expect((await files.exists('folder/none.bin')).data).toBe(false);
    });

    it('refuses a second upload to the same path unless upsert (uploader.ts canUpload)', async () => {
      const id = await bucket();
      const files = admin.storage.from(id);
      await files.upload('a.txt', 'first');
      const again = await files.upload('a.txt', 'second');
      expect(apiError(again.error)).toEqual({
        name: 'StorageApiError',
        status: 400,
        statusCode: '409',
        message: 'The resource already exists',
      });
      expect(await (await files.download('a.txt')).data!.text()).toBe('first');
      expect((await files.upload('a.txt', 'second', { upsert: true })).error).toBeNull();
      expect(await (await files.download('a.txt')).data!.text()).toBe('second');
      expect((await files.update('a.txt', 'third')).error).toBeNull();
      expect(await (await files.download('a.txt')).data!.text()).toBe('third');
    });

    it('serves a public bucket at getPublicUrl to anyone, a private one to nobody without a token', async () => {
      const open = await bucket({ public: true });
      const closed = await bucket({ public: false });
      await admin.storage.from(open).upload('p.txt', 'public words', { contentType: 'text/plain' });
      await admin.storage.from(closed).upload('p.txt', 'private words', { contentType: 'text/plain' });

      const { publicUrl } = admin.storage.from(open).getPublicUrl('p.txt').data;
      expect(publicUrl).toBe(`${stack.url}/storage/v1/object/public/${open}/p.txt`);
      const read = await fetch(publicUrl);
      expect(read.status).toBe(200);
      expect(await read.text()).toBe('public words');
      const asDownload = await fetch(
        admin.storage.from(open).getPublicUrl('p.txt', { download: 'x y.txt' }).data.publicUrl,
      );
      expect(asDownload.headers.get('content-disposition')).toBe(
        "attachment; filename=x%20y.txt; filename*=UTF-8''x%20y.txt",
      );

      const privateUrl = admin.storage.from(closed).getPublicUrl('p.txt').data.publicUrl;
      const refused = await fetch(privateUrl);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({
        statusCode: '404',
        code: 'NoSuchBucket',
        error: 'Bucket not found',
        message: 'Bucket not found',
      });
      // The anon key reads under RLS: no policy lets anon see the private object.
      const anon = await client(stack).storage.from(closed).download('p.txt');
      expect(apiError(anon.error)).toMatchObject({
        status: 400,
        statusCode: '404',
        message: 'Object not found',
      });
      expect(await (await client(stack).storage.from(open).download('p.txt')).data!.text()).toBe(
        'public words',
      );
    });

    it('signs URLs with the JWT secret, and refuses tampered, foreign and expired ones (getSignedObject.ts)', async () => {
      const id = await bucket();
      const files = admin.storage.from(id);
      await files.upload('s/one.txt', 'one');
      await files.upload('s/two.txt', 'two');

      const signed = await files.createSignedUrl('s/one.txt', 60, { download: true });
      expect(signed.error).toBeNull();
      const url = new URL(signed.data!.signedUrl);
      expect(url.pathname).toBe(`/storage/v1/object/sign/${id}/s/one.txt`);
      const got = await fetch(url);
      expect(got.status).toBe(200);
      expect(await got.text()).toBe('one');
      expect(got.headers.get('expires')).toMatch(/GMT$/);
      expect(got.headers.get('content-disposition')).toBe('attachment;');

      const many = await files.createSignedUrls(['s/one.txt', 's/missing.txt'], 60);
      expect(many.data?.map((d) => [d.path, d.error])).toEqual([
        ['s/one.txt', null],
        ['s/missing.txt', 'Either the object does not exist or you do not have access to it'],
      ]);
      expect(await (await fetch(many.data![0]!.signedUrl!)).text()).toBe('one');

      const token = url.searchParams.get('token')!;
      const foreign = await fetch(`${stack.url}/storage/v1/object/sign/${id}/s/two.txt?token=${token}`);
      expect(await foreign.json()).toEqual({
        statusCode: '400',
        code: 'InvalidSignature',
        error: 'InvalidSignature',
        message: 'Invalid signature',
      });
      const tampered = await fetch(
        `${stack.url}/storage/v1/object/sign/${id}/s/one.txt?token=${token.slice(0, -3)}abc`,
      );
      expect(tampered.status).toBe(400);
      expect(await tampered.json()).toMatchObject({ statusCode: '400', code: 'InvalidJWT' });

      const short = await files.createSignedUrl('s/two.txt', 1);
      await new Promise((resolve) => setTimeout(resolve, 2100));
      const expired = await fetch(short.data!.signedUrl);
      expect(expired.status).toBe(400);
      expect(await expired.json()).toMatchObject({
        code: 'InvalidJWT',
        message: '"exp" claim timestamp check failed',
      });

      const missing = await files.createSignedUrl('s/none.txt', 60);
      expect(apiError(missing.error)).toMatchObject({ statusCode: '404', message: 'Object not found' });
    });

    it('lists one level with prefix, limit, offset, sortBy and search (listObjects.ts, storage.search)', async () => {
      const id = await bucket();
      const files = admin.storage.from(id);
      for (const name of [
        'docs/b.txt',
        'docs/A.txt',
        'docs/c.txt',
        'docs/sub/deep.txt',
        'top.txt',
        'docs.txt',
      ]) {
        await files.upload(name, name);
      }
      const names = async (path?: string, options?: Parameters<typeof files.list>[1]) => {
        const { data, error } = await files.list(path, options);
        expect(error).toBeNull();
        return data!.map((e) => (e.id === null ? `${e.name}/` : e.name));
      };
      // Folders sit where their first object sorts ('docs.txt' < 'docs/…': '.' before '/').
      expect(await names()).toEqual(['docs.txt', 'docs/', 'top.txt']);
      expect(await names('docs')).toEqual(['A.txt', 'b.txt', 'c.txt', 'sub/']);
      expect(await names('docs', { limit: 2, offset: 1 })).toEqual(['b.txt', 'c.txt']);
      expect(await names('docs', { sortBy: { column: 'name', order: 'desc' } })).toEqual([
        'sub/',
        'c.txt',
        'b.txt',
        'A.txt',
      ]);
      // Search is a case-insensitive prefix of the names at this level.
      expect(await names('docs', { search: 'a' })).toEqual(['A.txt']);
      // Other sort columns: folders first, then files by the column.
      expect(await names('docs', { sortBy: { column: 'created_at', order: 'desc' } })).toEqual([
        'sub/',
        'c.txt',
        'A.txt',
        'b.txt',
      ]);
      const [entry] = (await files.list('docs', { limit: 1 })).data!;
      expect(entry!.metadata).toMatchObject({
        size: 10,
        mimetype: 'text/plain;charset=UTF-8',
        httpStatusCode: 200,
      });
      expect(entry!.metadata!.eTag).toMatch(/^"[0-9a-f]{32}"$/);
    });

    it('moves and copies, and removes many at once (moveObject.ts, copyObject.ts, deleteObjects.ts)', async () => {
      const id = await bucket();
      const other = await bucket();
      const files = admin.storage.from(id);
      await files.upload('m/one.txt', 'one');
      await files.upload('m/two.txt', 'two');

      const moved = await files.move('m/one.txt', 'n/one.txt');
      expect(moved.error).toBeNull();
      expect(moved.data).toMatchObject({ message: 'Successfully moved', Key: 'n/one.txt' });
      expect((await files.download('m/one.txt')).error).not.toBeNull();
      expect(await (await files.download('n/one.txt')).data!.text()).toBe('one');

      const copied = await files.copy('n/one.txt', 'c/one.txt', { destinationBucket: other });
      expect(copied).toEqual({ data: { path: `${other}/c/one.txt` }, error: null });
      expect(await (await admin.storage.from(other).download('c/one.txt')).data!.text()).toBe('one');
      const onto = await files.move('m/two.txt', 'n/one.txt');
      expect(apiError(onto.error)).toMatchObject({
        statusCode: '409',
        message: 'The resource already exists',
      });

      const removed = await files.remove(['n/one.txt', 'm/two.txt', 'never/was.txt']);
      expect(removed.error).toBeNull();
      expect(removed.data!.map((o) => o.name).sort()).toEqual(['m/two.txt', 'n/one.txt']);
      expect(removed.data![0]).toMatchObject({ bucket_id: id, owner: '', metadata: { size: 3 } });
      expect(await files.list('n')).toEqual({ data: [], error: null });
      // The copy is a version of its own: removing the source left it intact.
      expect(await (await admin.storage.from(other).download('c/one.txt')).data!.text()).toBe('one');
    });

    it('answers an unknown route as storage-api does (not-found-handler.ts)', async () => {
      const response = await fetch(`${stack.url}/storage/v1/nothing/here`, {
        headers: { authorization: `Bearer ${stack.serviceRoleKey}` },
      });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        statusCode: '404',
        code: 'InvalidRequest',
        error: 'Not Found',
        message: 'Route GET:/nothing/here not found',
      });
    });
  });
});
