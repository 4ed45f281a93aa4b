/**
 * The stack's cron: it runs the migrations' pg_cron jobs on their schedules (read in UTC, as
 * pg_cron does; docs/decisions.md "Cron") by calling the job's function through the gateway
 * with the service role key, as the migration's `net.http_post` does on hosted Supabase.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Cron } from 'croner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config.ts';
import { readCronJobs, runCronJob } from '../src/cron/index.ts';
import { startTestStack, type TestStack, testDatabases } from './support/stack.ts';

/** A calendar date in Sydney, offset by whole days (the test's own reckoning, not shared/'s). */
function sydneyDate(offsetDays: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date());
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offsetDays);
  return date.toISOString().slice(0, 10);
}

describe('cron schedule', () => {
  it('reads cleanup-meals from the migration: daily at 14:05 UTC, after midnight in Sydney', () => {
    const job = readCronJobs(REPO_ROOT).find((j) => j.name === 'cleanup-meals');
    expect(job?.source).toMatch(/_cron_cleanup_meals\.sql$/);
    expect(existsSync(join(REPO_ROOT, 'supabase', 'functions', job!.name, 'index.ts'))).toBe(true);
    const runs = new Cron(job!.expression, { timezone: 'UTC', paused: true }).nextRuns(
      3,
      '2026-01-01T00:00:00Z',
    );
    expect(runs.map((d) => d.toISOString())).toEqual([
      '2026-01-01T14:05:00.000Z',
      '2026-01-02T14:05:00.000Z',
      '2026-01-03T14:05:00.000Z',
    ]);
    // 14:05 UTC is past midnight in Sydney in summer (UTC+11) and winter (UTC+10) alike.
    for (const instant of [...runs, new Date('2026-07-01T14:05:00Z')]) {
      const hour = Number(
        new Intl.DateTimeFormat('en-AU', {
          timeZone: 'Australia/Sydney',
          hour: 'numeric',
          hourCycle: 'h23',
        }).format(instant),
      );
      expect(hour).toBeLessThan(2);
    }
  });

  it('lets a later migration reschedule a job, as cron.schedule with the same name does', () => {
    const root = mkdtempSync(join(tmpdir(), 'larder-cron-'));
    try {
      expect(readCronJobs(root)).toEqual([]);
      mkdirSync(join(root, 'supabase', 'migrations'), { recursive: true });
      writeFileSync(
        join(root, 'supabase', 'migrations', '1_a.sql'),
        "select cron.schedule('job-a', '0 1 * * *', $$select 1$$);\nselect cron.schedule( 'job-b' , '*/5 * * * *', 'x');",
      );
      writeFileSync(
        join(root, 'supabase', 'migrations', '2_b.sql'),
        "select cron.schedule('job-a', '0 2 * * *', 'y');",
      );
      expect(readCronJobs(root)).toEqual([
        { name: 'job-a', expression: '0 2 * * *', source: '2_b.sql' },
        { name: 'job-b', expression: '*/5 * * * *', source: '1_a.sql' },
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe.each(testDatabases)('cron job cleanup-meals on %s', (database) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ database });
  });
  afterAll(() => stack?.stop());

  it('deletes every user’s meals dated before today in Sydney and keeps today’s and later', async () => {
    const users = [randomUUID(), randomUUID()];
    for (const id of users) {
      await stack.ctx.db.query(
        `insert into auth.users (instance_id, id, aud, role, email, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
         values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, '{}', '{}', now(), now())`,
        [id, `${id}@example.com`],
      );
      for (const offset of [-30, -1, 0, 1]) {
        await stack.ctx.db.query('insert into public.meal_planner (date, user_id) values ($1, $2)', [
          sydneyDate(offset),
          id,
        ]);
      }
    }
    const answer = await runCronJob(stack.ctx, { name: 'cleanup-meals' });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ deleted: 4 });
    const { rows } = await stack.ctx.db.query<{ date: string; user_id: string }>(
      `select to_char(date, 'YYYY-MM-DD') as date, user_id::text from public.meal_planner
        where user_id = any($1::uuid[]) order by user_id, date`,
      [users],
    );
    expect(rows).toEqual(
      [...users].sort().flatMap((id) => [
        { date: sydneyDate(0), user_id: id },
        { date: sydneyDate(1), user_id: id },
      ]),
    );
    const again = await runCronJob(stack.ctx, { name: 'cleanup-meals' });
    expect(JSON.parse(again.body)).toEqual({ deleted: 0 });
  });
});
