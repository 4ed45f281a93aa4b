/**
 * The supabase-js client `npm run prices:import`, its tests and the bench apply imports with
 * (supabase/functions/_shared/price-import.ts): the service role, no session kept, and `ws` for
 * Realtime, which supabase-js needs on Node 20 even though the import never subscribes.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';
import type { Database } from '../../supabase/database.types.ts';

export function serviceClient(url: string, serviceRoleKey: string): SupabaseClient<Database> {
  return createClient<Database>(url, serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as never },
  });
}
