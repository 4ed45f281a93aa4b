/**
 * Changes a screen shows before the server has them (a tick, a share), laid over reads.
 *
 * A read sent before such a change was confirmed may answer with the row as it was, and would
 * undo what the screen already shows, until the live channel's message put it back: a tick that
 * flickers off, a box that unticks itself. So each change is kept until the first read sent after
 * its confirmation, which is the server's word on it; reads sent earlier get the change laid over
 * their rows.
 */
export interface PendingWrites<T> {
  /** Call as a read leaves; what it returns lays the changes still pending over its rows. */
  read(): (rows: T[]) => T[];
  /**
   * Shows `change` on reads until confirmed, while `send` saves it. If it fails and no later
   * change to the same row has been made since, it is dropped and `undo` runs; the error is
   * thrown either way.
   */
  write(id: string, change: Partial<T>, send: () => Promise<unknown>, undo?: () => void): Promise<void>;
  clear(): void;
}

export function pendingWrites<T>(idOf: (row: T) => string): PendingWrites<T> {
  // readsBefore: how many reads had left when the change was confirmed (unconfirmed: all).
  const pending = new Map<string, { change: Partial<T>; readsBefore: number }>();
  let readsSent = 0;
  return {
    read() {
      const read = ++readsSent;
      return (rows) => {
        if (pending.size === 0) return rows;
        return rows.map((row) => {
          const id = idOf(row);
          const entry = pending.get(id);
          if (!entry) return row;
          if (read > entry.readsBefore) {
            pending.delete(id);
            return row;
          }
          return { ...row, ...entry.change };
        });
      };
    },
    async write(id, change, send, undo) {
      const entry = { change, readsBefore: Number.POSITIVE_INFINITY };
      pending.set(id, entry);
      // A second change to the row before the first is answered owns the entry from then on.
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
