/**
 * How long a channel's first-join reads wait at most for the other channels still joining. The
 * household's channel opens only once the profile has named the household; on a busy 2-core
 * machine that came more than 3 s after the person's channel had joined, and the recipes were read
 * a third time. Waiting longer only delays showing a change made in the moment between a screen's
 * first read and the join; reading 184 KB again costs a slow connection more.
 */
export const FIRST_JOIN_WAIT_MS = 10_000;

/** A table's read on a first join; topics that carry the same store's table share its function. */
export interface FirstJoinRead {
  resync(): void;
}

/**
 * A channel's first join reads its tables again: a change made between a screen's first read
 * and the join would otherwise never show. The channels a page opens together (the person's and
 * the household's) share those reads: they run once no channel is still joining (or after
 * `maxWaitMs`), each read once. Before, a page read its recipes three times as it opened: its
 * own read, then once per channel that carries them.
 */
export function createJoinGate(maxWaitMs = FIRST_JOIN_WAIT_MS) {
  const joining = new Set<symbol>();
  const pending = new Set<() => void>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    const reads = [...pending];
    pending.clear();
    for (const read of reads) read();
  };
  const settle = () => {
    if (pending.size === 0) return;
    if (joining.size === 0) flush();
    else timer ??= setTimeout(flush, maxWaitMs);
  };
  return {
    /** A channel (or a topic still looking up its channel's name) starts joining. */
    opening(): symbol {
      const token = Symbol('joining');
      joining.add(token);
      return token;
    },
    /** It joined for the first time: its tables are read once the others have joined too. */
    joined(token: symbol, reads: readonly FirstJoinRead[]): void {
      joining.delete(token);
      for (const r of reads) pending.add(r.resync);
      settle();
    },
    /** It will not join for the first time (closed, failed): nobody waits for it any more. */
    gone(token: symbol): void {
      if (joining.delete(token)) settle();
    },
  };
}

/** The page's one gate: every live topic's channel joins through it. */
export const firstJoins = createJoinGate();
