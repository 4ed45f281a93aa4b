import { decodeJwt, errors, type JWTPayload } from 'jose';
import { API_ROLES, type JwtClaims } from '../db/index.ts';

export type TokenCheck =
  | { ok: true; claims: JwtClaims; exp: number }
  | { ok: false; code: string; message: string };

/** What verifies a token's signature: the project's keys (the HS256 secret and any signing keys). */
export interface TokenVerifier {
  verify(token: string): Promise<JWTPayload>;
}

/**
 * Verifies a channel's access token with Supabase Realtime's rules and messages: signed with the
 * project's keys (the HS256 secret, or an asymmetric signing key when config.toml names them),
 * `role` and `exp` required, not yet expired. The role must be one PostgREST could switch to,
 * because it is the role row-level security runs as.
 */
export async function checkToken(keys: TokenVerifier, token: unknown): Promise<TokenCheck> {
  if (typeof token !== 'string' || token.split('.').length !== 3) {
    return { ok: false, code: 'MalformedJWT', message: 'The token provided is not a valid JWT' };
  }
  try {
    decodeJwt(token);
  } catch {
    return { ok: false, code: 'MalformedJWT', message: 'The token provided is not a valid JWT' };
  }
  let claims: Record<string, unknown>;
  try {
    claims = await keys.verify(token);
  } catch (error) {
    if (error instanceof errors.JWTExpired) {
      const exp = Number(error.payload.exp);
      const ago = Math.max(0, Math.floor(Date.now() / 1000) - exp);
      return { ok: false, code: 'InvalidJWTToken', message: `Token has expired ${ago} seconds ago` };
    }
    if (error instanceof errors.JWSSignatureVerificationFailed) {
      return { ok: false, code: 'JwtSignatureError', message: 'Failed to validate JWT signature' };
    }
    return { ok: false, code: 'MalformedJWT', message: 'The token provided is not a valid JWT' };
  }
  if (typeof claims.role !== 'string' || typeof claims.exp !== 'number') {
    return { ok: false, code: 'InvalidJWTToken', message: 'Fields `role` and `exp` are required in JWT' };
  }
  if (!API_ROLES.has(claims.role)) {
    return { ok: false, code: 'Unauthorized', message: `role "${claims.role}" does not exist` };
  }
  return { ok: true, claims: claims as JwtClaims, exp: claims.exp };
}
