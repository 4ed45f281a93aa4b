/**
 * Reads of rows a live feed also changes. A read's answer can be older than a change heard
 * while it was on its way: a channel's first join reads the rows again just as another member
 * writes one, and the answer then wiped the change, with no later message to bring it back. The
 * changes heard meanwhile are laid over the answer again, in the order the channel delivered
 * them, so the last word stays the last.
 */
export interface LiveReads<C> {
  /** Call with each live change as the store applies it. */
  hear(change: C): void;
  /** `load`'s answer with the changes heard while it was on its way laid over it by `apply`. */
  read<R>(load: () => Promise<R>, apply: (answer: R, change: C) => R): Promise<R>;
}

export function liveReads<C>(): LiveReads<C> {
  let reads = 0;
  let heard: C[] = [];
  return {
    hear(change) {
      if (reads > 0) heard.push(change);
    },
    async read(load, apply) {
      reads++;
      const since = heard.length;
      try {
        const answer = await load();
        return heard.slice(since).reduce(apply, answer);
      } finally {
        if (--reads === 0) heard = [];
      }
    },
  };
}

/**
 * Reads of a list that is read again on every live change, which may overlap. On a pooled
 * database the later read can answer first, and the earlier, older answer arriving after it
 * stood until the next change. Only the answer of the newest read started is kept.
 */
export interface NewestReads {
  /** `load`'s answer, or null when a read started after it (and so answers newer rows). */
  read<R>(load: () => Promise<R>): Promise<{ answer: R } | null>;
}

export function newestReads(): NewestReads {
  let started = 0;
  return {
    async read(load) {
      const mine = ++started;
      const answer = await load();
      return mine === started ? { answer } : null;
    },
  };
}
