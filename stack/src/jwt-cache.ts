import type { JwtClaims } from './db/index.ts';

/**
 * Verified tokens by their text, like PostgREST's JWT cache (Auth/JwtCache.hs): a client sends
 * the same token on every request, and verifying it each time is most of a small read's cost.
 * An entry is used only until the token's own `exp`.
 */
export class JwtCache {
  readonly #entries = new Map<string, { claims: JwtClaims; expiresAt: number }>();
  constructor(readonly max = 1000) {}

  get(token: string): JwtClaims | undefined {
    const entry = this.#entries.get(token);
    if (!entry) return undefined;
    if (Date.now() >= entry.expiresAt) {
      this.#entries.delete(token);
      return undefined;
    }
    return entry.claims;
  }

  set(token: string, claims: JwtClaims): void {
    const exp = typeof claims.exp === 'number' ? claims.exp * 1000 : Date.now() + 60_000;
    if (this.#entries.size >= this.max) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(token, { claims, expiresAt: Math.min(exp, Date.now() + 10 * 60_000) });
  }
}
