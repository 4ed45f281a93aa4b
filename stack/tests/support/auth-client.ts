import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';
import type { AuthSettings } from '../../src/auth/settings.ts';
import type { TestStack } from './stack.ts';

/** A supabase-js client as an app makes one, minus storage and timers so tests stay isolated. */
export function client(
  stack: TestStack,
  key: string = stack.anonKey,
  flowType: 'implicit' | 'pkce' = 'implicit',
): SupabaseClient {
  return createClient(stack.url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, flowType },
    realtime: { transport: ws as never },
  });
}

/** A service-role client for the admin API. */
export const adminClient = (stack: TestStack): SupabaseClient => client(stack, stack.serviceRoleKey);

let counter = 0;
/** A fresh address per call, so tests sharing a stack never collide. */
export const uniqueEmail = (name: string): string =>
  `${name}.${Date.now().toString(36)}${(counter++).toString(36)}@example.com`;

/** A raw request to the Auth API, as supabase-js sends it (apikey + API version header). */
export async function authFetch(
  stack: TestStack,
  path: string,
  init: { method?: string; body?: unknown; token?: string; apiVersion?: string | null } = {},
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const headers: Record<string, string> = { apikey: stack.anonKey };
  if (init.apiVersion !== null) headers['x-supabase-api-version'] = init.apiVersion ?? '2024-01-01';
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${stack.url}/auth/v1${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    redirect: 'manual',
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : {}, headers: response.headers };
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  sent_at: string;
}

/** The outbox for one address, newest first (`/_local/mail?to=`). */
export async function mailTo(stack: TestStack, to: string): Promise<Mail[]> {
  const response = await fetch(`${stack.url}/_local/mail?to=${encodeURIComponent(to)}`);
  return (await response.json()) as Mail[];
}

/** The six-digit code in a mail's text. */
export const codeIn = (mail: Mail): string => {
  const match = /\b(\d{6})\b/.exec(mail.text);
  if (!match) throw new Error(`no code in mail: ${mail.text}`);
  return match[1]!;
};

/** Sets auth knobs on a running stack for the duration of fn. */
export async function withTuning<T>(
  stack: TestStack,
  tuning: Partial<AuthSettings>,
  fn: () => Promise<T>,
): Promise<T> {
  const auth = stack.ctx.config.auth as unknown as Record<string, unknown>;
  const saved = Object.fromEntries(Object.keys(tuning).map((k) => [k, auth[k]]));
  Object.assign(auth, tuning);
  try {
    return await fn();
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete auth[k];
      else auth[k] = v;
    }
  }
}

export const decodeJwt = (token: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));

/** Follows a mailed link without following the redirect: the 303 target. */
export async function follow(link: string): Promise<URL> {
  const response = await fetch(link, { redirect: 'manual' });
  if (response.status !== 303) throw new Error(`expected 303 from ${link}, got ${response.status}`);
  return new URL(response.headers.get('location')!);
}

/** The URL fragment GoTrue puts session and error parameters in. */
export const fragment = (url: URL): Record<string, string> =>
  Object.fromEntries(new URLSearchParams(url.hash.replace(/^#/, '')));
