import type { User } from '@supabase/supabase-js';
import { randomAvatar } from '../../../../shared/profile/index.ts';
import { supabase } from '../../lib/supabase.ts';

export interface Profile extends Record<string, unknown> {
  avatar_url: string | null;
  subscription_status: boolean;
  name: string | null;
  /** The household this person works in now (issue 17); set by the database for a new profile. */
  household_id: string | null;
  /** The smallest saving (cents) worth a second shop; default 500 ($5). */
  basket_min_saving_cents?: number;
}

const COLUMNS = 'avatar_url, subscription_status, name, household_id, basket_min_saving_cents';

/** The user's row, or null when none exists yet (PostgREST answers PGRST116 for no row). */
export async function getProfile(userId: string): Promise<Profile | null> {
  const { data, error } = await supabase.from('users').select(COLUMNS).eq('id', userId).maybeSingle();
  if (error) throw error;
  return data as Profile | null;
}

/** Spec 3: the first sign-in creates the row with the provider's full name and a random avatar. */
export async function createProfile(user: User): Promise<Profile> {
  const row = {
    id: user.id,
    email: user.email ?? null,
    name: typeof user.user_metadata.full_name === 'string' ? user.user_metadata.full_name : null,
    avatar_url: randomAvatar(),
    subscription_status: false,
  };
  const { error } = await supabase.from('users').upsert(row, { onConflict: 'id', ignoreDuplicates: true });
  if (error) throw error;
  return (await getProfile(user.id)) ?? { ...row, household_id: null };
}

export async function updateProfile(
  userId: string,
  patch: { name?: string; avatar_url?: string; basket_min_saving_cents?: number },
) {
  const { data, error } = await supabase
    .from('users')
    .update(patch)
    .eq('id', userId)
    .select(COLUMNS)
    .single();
  if (error) throw error;
  return data as Profile;
}
