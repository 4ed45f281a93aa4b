import { jwtKeys, type StackContext } from '../../context.ts';
import { type AuthRequest, sendJson } from '../request.ts';

/**
 * GET /.well-known/jwks.json (internal/api/jwks.go): the public halves of the asymmetric
 * signing keys (none while tokens are signed with the HS256 secret), cacheable for 10 minutes.
 * supabase-js's getClaims() verifies asymmetric access tokens against it without a request to
 * the Auth API.
 */
export async function jwks(ctx: StackContext, r: AuthRequest): Promise<void> {
  sendJson(r, 200, jwtKeys(ctx.config).jwks(), { 'Cache-Control': 'public, max-age=600' });
}
