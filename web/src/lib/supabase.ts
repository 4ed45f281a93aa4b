import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { readEnv } from '../config/env.ts';

const env = readEnv();

/** The one Supabase client of the app. Sessions persist in localStorage and are shared across tabs. */
export const supabase: SupabaseClient = createClient(env.supabaseUrl, env.supabaseAnonKey, {
  auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true, flowType: 'implicit' },
});
