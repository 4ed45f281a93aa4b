import type { User } from '@supabase/supabase-js';
import { proxy, subscribe, useSnapshot } from 'valtio';
import { liveReads } from '../../lib/live-reads.ts';
import { type Change, type TopicTable, topicTable } from '../../lib/realtime.ts';
import { onReset } from '../../lib/store-resets.ts';
import { createProfile, getProfile, type Profile, updateProfile } from './api.ts';

interface ProfileState {
  profile: Profile | null;
  loaded: boolean;
}

export const profile = proxy<ProfileState>({ profile: null, loaded: false });

/**
 * The last profile seen on this device, per user, so that the app opened without a connection
 * still knows the household whose shopping list it kept (issue 20).
 */
const savedKey = (userId: string) => `larder:profile:${userId}`;

function savedProfile(userId: string): Profile | null {
  try {
    const text = localStorage.getItem(savedKey(userId));
    return text ? (JSON.parse(text) as Profile) : null;
  } catch {
    return null;
  }
}

/** Whose profile is in the store: set when it is loaded, cleared on sign-out. */
let owner: string | null = null;

subscribe(profile, () => {
  const row = profile.profile;
  try {
    if (row && owner) localStorage.setItem(savedKey(owner), JSON.stringify(row));
  } catch {
    // Storage full or refused: the app still works online.
  }
});

/** Live changes heard while the profile is read (another device saving it) are laid over the answer. */
const reads = liveReads<Change<Profile>>();
const withChange = (row: Profile | null, change: Change<Profile>): Profile | null =>
  row && change.eventType !== 'DELETE' ? { ...row, ...change.new } : row;

export function resetProfile(): void {
  owner = null;
  profile.profile = null;
  profile.loaded = false;
}
onReset('person', resetProfile);

export async function loadProfile(user: User): Promise<void> {
  owner = user.id;
  // Without a connection the request would only fail after its retries: the saved row shows now.
  if (typeof navigator !== 'undefined' && navigator.onLine === false)
    profile.profile ??= savedProfile(user.id);
  try {
    profile.profile =
      (await reads.read(() => getProfile(user.id), withChange)) ?? (await createProfile(user));
  } catch (error) {
    console.error('loading the profile failed', error);
    profile.profile = savedProfile(user.id);
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
  reads.hear(change);
  if (change.eventType !== 'DELETE' && profile.profile) Object.assign(profile.profile, change.new);
}

/** The row as it is now (after a lost realtime feed came back); the first load creates it. */
async function reloadProfile(userId: string): Promise<void> {
  try {
    const row = await reads.read(() => getProfile(userId), withChange);
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

/**
 * The household the signed-in person works in now (its plan, cooks, pantry and list are shown),
 * as their profile names it: null for none, or before the profile is read.
 */
export function useHouseholdId(): string | null {
  return useProfile().profile?.household_id ?? null;
}
