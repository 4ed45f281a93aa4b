/**
 * Helpers for the functions' tests, which run against a live local stack (scripts/test-functions.sh
 * starts one): real Auth, real PostgREST semantics, real RLS, the functions under Deno.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';

function env(name: string): string {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`${name} is not set: run the tests with npm run test:functions`);
  return value;
}

export const SUPABASE_URL = env('SUPABASE_URL');
export const ANON_KEY = env('SUPABASE_ANON_KEY');
export const SERVICE_ROLE_KEY = env('SUPABASE_SERVICE_ROLE_KEY');
export const JWT_SECRET = env('SUPABASE_JWT_SECRET');

const noSession = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };

export interface TestUser {
  id: string;
  email: string;
  token: string;
  /** supabase-js signed in as this user. */
  client: SupabaseClient;
}

/** Signs up a fresh user (e-mail confirmation is off on the local stack, as with `supabase start`). */
export async function newUser(label = 'user'): Promise<TestUser> {
  const client = createClient(SUPABASE_URL, ANON_KEY, { auth: noSession });
  const email = `${label}-${crypto.randomUUID()}@example.com`;
  const { data, error } = await client.auth.signUp({
    email,
    password: 'correct-horse-battery-staple',
    options: { data: { full_name: `Test ${label}` } },
  });
  if (error || !data.session || !data.user)
    throw new Error(`sign-up failed: ${error?.message ?? 'no session'}`);
  return { id: data.user.id, email, token: data.session.access_token, client };
}

/** supabase-js with the service role, for arranging rows no user could write. */
export function serviceClient(): SupabaseClient {
  return createClient(SUPABASE_URL, SERVICE_ROLE_KEY, { auth: noSession });
}

export interface FunctionAnswer<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/**
 * Calls a function over raw HTTP so a test sees exactly what a browser would: the status, the
 * headers and the body as sent.
 */
export async function callFunction<T = Record<string, unknown>>(
  name: string,
  init: {
    token?: string | null;
    body?: BodyInit | null;
    json?: unknown;
    method?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<FunctionAnswer<T>> {
  const headers: Record<string, string> = { apikey: ANON_KEY, ...init.headers };
  if (init.token !== null && init.token !== undefined) headers.Authorization = `Bearer ${init.token}`;
  let body: BodyInit | null | undefined = init.body;
  if (init.json !== undefined) {
    body = JSON.stringify(init.json);
    headers['Content-Type'] = 'application/json';
  }
  const response = await fetch(`${SUPABASE_URL}/functions/v1/${name}`, {
    method: init.method ?? 'POST',
    headers,
    body: body ?? null,
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON: the test sees the text.
  }
  return { status: response.status, headers: response.headers, body: parsed as T, text };
}

/** An HS256 JWT signed with the stack's secret (or another), for claims no sign-up can produce. */
export async function signJwt(claims: Record<string, unknown>, secret = JWT_SECRET): Promise<string> {
  const encode = (value: unknown) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  const now = Math.floor(Date.now() / 1000);
  const input = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ iat: now, exp: now + 3600, ...claims })}`;
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const signature = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(input)));
  const sig = btoa(String.fromCharCode(...signature))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  return `${input}.${sig}`;
}

/** Today in a time zone as an ISO date (yyyy-mm-dd), offset by whole days. */
export function isoDate(timeZone: string, offsetDays = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offsetDays);
  return date.toISOString().slice(0, 10);
}
