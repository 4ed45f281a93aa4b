/**
 * Failed-attempt counters in fixed windows. The only auth state kept in memory: losing it on
 * restart merely resets the limits, as GoTrue's own in-memory limiter does.
 */
export class FailureLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  /** Whether `key` has already used up `limit` failures in the current window. */
  exceeded(key: string, limit: number, windowMs: number, now = Date.now()): boolean {
    const entry = this.windows.get(key);
    if (!entry || now - entry.start >= windowMs) return false;
    return entry.count >= limit;
  }

  record(key: string, windowMs: number, now = Date.now()): void {
    const entry = this.windows.get(key);
    if (!entry || now - entry.start >= windowMs) {
      this.windows.set(key, { start: now, count: 1 });
      if (this.windows.size > 10_000) this.prune(windowMs, now);
    } else {
      entry.count += 1;
    }
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private prune(windowMs: number, now: number): void {
    for (const [key, entry] of this.windows) if (now - entry.start >= windowMs) this.windows.delete(key);
  }
}
