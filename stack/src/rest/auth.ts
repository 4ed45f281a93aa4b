import type { StackContext } from '../context.ts';
import type { JwtClaims } from '../db/index.ts';
import type { JwtCache } from '../jwt-cache.ts';
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
