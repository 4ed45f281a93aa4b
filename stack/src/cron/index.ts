import type { StackContext } from '../context.ts';

/** Stub until the cron runner lands: schedules nothing. Returns the function that stops it. */
export function startCron(_ctx: StackContext): () => void {
  return () => undefined;
}
