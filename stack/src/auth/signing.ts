import {
  type CryptoKey,
  importJWK,
  type JWK,
  type JWSHeaderParameters,
  type JWTPayload,
  jwtVerify,
  type KeyObject,
  SignJWT,
} from 'jose';

/**
 * JWT signing keys as `supabase/config.toml`'s `signing_keys_path` holds them (the Supabase
 * CLI's `supabase gen signing-key`: an array of private JWKs, RS256 or ES256) and as GoTrue
 * uses them (internal/conf/jwk.go): the key whose `key_ops` include "sign" signs access tokens
 * with its `kid` in the header; every key's public half is published at
 * /auth/v1/.well-known/jwks.json (internal/api/jwks.go); tokens are verified by their `kid`,
 * and a token without one (the anon and service_role keys) by the legacy HS256 secret.
 */
export interface SigningJwk extends JWK {
  kid?: string;
  alg?: string;
  key_ops?: string[];
}

const ALGORITHMS = ['HS256', 'RS256', 'ES256'];
const PRIVATE_FIELDS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'k', 'oth'];

type Key = CryptoKey | KeyObject | Uint8Array;

/** Only the key material: WebCrypto refuses a private key whose key_ops include "verify". */
const material = (key: Record<string, unknown>): JWK => {
  const { key_ops: _ops, use: _use, ext: _ext, ...rest } = key;
  return rest as JWK;
};

/** The public half of a key as GoTrue publishes it: use "sig", key_ops ["verify"] (decodePublicKey). */
export function publicJwk(key: SigningJwk): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(key)) if (!PRIVATE_FIELDS.includes(name)) out[name] = value;
  out.use = 'sig';
  out.key_ops = ['verify'];
  return out;
}

export class JwtKeys {
  readonly #secret: Uint8Array;
  readonly #jwks: SigningJwk[];
  readonly #public = new Map<string, Promise<Key>>();
  #signing: Promise<{ key: Key; alg: string; kid: string | undefined } | undefined> | undefined;

  constructor(secret: string, jwks: SigningJwk[] = []) {
    this.#secret = new TextEncoder().encode(secret);
    this.#jwks = jwks.filter((k) => k.kty !== 'oct');
  }

  /** The JWKS document: the asymmetric keys' public halves (an HS256 secret is never shown). */
  jwks(): { keys: Record<string, unknown>[] } {
    return { keys: this.#jwks.map(publicJwk) };
  }

  /** The key access tokens are signed with: the first with "sign" among its key_ops (GetSigningJwk). */
  #signingKey(): Promise<{ key: Key; alg: string; kid: string | undefined } | undefined> {
    this.#signing ??= (async () => {
      const jwk = this.#jwks.find((k) => !k.key_ops || k.key_ops.includes('sign'));
      if (!jwk) return undefined;
      const alg = jwk.alg ?? (jwk.kty === 'EC' ? 'ES256' : 'RS256');
      const key = (await importJWK(material({ ...jwk }), alg)) as Key;
      return { key, alg, kid: jwk.kid };
    })();
    return this.#signing;
  }

  /** Signs claims as GoTrue signs an access token: the signing key with its kid, else HS256. */
  async sign(claims: Record<string, unknown>): Promise<string> {
    const signing = await this.#signingKey();
    if (!signing) {
      return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(this.#secret);
    }
    const header: JWSHeaderParameters & { alg: string } = { alg: signing.alg, typ: 'JWT' };
    if (signing.kid) header.kid = signing.kid;
    return new SignJWT(claims).setProtectedHeader(header).sign(signing.key);
  }

  #publicKey(kid: string): Promise<Key> | undefined {
    const jwk = this.#jwks.find((k) => k.kid === kid);
    if (!jwk) return undefined;
    let key = this.#public.get(kid);
    if (!key) {
      const alg = jwk.alg ?? (jwk.kty === 'EC' ? 'ES256' : 'RS256');
      key = importJWK(material(publicJwk(jwk)), alg) as Promise<Key>;
      this.#public.set(kid, key);
    }
    return key;
  }

  /** Verifies a token: by its kid's public key, else (no kid, or an unknown one) HS256 with the secret. */
  async verify(token: string): Promise<JWTPayload> {
    const { payload } = await jwtVerify(
      token,
      async (header: JWSHeaderParameters) => {
        const byKid = header.kid ? this.#publicKey(header.kid) : undefined;
        if (byKid) return byKid;
        return this.#secret;
      },
      { algorithms: ALGORITHMS },
    );
    return payload;
  }
}
