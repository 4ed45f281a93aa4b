import type { Db } from '../db/index.ts';
import { RestError } from './errors.ts';
import { loadSchema, type SchemaCache } from './schema.ts';

/** A cheap summary of what the cache depends on; when it changes, the cache is reloaded. */
const FINGERPRINT = `
select concat_ws(':',
  (select count(*) from pg_attribute a join pg_class c on c.oid = a.attrelid
    where c.relnamespace = 'public'::regnamespace and a.attnum > 0 and not a.attisdropped),
  (select count(*) from pg_constraint where connamespace = 'public'::regnamespace),
  (select count(*) from pg_proc where pronamespace = 'public'::regnamespace),
  (select count(*) from pg_index i join pg_class c on c.oid = i.indrelid where c.relnamespace = 'public'::regnamespace),
  (select max(xmin::text::bigint) from pg_class where relnamespace = 'public'::regnamespace)
) as fp`;

/**
 * PostgREST's schema cache: loaded once, reloaded on `NOTIFY pgrst, 'reload schema'`, when
 * the catalog's fingerprint changes (checked at most once a second, so migrations applied
 * while the stack runs are picked up), and on a cache miss.
 */
export class SchemaStore {
  #cache: SchemaCache | undefined;
  #loading: Promise<SchemaCache> | undefined;
  #fingerprint = '';
  #checkedAt = 0;
  #checking: Promise<void> | undefined;
  #unlisten: (() => Promise<void>) | undefined;

  constructor(
    readonly db: Db,
    readonly checkEveryMs = 1000,
  ) {}

  async start(): Promise<void> {
    try {
      this.#unlisten = await this.db.listen('pgrst', (payload) => {
        if (payload === '' || payload === 'reload schema') this.invalidate();
      });
    } catch {
      // Without LISTEN the fingerprint check still keeps the cache fresh.
    }
  }

  invalidate(): void {
    this.#cache = undefined;
  }

  async get(): Promise<SchemaCache> {
    if (this.#cache && Date.now() - this.#checkedAt > this.checkEveryMs) {
      this.#checking ??= this.#check().finally(() => {
        this.#checking = undefined;
      });
      await this.#checking;
    }
    if (this.#cache) return this.#cache;
    return this.reload();
  }

  /** Reloads unless a load finished within `minAgeMs` (so misses do not hammer the catalog). */
  async reload(minAgeMs = 0): Promise<SchemaCache> {
    if (this.#cache && Date.now() - this.#cache.loadedAt < minAgeMs) return this.#cache;
    this.#loading ??= (async () => {
      try {
        const [fp, cache] = await this.#loadBoth();
        this.#fingerprint = fp;
        this.#checkedAt = Date.now();
        this.#cache = cache;
        return cache;
      } finally {
        this.#loading = undefined;
      }
    })();
    return this.#loading;
  }

  /** On a cache miss: reload only if the catalog changed since the cache was built. */
  async refreshIfChanged(): Promise<SchemaCache> {
    const fp = await this.#readFingerprint();
    this.#checkedAt = Date.now();
    if (this.#cache && fp === this.#fingerprint) return this.#cache;
    return this.reload();
  }

  async #loadBoth(): Promise<[string, SchemaCache]> {
    try {
      const fp = await this.#readFingerprint();
      return [fp, await loadSchema(this.db, this.db.kind === 'pglite')];
    } catch (error) {
      // PostgREST answers 503 PGRST002 while it cannot build its schema cache.
      throw new RestError(
        503,
        'PGRST002',
        'Could not query the database for the schema cache. Retrying.',
        String(error),
      );
    }
  }

  async #readFingerprint(): Promise<string> {
    const { rows } = await this.db.query<{ fp: string }>(FINGERPRINT);
    return rows[0]?.fp ?? '';
  }

  async #check(): Promise<void> {
    this.#checkedAt = Date.now();
    try {
      const fp = await this.#readFingerprint();
      if (fp !== this.#fingerprint) this.#cache = undefined;
    } catch {
      // A failed check keeps the cache; the next one retries.
    }
  }

  async close(): Promise<void> {
    await this.#unlisten?.().catch(() => undefined);
  }
}
