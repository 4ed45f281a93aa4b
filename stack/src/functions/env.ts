import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StackConfig } from '../config.ts';

/** What Deno itself reads to find its cache, the network and the certificates to trust. */
const DENO_NEEDS = [
  'PATH',
  'HOME',
  'DENO_DIR',
  'TMPDIR',
  'XDG_CACHE_HOME',
  'NPM_CONFIG_REGISTRY',
  'DENO_TLS_CA_STORE',
  'DENO_CERT',
  'SSL_CERT_FILE',
  'HTTPS_PROXY',
  'HTTP_PROXY',
  'NO_PROXY',
  'https_proxy',
  'http_proxy',
  'no_proxy',
];

/**
 * The environment a function sees: what hosted Supabase sets for every function, plus the
 * secrets in `supabase/functions/.env` (what `supabase functions serve` reads, and what
 * `supabase secrets set --env-file` uploads). Nothing else of the stack's own environment
 * leaks in, apart from what Deno itself needs to run.
 */
export function functionEnv(config: StackConfig, envFile?: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of DENO_NEEDS) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  // A function that fetches over HTTPS behind a company proxy trusts what the system trusts,
  // and reaches the stack itself directly, never through that proxy.
  env.DENO_TLS_CA_STORE ??= 'system,mozilla';
  env.NO_PROXY = [env.NO_PROXY ?? env.no_proxy, '127.0.0.1', 'localhost', '::1'].filter(Boolean).join(',');
  delete env.no_proxy;
  // As `supabase functions serve [--env-file FILE]`: the given file instead of supabase/functions/.env.
  Object.assign(env, readEnvFile(envFile ?? join(config.root, 'supabase', 'functions', '.env')));
  env.NO_COLOR = '1';
  env.SUPABASE_URL = config.url;
  env.SUPABASE_ANON_KEY = config.anonKey;
  env.SUPABASE_SERVICE_ROLE_KEY = config.serviceRoleKey;
  return env;
}

/** dotenv's basic grammar: `NAME=value`, optional quotes, `#` comments. */
function readEnvFile(path: string): Record<string, string> {
  if (!existsSync(path)) return {};
  const env: Record<string, string> = {};
  for (const line of readFileSync(path, 'utf8').split(/\r?\n/)) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!match) continue;
    let value = match[2]!;
    const quoted = /^(['"])(.*)\1$/.exec(value);
    if (quoted) value = quoted[2]!;
    else value = value.replace(/\s+#.*$/, '');
    env[match[1]!] = value;
  }
  return env;
}
