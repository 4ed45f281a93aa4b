import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../database.types.ts';
import type { Caller } from './auth.ts';
import { requireEnv } from './env.ts';

const serverAuth = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };

/**
 * A function reads the API from beside it, where bytes are cheap and time is not: compressing
 * an answer and unpacking it again cost a 150-line basket's price read about 1.5 ms, so functions ask
 * for answers as they are (a browser, far away, still gets them compressed).
 */
const uncompressed = { headers: { 'Accept-Encoding': 'identity' } };

/**
 * Clients by token, newest last. A caller sends the same token until it is refreshed, and
 * building a client (its REST, Realtime, Storage and Functions parts) cost a call a third of a
 * millisecond. The client keeps nothing of a request: PostgREST verifies the token on each query.
 */
const byToken = new Map<string, SupabaseClient<Database>>();
const MAX_CLIENTS = 256;

/**
 * A client that acts as the caller: the anon key identifies the project and the caller's own
 * token decides who they are, so row-level security applies to every query.
 *
 * The token is given as `accessToken`, not as a fixed header, so the client has no auth
 * client at all: a function never signs in as the caller, and an auth client cost every call
 * its construction and a session lookup before each query.
 */
export function callerClient(caller: Caller): SupabaseClient<Database> {
  const known = byToken.get(caller.token);
  if (known !== undefined) return known;
  const { token } = caller;
  const client = createClient<Database>(requireEnv('SUPABASE_URL'), requireEnv('SUPABASE_ANON_KEY'), {
    accessToken: () => Promise.resolve(token),
    global: uncompressed,
  });
  if (byToken.size >= MAX_CLIENTS) byToken.delete(byToken.keys().next().value as string);
  byToken.set(token, client);
  return client;
}

/**
 * A client with the service role, which bypasses row-level security. Only for work beyond any
 * one caller (the scheduled cleanup); the key comes from the environment, never from a request.
 */
export function serviceClient(): SupabaseClient<Database> {
  return createClient<Database>(requireEnv('SUPABASE_URL'), requireEnv('SUPABASE_SERVICE_ROLE_KEY'), {
    auth: serverAuth,
    global: uncompressed,
  });
}
