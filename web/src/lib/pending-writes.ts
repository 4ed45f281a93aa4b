/**
 * Changes a screen shows before the server has them (a tick, a share, a favourite), laid over
 * reads.
 *
 * A read sent before such a change was confirmed may answer with the data as it was, and would
 * undo what the screen already shows, until the live channel's message put it back: a tick that
 * flickers off, a box that unticks itself. So each change is kept until the first read sent after
 * its confirmation, which is the server's word on it; reads sent earlier get the change laid over
 * what they answer.
 */
export interface PendingWrites<R, C> {
  /** Call as a read leaves; what it returns lays the changes still pending over its rows. */
  read(): (rows: R[]) => R[];
  /**
   * Shows `change` on reads until confirmed, while `send` saves it. If it fails and no later
   * change with the same id has been made since, it is dropped and `undo` runs; the error is
   * thrown either way.
   */
  write(id: string, change: C, send: () => Promise<unknown>, undo?: () => void): Promise<void>;
  clear(): void;
}

/** `lay` puts the changes still pending, by id, over what a read answered. */
export function pendingChanges<R, C>(
  lay: (rows: R[], changes: ReadonlyMap<string, C>) => R[],
): PendingWrites<R, C> {
  // readsBefore: how many reads had left when the change was confirmed (unconfirmed: all).
  const pending = new Map<string, { change: C; readsBefore: number }>();
  let readsSent = 0;
  return {
    read() {
      const read = ++readsSent;
      return (rows) => {
        const changes = new Map<string, C>();
        for (const [id, entry] of pending) {
          if (read > entry.readsBefore) pending.delete(id);
          else changes.set(id, entry.change);
        }
        return changes.size === 0 ? rows : lay(rows, changes);
      };
    },
    async write(id, change, send, undo) {
      const entry = { change, readsBefore: Number.POSITIVE_INFINITY };
      pending.set(id, entry);
      // A second change with the same id before the first is answered owns the entry from then on.
      const latest = () => pending.get(id) === entry;
      try {
        await send();
        if (latest()) entry.readsBefore = readsSent;
      } catch (error) {
        if (latest()) {
          pending.delete(id);
          undo?.();
        }
        throw error;
      }
    },
    clear() {
      pending.clear();
    },
  };
}

/** Changes to rows: each pending change is merged into the row with its id. */
export function pendingWrites<T>(idOf: (row: T) => string): PendingWrites<T, Partial<T>> {
  return pendingChanges<T, Partial<T>>((rows, changes) =>
    rows.map((row) => {
      const change = changes.get(idOf(row));
      return change === undefined ? row : { ...row, ...change };
    }),
  );
}
