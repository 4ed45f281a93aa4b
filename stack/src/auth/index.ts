import type { ApiModule, StackContext } from '../context.ts';
import { connectionFault, RETRY_AFTER_SECONDS } from '../db/index.ts';
import { createCleaner } from './cleanup.ts';
import { AuthError } from './errors.ts';
import { admin } from './handlers/admin.ts';
import { otp, reauthenticate, recover, resend } from './handlers/email-flows.ts';
import { health, settings } from './handlers/info.ts';
import { jwks } from './handlers/jwks.ts';
import { logout } from './handlers/logout.ts';
import { challengeFactor, enrollFactor, unenrollFactor, verifyFactor } from './handlers/mfa.ts';
import { signup } from './handlers/signup.ts';
import { token } from './handlers/token.ts';
import { authorize, linkIdentity, sso, unlinkIdentity } from './handlers/unsupported.ts';
import { getUser, updateUser } from './handlers/user.ts';
import { verify } from './handlers/verify.ts';
import { FailureLimiter } from './ratelimit.ts';
import { type AuthRequest, makeRequest, sendError } from './request.ts';

type Handler = (ctx: StackContext, r: AuthRequest) => Promise<void>;

/**
 * `/auth/v1`: Supabase Auth (GoTrue) as supabase-js's auth-js sees it — its routes
 * (internal/api/api.go), bodies, error codes and messages. All state is in the `auth` schema.
 */
export function createAuthApi(ctx: StackContext): ApiModule {
  const limiter = new FailureLimiter();
  const cleaner = createCleaner(ctx);
  let closing = false;
  const routes: Record<string, Partial<Record<string, Handler>>> = {
    '/signup': { POST: (c, r) => signup(c, r, limiter) },
    '/token': { POST: (c, r) => token(c, r, limiter) },
    '/user': { GET: getUser, PUT: updateUser },
    '/logout': { POST: logout },
    '/verify': { GET: verify, POST: verify },
    '/recover': { POST: recover },
    '/otp': { POST: otp },
    '/magiclink': { POST: otp },
    '/resend': { POST: resend },
    '/reauthenticate': { GET: reauthenticate },
    '/settings': { GET: settings },
    '/health': { GET: health },
    '/.well-known/jwks.json': { GET: jwks },
    '/authorize': { GET: authorize },
    '/user/identities/authorize': { GET: linkIdentity },
    '/factors': { POST: enrollFactor },
    '/sso': { POST: sso },
  };

  return {
    async handle(req, res, path, url) {
      const r = makeRequest(req, res, url);
      // HEAD only where it has no effect: a link checker must not spend a /verify token.
      const method =
        req.method === 'HEAD' &&
        (path === '/health' || path === '/settings' || path === '/.well-known/jwks.json')
          ? 'GET'
          : (req.method ?? 'GET');
      const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
      try {
        if (clean === '/admin' || clean.startsWith('/admin/') || clean === '/invite') {
          return await admin(ctx, r, clean, method);
        }
        const identity = /^\/user\/identities\/([^/]+)$/.exec(clean);
        if (identity && identity[1] !== 'authorize' && method === 'DELETE') {
          return await unlinkIdentity(ctx, r, decodeURIComponent(identity[1]!));
        }
        const factor = /^\/factors\/([^/]+)(?:\/(challenge|verify))?$/.exec(clean);
        if (factor) {
          const id = decodeURIComponent(factor[1]!);
          if (factor[2] === undefined && method === 'DELETE') return await unenrollFactor(ctx, r, id);
          if (factor[2] === 'challenge' && method === 'POST') return await challengeFactor(ctx, r, id);
          if (factor[2] === 'verify' && method === 'POST') return await verifyFactor(ctx, r, id);
          throw new AuthError(405, 'method_not_allowed', 'Method Not Allowed');
        }
        const route = routes[clean];
        if (!route) throw new AuthError(404, 'not_found', 'Not Found');
        const handler = route[method];
        if (!handler) throw new AuthError(405, 'method_not_allowed', 'Method Not Allowed');
        await handler(ctx, r);
        if (method !== 'GET' && !closing) cleaner.tick();
      } catch (error) {
        if (res.headersSent) {
          res.end();
          return;
        }
        if (error instanceof AuthError) return sendError(r, error);
        if (connectionFault(error)) {
          // The database is unreachable: retrying later works, unlike for a real failure.
          res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
          return sendError(
            r,
            new AuthError(503, 'unexpected_failure', 'Database connection error. Retrying the connection.'),
          );
        }
        ctx.log.error(`auth ${method} ${clean} failed`, error);
        sendError(
          r,
          new AuthError(
            500,
            'unexpected_failure',
            'Unexpected failure, please check server logs for more information',
          ),
        );
      }
    },
    async close() {
      closing = true;
      await cleaner.drain();
    },
  };
}
