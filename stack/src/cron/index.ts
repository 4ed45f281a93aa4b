import { Cron } from 'croner';
import type { StackContext } from '../context.ts';
import { type CronJob, readCronJobs } from './schedule.ts';

export type { CronJob } from './schedule.ts';
export { readCronJobs } from './schedule.ts';

/**
 * Calls a job's function through the stack's own gateway with the service role key, as the
 * migration's `net.http_post` does on hosted Supabase, and returns its answer.
 */
export async function runCronJob(
  ctx: StackContext,
  job: Pick<CronJob, 'name'>,
): Promise<{ status: number; body: string }> {
  const response = await fetch(`${ctx.config.url}/functions/v1/${encodeURIComponent(job.name)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${ctx.config.serviceRoleKey}` },
    body: '{}',
  });
  return { status: response.status, body: await response.text() };
}

/**
 * Runs the migrations' pg_cron jobs on their schedules (UTC, as pg_cron). Returns the function
 * that stops them.
 */
export function startCron(ctx: StackContext): () => void {
  const timers = readCronJobs(ctx.config.root).map(
    (job) =>
      new Cron(job.expression, { name: `larder-${job.name}`, timezone: 'UTC', protect: true }, async () => {
        try {
          const { status, body } = await runCronJob(ctx, job);
          const line = `[cron] ${job.name}: ${status} ${body.slice(0, 200)}`;
          if (status >= 400) ctx.log.warn(line);
          else ctx.log.info(line);
        } catch (error) {
          ctx.log.error(`[cron] ${job.name} failed`, error);
        }
      }),
  );
  for (const timer of timers) {
    ctx.log.info(
      `[cron] ${timer.name?.replace(/^larder-/, '')} scheduled '${timer.getPattern()}' UTC; next ${timer.nextRun()?.toISOString()}`,
    );
  }
  return () => {
    for (const timer of timers) timer.stop();
  };
}
