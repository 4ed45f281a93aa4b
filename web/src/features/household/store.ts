import { proxy, useSnapshot } from 'valtio';
import { newestReads } from '../../lib/live-reads.ts';
import { type TopicTable, topicTable } from '../../lib/realtime.ts';
import { onReset } from '../../lib/store-resets.ts';
import { profile } from '../profile/store.ts';
import * as api from './api.ts';

interface HouseholdState {
  name: string | null;
  members: api.Member[];
  invitations: api.Invitation[];
  memberships: api.Membership[];
  loaded: boolean;
  failed: boolean;
}

const nothingLoaded = (): HouseholdState => ({
  name: null,
  members: [],
  invitations: [],
  memberships: [],
  loaded: false,
  failed: false,
});

export const household = proxy<HouseholdState>(nothingLoaded());

export function resetHousehold(): void {
  Object.assign(household, nothingLoaded());
}
onReset('household', resetHousehold);

export function useHousehold() {
  return useSnapshot(household);
}

/** Every live change reads the household again; of overlapping reads the newest answer stands. */
const reads = newestReads();

export async function loadHousehold(userId: string, householdId: string): Promise<void> {
  try {
    const read = await reads.read(() =>
      Promise.all([
        api.getHousehold(householdId),
        api.listMembers(householdId),
        api.listInvitations(householdId),
        api.listMemberships(userId),
      ]),
    );
    if (!read) return;
    const [row, members, invitations, memberships] = read.answer;
    Object.assign(household, { name: row?.name ?? null, members, invitations, memberships, failed: false });
  } catch (error) {
    console.error('loading the household failed', error);
    household.failed = true;
  } finally {
    household.loaded = true;
  }
}

/** Moves the person's work to another household; every household screen follows the profile. */
function workIn(householdId: string): void {
  if (profile.profile) profile.profile.household_id = householdId;
}

export async function inviteMember(userId: string, householdId: string, email: string | null) {
  const answer = await api.invite(email);
  await loadHousehold(userId, householdId);
  return answer;
}

export async function withdrawInvitation(userId: string, householdId: string, id: string): Promise<void> {
  await api.revokeInvitation(id);
  await loadHousehold(userId, householdId);
}

export async function acceptInvitation(token: string): Promise<void> {
  workIn(await api.acceptInvitation(token));
}

export async function declineInvitation(token: string): Promise<void> {
  await api.declineInvitation(token);
}

export async function leave(userId: string, householdId: string): Promise<void> {
  await api.leaveHousehold(householdId);
  const memberships = await api.listMemberships(userId);
  // The database chose where the person works now; the profile row says which.
  const next = memberships.find((m) => m.household_id !== householdId);
  if (next) workIn(next.household_id);
}

export async function removeMember(userId: string, householdId: string, member: string): Promise<void> {
  await api.removeMember(householdId, member);
  await loadHousehold(userId, householdId);
}

export async function handOver(userId: string, householdId: string, member: string): Promise<void> {
  await api.transferOwnership(householdId, member);
  await loadHousehold(userId, householdId);
}

export async function rename(userId: string, householdId: string, name: string): Promise<void> {
  await api.renameHousehold(householdId, name);
  await loadHousehold(userId, householdId);
}

export async function switchTo(userId: string, householdId: string): Promise<void> {
  await api.switchHousehold(userId, householdId);
  workIn(householdId);
}

/** Members joining, leaving or changing role, and the household's name, as they happen. */
export function liveHousehold(userId: string, householdId: string): TopicTable[] {
  const reload = () => void (household.loaded && loadHousehold(userId, householdId));
  return [topicTable('household_members', reload, reload), topicTable('households', reload, reload)];
}
