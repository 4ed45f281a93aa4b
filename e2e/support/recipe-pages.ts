import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { ROOT } from './serve.ts';

const PAGES = join(ROOT, 'e2e/fixtures/recipe-pages');

/**
 * The "recipe sites" of the import tests: e2e/fixtures/recipe-pages/*.html on 127.0.0.1, and a
 * photo drawn here for any `/<name>.png` a page names. The import-recipe function refuses
 * loopback addresses, so the stack is started with this host alone let through
 * (IMPORT_ALLOW_HOSTS, as scripts/test-functions.sh does for its fixtures).
 */
export function serveRecipePages(port: number): Promise<Server> {
  const server = createServer((req, res) => {
    if (/^\/[a-z0-9-]+\.png$/.test(req.url ?? '')) {
      res.writeHead(200, { 'content-type': 'image/png' }).end(PHOTO);
      return;
    }
    const name = /^\/([a-z0-9-]+)$/.exec(req.url ?? '')?.[1];
    readFile(join(PAGES, `${name ?? 'missing'}.html`))
      .then((page) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page))
      .catch(() => res.writeHead(404).end());
  });
  return new Promise((done) => server.listen(port, '127.0.0.1', () => done(server)));
}

/** A 64 × 48 PNG in shortbread's colour: made here, so no image file is kept or copied. */
const PHOTO = png(64, 48, [222, 184, 120]);

function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).fill(Buffer.from([r, g, b]))]);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
