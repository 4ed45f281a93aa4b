import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../database.types.ts';
import { HttpError } from './http.ts';

/**
 * The household the caller works in now (issue 17): whose cooks and list a request means. Read
 * as the caller, so a deleted account (no profile any more) is signed out, not a failure.
 */
export async function activeHousehold(db: SupabaseClient<Database>, userId: string): Promise<string> {
  const { data, error } = await db.from('users').select('household_id').eq('id', userId).maybeSingle();
  if (error) throw new Error(`reading the active household failed: ${error.code} ${error.message}`);
  if (!data?.household_id) throw new HttpError(401, 'You must be signed in.');
  return data.household_id;
}
