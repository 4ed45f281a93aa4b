import type { User } from '@supabase/supabase-js';
import { randomAvatar } from '../../../../shared/profile/avatars.ts';
import { profileName } from '../../../../shared/profile/profile-name.ts';
import type { Tables } from '../../../../supabase/database.types.ts';
import { supabase } from '../../lib/supabase.ts';

export type Profile = Pick<
  Tables<'users'>,
  'avatar_url' | 'subscription_status' | 'name' | 'household_id' | 'basket_min_saving_cents'
>;

const COLUMNS = 'avatar_url, subscription_status, name, household_id, basket_min_saving_cents';

/** The user's row, or null when none exists yet (PostgREST answers PGRST116 for no row). */
export async function getProfile(userId: string): Promise<Profile | null> {
  const { data, error } = await supabase.from('users').select(COLUMNS).eq('id', userId).maybeSingle();
  if (error) throw error;
  return data;
}

/**
 * Spec 3: the first sign-in creates the row with the provider's full name (by shared's
 * profileName, the database trigger's rule) and a random avatar.
 */
export async function createProfile(user: User): Promise<Profile> {
  const row = {
    id: user.id,
    email: user.email ?? null,
    name: profileName(user.user_metadata.full_name),
    avatar_url: randomAvatar(),
    subscription_status: false,
  };
  const { error } = await supabase.from('users').upsert(row, { onConflict: 'id', ignoreDuplicates: true });
  if (error) throw error;
  return (await getProfile(user.id)) ?? { ...row, household_id: null, basket_min_saving_cents: 500 };
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
  return data;
}
