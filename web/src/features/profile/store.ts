import type { User } from '@supabase/supabase-js';
import { proxy, useSnapshot } from 'valtio';
import { type Change, type TopicTable, topicTable } from '../../lib/realtime.ts';
import { createProfile, getProfile, type Profile, updateProfile } from './api.ts';

interface ProfileState {
  profile: Profile | null;
  loaded: boolean;
}

export const profile = proxy<ProfileState>({ profile: null, loaded: false });

export function resetProfile(): void {
  profile.profile = null;
  profile.loaded = false;
}

export async function loadProfile(user: User): Promise<void> {
  try {
    profile.profile = (await getProfile(user.id)) ?? (await createProfile(user));
  } catch (error) {
    console.error('loading the profile failed', error);
  } finally {
    profile.loaded = true;
  }
}

export async function saveProfile(
  userId: string,
  patch: { name?: string; avatar_url?: string; basket_min_saving_cents?: number },
) {
  profile.profile = await updateProfile(userId, patch);
}

export function applyProfileChange(change: Change<Profile>): void {
  if (change.eventType !== 'DELETE' && profile.profile) Object.assign(profile.profile, change.new);
}

/** The row as it is now (after a lost realtime feed came back); the first load creates it. */
async function reloadProfile(userId: string): Promise<void> {
  try {
    const row = await getProfile(userId);
    if (row) profile.profile = row;
  } catch (error) {
    console.error('loading the profile failed', error);
  }
}

export function liveProfile(userId: string): TopicTable {
  return topicTable<Profile>('users', applyProfileChange, () => void reloadProfile(userId));
}

export function useProfile(): { profile: Profile | null; loaded: boolean } {
  return useSnapshot(profile) as { profile: Profile | null; loaded: boolean };
}
