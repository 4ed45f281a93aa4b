import { FunctionsHttpError } from '@supabase/supabase-js';
import type { Tables } from '../../../../supabase/database.types.ts';
import { PlainError } from '../../lib/errors.ts';
import { supabase } from '../../lib/supabase.ts';

export type Role = 'owner' | 'member';

export interface Member {
  user_id: string;
  role: Role;
  joined_at: string;
  name: string | null;
  email: string | null;
  avatar_url: string | null;
}

export type Invitation = Pick<
  Tables<'household_invitations'>,
  'id' | 'email' | 'invited_by' | 'created_at' | 'expires_at'
>;

/** A household the person belongs to, for the switcher. */
export interface Membership {
  household_id: string;
  role: Role;
  name: string;
}

/** What an invitation link shows before it is answered (public.household_invitation). */
export interface InvitationPreview {
  household_name: string;
  invited_by: string | null;
  email: string | null;
  status: 'pending' | 'accepted' | 'declined' | 'revoked' | 'expired';
  already_member: boolean;
}

/** The answer of invite-member: the link to share (also e-mailed when an address was given). */
export interface InviteAnswer {
  link: string;
  email: string | null;
  emailed: boolean;
  expires_at: string;
}

export const INVITE_FAILED = 'The invitation could not be made. Please try again.';

export async function getHousehold(
  id: string,
): Promise<Pick<Tables<'households'>, 'id' | 'name' | 'created_at'> | null> {
  const { data, error } = await supabase
    .from('households')
    .select('id, name, created_at')
    .eq('id', id)
    .maybeSingle();
  if (error) throw error;
  return data;
}

export async function listMembers(householdId: string): Promise<Member[]> {
  const { data, error } = await supabase
    .from('household_members')
    .select('user_id, role, joined_at, users(name, email, avatar_url)')
    .eq('household_id', householdId)
    .order('joined_at');
  if (error) throw error;
  return (data ?? []).map((m) => ({
    user_id: m.user_id,
    role: m.role as Role,
    joined_at: m.joined_at,
    name: m.users?.name ?? null,
    email: m.users?.email ?? null,
    avatar_url: m.users?.avatar_url ?? null,
  }));
}

export async function listMemberships(userId: string): Promise<Membership[]> {
  const { data, error } = await supabase
    .from('household_members')
    .select('household_id, role, households(name)')
    .eq('user_id', userId)
    .order('joined_at');
  if (error) throw error;
  return (data ?? []).map((m) => ({
    household_id: m.household_id,
    role: m.role as Role,
    name: m.households?.name ?? '',
  }));
}

export async function listInvitations(householdId: string): Promise<Invitation[]> {
  const { data, error } = await supabase
    .from('household_invitations')
    .select('id, email, invited_by, created_at, expires_at')
    .eq('household_id', householdId)
    .eq('status', 'pending')
    .gt('expires_at', new Date().toISOString())
    .order('created_at', { ascending: false });
  if (error) throw error;
  return data ?? [];
}

/** Through the invite-member function, which also sends the e-mail through Auth's mail. */
export async function invite(email: string | null): Promise<InviteAnswer> {
  const { data, error } = await supabase.functions.invoke<InviteAnswer>('invite-member', {
    body: { email, site: window.location.origin },
  });
  if (error) {
    if (error instanceof FunctionsHttpError) {
      const body = (await (error.context as Response).json().catch(() => null)) as { error?: unknown } | null;
      throw new PlainError(typeof body?.error === 'string' ? body.error : INVITE_FAILED);
    }
    throw new PlainError(INVITE_FAILED, true);
  }
  if (!data) throw new PlainError(INVITE_FAILED);
  return data;
}

/** The database's own message (e.g. "Hand the household over…") is the one to show. */
function rpcFailed(error: { message: string }): never {
  throw new PlainError(error.message);
}

export async function previewInvitation(token: string): Promise<InvitationPreview> {
  const { data, error } = await supabase.rpc('household_invitation', { token });
  if (error) rpcFailed(error);
  return data as unknown as InvitationPreview;
}

export async function acceptInvitation(token: string): Promise<string> {
  const { data, error } = await supabase.rpc('accept_household_invitation', { token });
  if (error) rpcFailed(error);
  return data;
}

export async function declineInvitation(token: string): Promise<void> {
  const { error } = await supabase.rpc('decline_household_invitation', { token });
  if (error) rpcFailed(error);
}

export async function revokeInvitation(id: string): Promise<void> {
  const { error } = await supabase.rpc('revoke_household_invitation', { invitation_id: id });
  if (error) rpcFailed(error);
}

export async function leaveHousehold(householdId: string): Promise<void> {
  const { error } = await supabase.rpc('leave_household', { household: householdId });
  if (error) rpcFailed(error);
}

export async function removeMember(householdId: string, userId: string): Promise<void> {
  const { error } = await supabase.rpc('remove_household_member', { household: householdId, member: userId });
  if (error) rpcFailed(error);
}

export async function transferOwnership(householdId: string, userId: string): Promise<void> {
  const { error } = await supabase.rpc('transfer_household_ownership', {
    household: householdId,
    new_owner: userId,
  });
  if (error) rpcFailed(error);
}

export async function renameHousehold(householdId: string, name: string): Promise<void> {
  const { error } = await supabase.from('households').update({ name }).eq('id', householdId);
  if (error) rpcFailed(error);
}

export async function switchHousehold(userId: string, householdId: string): Promise<void> {
  const { error } = await supabase.from('users').update({ household_id: householdId }).eq('id', userId);
  if (error) rpcFailed(error);
}
