import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { type JWTPayload, SignJWT } from 'jose';
import { JwtKeys } from './auth/signing.ts';
import type { StackConfig } from './config.ts';
import type { Db, JwtClaims } from './db/index.ts';
import type { Logger } from './log.ts';
import type { Outbox } from './mail/outbox.ts';

/** What every API module of the stack gets. The stack keeps no data of its own: it is in `db`. */
export interface StackContext {
  db: Db;
  config: StackConfig;
  mail: Outbox;
  log: Logger;
  /** Verifies an HS256 JWT signed with the stack's secret; throws on a bad or expired one. */
  verifyJwt(token: string): Promise<JwtClaims & JWTPayload>;
  /** Signs claims with the stack's secret (HS256); set `exp` yourself. */
  signJwt(claims: Record<string, unknown>): Promise<string>;
  /** Registers cleanup to run when the stack stops (before the database closes). */
  onClose(fn: () => Promise<void> | void): void;
}

const keysByConfig = new WeakMap<object, { source: unknown; keys: JwtKeys }>();

/**
 * The keys tokens are verified (and user tokens signed) with: the JWT secret, plus any signing
 * keys of `config.auth.signingKeys` (which a test may replace on a running stack).
 */
export function jwtKeys(config: StackConfig): JwtKeys {
  const source = config.auth.signingKeys;
  const cached = keysByConfig.get(config);
  if (cached && cached.source === source) return cached.keys;
  const keys = new JwtKeys(config.jwtSecret, source ?? []);
  keysByConfig.set(config, { source, keys });
  return keys;
}

/** One API mounted on the gateway under a prefix. */
export interface ApiModule {
  /** `path` is the request path after the prefix (always starts with '/'). */
  handle(req: IncomingMessage, res: ServerResponse, path: string, url: URL): Promise<void>;
  handleUpgrade?(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  close?(): Promise<void>;
}

export function createContext(
  db: Db,
  config: StackConfig,
  mail: Outbox,
  log: Logger,
): StackContext & { runCloseHandlers(): Promise<void> } {
  const secret = new TextEncoder().encode(config.jwtSecret);
  const closers: (() => Promise<void> | void)[] = [];
  return {
    db,
    config,
    mail,
    log,
    async verifyJwt(token) {
      // The legacy HS256 secret, and the signing keys of config.toml's [auth] signing_keys_path.
      const payload = await jwtKeys(config).verify(token);
      if (typeof payload.role !== 'string') throw new Error('JWT has no role claim');
      return payload as JwtClaims & JWTPayload;
    },
    signJwt: (claims) => new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secret),
    onClose: (fn) => void closers.push(fn),
    async runCloseHandlers() {
      for (const fn of closers.reverse()) await fn();
    },
  };
}
