import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { copyFile, type FileHandle, link, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { ERRORS } from './errors.ts';

const VERSION = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** What a finished upload left on disk, for the object's metadata. */
export interface StoredFile {
  version: string;
  size: number;
  /** S3's ETag of a single-part upload: the quoted MD5 of the content. */
  eTag: string;
  lastModified: string;
}

/** One upload being written: chunks in, then commit (durable) or abort (gone). */
export interface FileSink {
  /** Appends a chunk; throws EntityTooLarge past the cap, leaving nothing behind once aborted. */
  write(chunk: Buffer): Promise<void>;
  /** fsyncs the file, moves it in place and fsyncs the folder: it survives a crash from here. */
  commit(): Promise<StoredFile>;
  abort(): Promise<void>;
}

async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * The objects' contents on the local disk. Each stored version is one immutable file named by
 * the object's `version` (a UUID, as storage-api names versions), under `objects/`; the names,
 * buckets and every other fact live in `storage.objects`. Renaming or moving an object therefore
 * never touches the disk, a copy is a hard link, and no object name ever becomes a path, so no
 * name can reach outside the folder. Uploads are written to `tmp/` first.
 */
export class FileStore {
  readonly objectsDir: string;
  readonly tmpDir: string;

  constructor(readonly root: string) {
    this.objectsDir = join(root, 'objects');
    this.tmpDir = join(root, 'tmp');
  }

  /** Creates the folders and drops what unfinished uploads left in tmp/ (a crash mid-upload). */
  async init(): Promise<void> {
    await mkdir(this.objectsDir, { recursive: true });
    await mkdir(this.tmpDir, { recursive: true });
    for (const name of await readdir(this.tmpDir)) await rm(join(this.tmpDir, name), { force: true });
  }

  path(version: string): string {
    if (!VERSION.test(version)) throw ERRORS.noSuchKey();
    return join(this.objectsDir, version);
  }

  async create(maxBytes: number): Promise<FileSink> {
    const version = randomUUID();
    const tmp = join(this.tmpDir, version);
    const handle: FileHandle = await open(tmp, 'wx');
    const md5 = createHash('md5');
    let size = 0;
    let closed = false;
    const close = async () => {
      if (!closed) {
        closed = true;
        await handle.close();
      }
    };
    return {
      write: async (chunk) => {
        size += chunk.length;
        if (size > maxBytes) throw ERRORS.entityTooLarge();
        md5.update(chunk);
        await handle.write(chunk);
      },
      commit: async () => {
        await handle.sync();
        await close();
        const target = this.path(version);
        await rename(tmp, target);
        await syncDir(this.objectsDir);
        const { mtime } = await stat(target);
        return { version, size, eTag: `"${md5.digest('hex')}"`, lastModified: mtime.toISOString() };
      },
      abort: async () => {
        await close().catch(() => undefined);
        await rm(tmp, { force: true });
      },
    };
  }

  /** A new version with the same content (a hard link; a copy where links are not possible). */
  async duplicate(version: string): Promise<string> {
    const copy = randomUUID();
    try {
      await link(this.path(version), this.path(copy));
    } catch {
      await copyFile(this.path(version), this.path(copy));
    }
    await syncDir(this.objectsDir);
    return copy;
  }

  read(version: string, range?: { start: number; end: number }): ReadStream {
    return createReadStream(this.path(version), range);
  }

  /** Removes versions no row names any more; a file already gone is not an error. */
  async remove(versions: (string | null | undefined)[]): Promise<void> {
    for (const version of versions) {
      if (version && VERSION.test(version)) await rm(this.path(version), { force: true });
    }
  }
}
