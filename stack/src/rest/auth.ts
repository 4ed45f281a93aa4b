import type { StackContext } from '../context.ts';
import type { JwtClaims } from '../db/index.ts';
import { RestError } from './errors.ts';

const invalid = (code: string, message: string): RestError =>
  new RestError(401, code, message, null, null, {
    'WWW-Authenticate': `Bearer error="invalid_token", error_description=${JSON.stringify(message)}`,
  });

/**
 * The caller's claims. Supabase's gateway takes the token from `Authorization: Bearer`, else
 * from `apikey`, and refuses requests with neither; PostgREST then verifies it (Auth/Jwt.hs:
 * PGRST301 for a token that does not decode or verify, PGRST303 for failed claims such as exp).
 */
export async function authenticate(
  ctx: StackContext,
  token: string | undefined,
  cache?: JwtCache,
): Promise<JwtClaims> {
  if (token === undefined) {
    throw new RestError(
      401,
      'PGRST302',
      'No API key found in request',
      null,
      'No `apikey` request header or url param was found.',
      {
        'WWW-Authenticate': 'Bearer',
      },
    );
  }
  if (token === '') throw invalid('PGRST301', 'Empty JWT is sent in Authorization header');
  const parts = token.split('.').length;
  if (parts !== 3) throw invalid('PGRST301', `Expected 3 parts in JWT; got ${parts}`);
  const cached = cache?.get(token);
  if (cached) return cached;
  try {
    const claims = await ctx.verifyJwt(token);
    cache?.set(token, claims);
    return claims;
  } catch (error) {
    const e = error as { code?: string; claim?: string; message?: string };
    switch (e.code) {
      case 'ERR_JWT_EXPIRED':
        throw invalid('PGRST303', 'JWT expired');
      case 'ERR_JWT_CLAIM_VALIDATION_FAILED':
        if (e.claim === 'nbf') throw invalid('PGRST303', 'JWT not yet valid');
        if (e.claim === 'iat') throw invalid('PGRST303', 'JWT issued at future');
        if (e.claim === 'aud') throw invalid('PGRST303', 'JWT not in audience');
        throw invalid('PGRST303', 'Parsing claims failed');
      case 'ERR_JOSE_ALG_NOT_ALLOWED':
      case 'ERR_JOSE_NOT_SUPPORTED':
        throw invalid('PGRST301', 'Wrong or unsupported encoding algorithm');
      case 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED':
        throw invalid('PGRST301', 'JWT cryptographic operation failed');
      default:
        throw invalid('PGRST301', "JWT couldn't be decoded");
    }
  }
}

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
