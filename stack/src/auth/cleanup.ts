import type { StackContext } from '../context.ts';

/**
 * GoTrue's models.Cleanup, limited to the tables this stack writes: after each state-changing
 * request one of these small deletes runs in turn, so revoked refresh tokens and abandoned
 * PKCE flows do not pile up in a long-running database.
 */
const STATEMENTS = [
  `delete from auth.refresh_tokens where id in (select id from auth.refresh_tokens
     where revoked is true and updated_at < now() - interval '24 hours' limit 100 for update skip locked)`,
  `delete from auth.flow_state where id in (select id from auth.flow_state
     where created_at < now() - interval '24 hours' limit 100 for update skip locked)`,
];

export interface Cleaner {
  /** Runs the next statement in the background; failures are logged, never surfaced. */
  tick(): void;
  /** Waits for a running statement (the stack is stopping). */
  drain(): Promise<void>;
}

export function createCleaner(ctx: StackContext): Cleaner {
  let next = 0;
  let running: Promise<void> | null = null;
  return {
    tick() {
      if (running) return;
      const sql = STATEMENTS[next++ % STATEMENTS.length]!;
      running = ctx.db
        .query(sql)
        .then(
          () => undefined,
          (error: unknown) => ctx.log.warn(`auth cleanup failed: ${(error as Error).message}`),
        )
        .finally(() => {
          running = null;
        });
    },
    async drain() {
      await running;
    },
  };
}
