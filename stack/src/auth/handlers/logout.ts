import type { StackContext } from '../../context.ts';
import { badRequest } from '../errors.ts';
import { requireUser } from '../guard.ts';
import type { AuthRequest } from '../request.ts';
import { endSessions } from '../sessions.ts';

/**
 * POST /logout?scope=global|local|others (internal/api/logout.go): ends the sessions (and so
 * their refresh tokens); access tokens of ended sessions are refused from then on.
 */
export async function logout(ctx: StackContext, r: AuthRequest): Promise<void> {
  const scope = r.url.searchParams.get('scope') ?? 'global';
  if (scope !== '' && scope !== 'global' && scope !== 'local' && scope !== 'others') {
    throw badRequest('validation_failed', `Unsupported logout scope "${scope}"`);
  }
  const caller = await requireUser(ctx, r);
  await ctx.db.transaction((tx) =>
    endSessions(tx, caller.user.id, (scope || 'global') as 'global' | 'local' | 'others', caller.sessionId),
  );
  r.res.writeHead(204);
  r.res.end();
}
