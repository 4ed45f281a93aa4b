import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { prepareImport } from './import-files.ts';

const fixture = (name: string): Uint8Array =>
  readFileSync(new URL(`../../scripts/prices/fixtures/${name}`, import.meta.url));
const TODAY = '2026-11-25';

async function gzip(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>])
    .stream()
    .pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

describe('prepareImport', () => {
  it('reads a gzipped file as the file itself, with its own checksum', async () => {
    const plain = await prepareImport(
      [{ name: 'hotprices.json', bytes: fixture('hotprices-canonical.json') }],
      {
        today: TODAY,
      },
    );
    const packed = await prepareImport(
      [{ name: 'hotprices.json.gz', bytes: await gzip(fixture('hotprices-canonical.json')) }],
      { today: TODAY },
    );
    expect(packed.errors).toEqual([]);
    expect(packed.formats).toEqual(['hotprices-au']);
    const rows = (p: typeof plain) => [p.rows.products, p.spans].map((list) => list.map((r) => r.row));
    expect(rows(packed)).toEqual(rows(plain));
    expect(packed.checksum).not.toBe(plain.checksum);
  });

  it('names a file that claims to be gzip but is not', async () => {
    const bytes = new Uint8Array([0x1f, 0x8b, 1, 2, 3, 4]);
    const prepared = await prepareImport([{ name: 'broken.json.gz', bytes }], { today: TODAY });
    expect(prepared.errors.map((e) => e.text)).toEqual([
      expect.stringMatching(/^broken\.json\.gz: is not a readable gzip file/),
    ]);
  });

  it('has one checksum for the same files in any order and names, another for another date', async () => {
    const a = { name: 'products.csv', bytes: fixture('products.csv') };
    const b = { name: 'prices.csv', bytes: fixture('prices.csv') };
    const one = await prepareImport([a, b], { today: TODAY });
    const two = await prepareImport(
      [
        { ...b, name: 'x.csv' },
        { ...a, name: 'y.csv' },
      ],
      { today: TODAY },
    );
    const dated = await prepareImport([a, b], { today: TODAY, date: '2026-11-20' });
    expect(one.checksum).toMatch(/^[0-9a-f]{64}$/);
    expect(two.checksum).toBe(one.checksum);
    expect(dated.checksum).not.toBe(one.checksum);
  });

  it('keeps the checksum the Node import gave: SHA-256 of the sorted file hashes and the dates', async () => {
    const { createHash } = await import('node:crypto');
    const sha = (d: Uint8Array | string) => createHash('sha256').update(d).digest('hex');
    const bytes = fixture('feed.json');
    const prepared = await prepareImport([{ name: 'feed.json', bytes }], {
      today: TODAY,
      asOf: '2026-11-20',
    });
    expect(prepared.checksum).toBe(sha(`${sha(bytes)}\ndate=\nasOf=2026-11-20`));
  });

  it('names a file of no known format, and reads nothing from it', async () => {
    const prepared = await prepareImport([
      { name: 'notes.json', bytes: new TextEncoder().encode('{"a": 1}') },
    ]);
    expect(prepared.errors.map((e) => e.text)).toEqual([
      expect.stringMatching(/^notes\.json: is not a format this import reads/),
    ]);
    expect(prepared.formats).toEqual([]);
  });
});
