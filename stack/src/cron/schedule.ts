import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One pg_cron job that calls an Edge Function. */
export interface CronJob {
  /** The pg_cron job name, which is also the function it calls. */
  name: string;
  /** A standard five-field cron expression, read in UTC as pg_cron does. */
  expression: string;
  /** The migration that schedules it. */
  source: string;
}

/** docs/decisions.md "Cron": how the stack reads the migration's `cron.schedule(…)` call. */
const SCHEDULE = /cron\.schedule\(\s*'([^']+)'\s*,\s*'([^']+)'/g;

/**
 * The jobs the migrations give pg_cron. The `cron.schedule` call in the migration is the one
 * definition of a schedule: hosted Supabase runs it with pg_cron, the local stack from here.
 * A later migration scheduling the same job name replaces it, as `cron.schedule` does.
 */
export function readCronJobs(root: string): CronJob[] {
  const dir = join(root, 'supabase', 'migrations');
  let files: string[];
  try {
    files = readdirSync(dir)
      .filter((f) => f.endsWith('.sql'))
      .sort();
  } catch {
    return [];
  }
  const jobs = new Map<string, CronJob>();
  for (const file of files) {
    const sql = readFileSync(join(dir, file), 'utf8');
    for (const match of sql.matchAll(SCHEDULE)) {
      const [, name, expression] = match as unknown as [string, string, string];
      jobs.set(name, { name, expression, source: file });
    }
  }
  return [...jobs.values()];
}
