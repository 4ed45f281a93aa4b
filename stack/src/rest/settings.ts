import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'smol-toml';

export interface RestSettings {
  /** `[api] max_rows`: PostgREST's db-max-rows, the most rows a read returns (Supabase: 1000). */
  maxRows: number | undefined;
}

/** The API settings of `supabase/config.toml`, as `supabase start` hands them to PostgREST. */
export function readRestSettings(root: string): RestSettings {
  try {
    const toml = parse(readFileSync(join(root, 'supabase', 'config.toml'), 'utf8')) as {
      api?: { max_rows?: unknown };
    };
    const maxRows = toml.api?.max_rows;
    return { maxRows: typeof maxRows === 'number' && maxRows > 0 ? maxRows : undefined };
  } catch {
    return { maxRows: undefined };
  }
}
