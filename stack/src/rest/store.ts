import type { Db } from '../db/index.ts';
import { RestError } from './errors.ts';
import { loadSchema, type SchemaCache } from './schema.ts';
import { type RestSettings, readDbSettings } from './settings.ts';

/** A cheap summary of what the caches depend on; when it changes, they are reloaded. */
const FINGERPRINT = `
select concat_ws(':',
  (select count(*) from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = any(string_to_array($1::text, ',')) and a.attnum > 0 and not a.attisdropped),
  (select count(*) from pg_constraint),
  (select count(*) from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname not in ('pg_catalog', 'information_schema')),
  (select count(*) from pg_index i join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = any(string_to_array($1::text, ','))),
  (select max(c.xmin::text::bigint) from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = any(string_to_array($1::text, ','))),
  (select max(p.xmin::text::bigint) from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname not in ('pg_catalog', 'information_schema')),
  (select count(*) from pg_rewrite)
) as fp`;

/**
 * PostgREST's schema cache and in-database configuration: loaded once, the cache reloaded on
 * `NOTIFY pgrst, 'reload schema'` (or an empty payload), when the catalog's fingerprint changes
 * (checked at most once a second, so migrations applied while the stack runs are picked up)
 * and on a cache miss; the configuration on `NOTIFY pgrst, 'reload config'`, as PostgREST's
 * listener does.
 */
export class SchemaStore {
  #caches: Map<string, SchemaCache> | undefined;
  #loading: Promise<Map<string, SchemaCache>> | undefined;
  #fingerprint = '';
  #checkedAt = 0;
  #checking: Promise<void> | undefined;
  #unlisten: (() => Promise<void>) | undefined;
  #settings: RestSettings;
  #settingsLoading: Promise<void> | undefined;

  constructor(
    readonly db: Db,
    /** Settings from config.toml; the in-database ones (pgrst.*) are applied over them. */
    readonly fileSettings: RestSettings,
    /** Settings no database can change (a test's, or the stack's options). */
    readonly fixed: Partial<RestSettings> = {},
    readonly checkEveryMs = 1000,
  ) {
    this.#settings = { ...fileSettings, ...fixed };
  }

  async start(): Promise<void> {
    try {
      this.#unlisten = await this.db.listen('pgrst', (payload) => {
        if (payload === '' || payload === 'reload schema') this.invalidate();
        if (payload === 'reload config') void this.reloadSettings();
      });
    } catch {
      // Without LISTEN the fingerprint check still keeps the cache fresh.
    }
    await this.reloadSettings();
  }

  /** The configuration in effect (config.toml, then `pgrst.*` in-database settings). */
  get settings(): RestSettings {
    return this.#settings;
  }

  /** Waits for a configuration reload in progress (a request just after NOTIFY sees it). */
  async currentSettings(): Promise<RestSettings> {
    await this.#settingsLoading;
    return this.#settings;
  }

  reloadSettings(): Promise<void> {
    const load = (async () => {
      try {
        const fromDb = await readDbSettings(this.db);
        const next = { ...this.fileSettings, ...fromDb, ...this.fixed };
        if (next.schemas.join(',') !== this.#settings.schemas.join(',')) this.invalidate();
        this.#settings = next;
      } catch {
        // Keep the settings in effect; the next reload tries again.
      }
    })();
    this.#settingsLoading = load;
    return load;
  }

  invalidate(): void {
    this.#caches = undefined;
  }

  /** The cache of an exposed schema (the default, the first, when none is named). */
  async get(schema = this.#settings.schemas[0]!): Promise<SchemaCache> {
    await this.#settingsLoading;
    if (this.#caches && Date.now() - this.#checkedAt > this.checkEveryMs) {
      this.#checking ??= this.#check().finally(() => {
        this.#checking = undefined;
      });
      await this.#checking;
    }
    const caches = this.#caches ?? (await this.reload());
    return caches.get(schema) ?? (await this.reload()).get(schema)!;
  }

  async reload(): Promise<Map<string, SchemaCache>> {
    this.#loading ??= (async () => {
      try {
        const [fp, caches] = await this.#loadAll();
        this.#fingerprint = fp;
        this.#checkedAt = Date.now();
        this.#caches = caches;
        return caches;
      } finally {
        this.#loading = undefined;
      }
    })();
    return this.#loading;
  }

  /** On a cache miss: reload only if the catalog changed since the cache was built. */
  async refreshIfChanged(schema = this.#settings.schemas[0]!): Promise<SchemaCache> {
    const fp = await this.#readFingerprint();
    this.#checkedAt = Date.now();
    if (this.#caches && fp === this.#fingerprint && this.#caches.has(schema))
      return this.#caches.get(schema)!;
    return (await this.reload()).get(schema)!;
  }

  async #loadAll(): Promise<[string, Map<string, SchemaCache>]> {
    try {
      const fp = await this.#readFingerprint();
      const caches = new Map<string, SchemaCache>();
      for (const schema of this.#settings.schemas) {
        caches.set(schema, await loadSchema(this.db, schema, this.db.kind === 'pglite'));
      }
      return [fp, caches];
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
    const { rows } = await this.db.query<{ fp: string }>(FINGERPRINT, [this.#settings.schemas.join(',')]);
    return rows[0]?.fp ?? '';
  }

  async #check(): Promise<void> {
    this.#checkedAt = Date.now();
    try {
      const fp = await this.#readFingerprint();
      if (fp !== this.#fingerprint) this.#caches = undefined;
    } catch {
      // A failed check keeps the cache; the next one retries.
    }
  }

  async close(): Promise<void> {
    await this.#unlisten?.().catch(() => undefined);
  }
}
