import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../../supabase/database.types.ts';
import { type Env, MissingEnvError, readEnv } from '../config/env.ts';
import { reconnectAfterMs } from './reconnect.ts';

function configured(): { env: Env; problem: MissingEnvError | null } {
  try {
    return { env: readEnv(), problem: null };
  } catch (error) {
    if (!(error instanceof MissingEnvError)) throw error;
    // A placeholder keeps the module graph loadable so main.tsx can name what is missing.
    return { env: { supabaseUrl: 'http://127.0.0.1', supabaseAnonKey: 'missing' }, problem: error };
  }
}

const { env, problem } = configured();

/** Set when the build lacks VITE_SUPABASE_URL or VITE_SUPABASE_ANON_KEY; the app then shows only this. */
export const configProblem: MissingEnvError | null = problem;

/** Whether a session was stored when the page loaded, read before supabase-js may drop it. */
function hasStoredSession(url: string): boolean {
  try {
    // supabase-js's default storage key.
    return localStorage.getItem(`sb-${new URL(url).hostname.split('.')[0]}-auth-token`) !== null;
  } catch {
    return false;
  }
}

/** A refused session found at start is one that ended, not a visitor (features/auth/store.ts). */
export const storedSessionAtStart: boolean = hasStoredSession(env.supabaseUrl);

/**
 * The one Supabase client of the app, once main.tsx has made it (`makeClient`). Sessions persist
 * in localStorage and are shared across tabs.
 */
export let supabase: SupabaseClient<Database>;

/**
 * Makes the client. It is not made while the modules evaluate: its constructor (reading the
 * stored session, setting up auth and realtime) is a third of that task, and together they were
 * one task long enough to block input on a phone; main.tsx gives it a task of its own.
 */
export function makeClient(): void {
  supabase = createClient<Database>(env.supabaseUrl, env.supabaseAnonKey, {
    auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true, flowType: 'implicit' },
    realtime: { reconnectAfterMs },
  });
}
