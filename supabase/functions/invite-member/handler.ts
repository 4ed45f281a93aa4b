import { createClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { requireUser } from '../_shared/auth.ts';
import { readJson } from '../_shared/body.ts';
import { callerClient, serviceClient } from '../_shared/clients.ts';
import { emailField, readField } from '../_shared/domain.ts';
import { requireEnv } from '../_shared/env.ts';
import { HttpError, json } from '../_shared/http.ts';

export const messages = {
  site: 'site must be the web app’s address, such as https://larder.example.',
  mailFailed: 'The invitation e-mail could not be sent. Please try again in a minute.',
  failed: 'The invitation could not be made. Please try again.',
} as const;

const Body = z.object({
  email: z.union([z.string(), z.null()]).optional(),
  site: z.string({ error: 'site is required: the web app’s address.' }),
});

/** The web app's origin, for the link; Auth still sends people only to addresses it allows. */
function siteOrigin(site: string): string {
  try {
    const url = new URL(site);
    if ((url.protocol === 'https:' || url.protocol === 'http:') && url.pathname === '/' && !url.search) {
      return url.origin;
    }
  } catch {
    // Not a URL at all.
  }
  throw new HttpError(400, messages.site);
}

/** PostgREST's status for the database's refusals (PTxxx carries its own), with its message. */
function refusal(error: { code?: string; message: string }): HttpError {
  const code = error.code ?? '';
  if (code === '42501') return new HttpError(403, error.message);
  if (code === '22023') return new HttpError(400, error.message);
  if (/^PT[45]\d\d$/.test(code)) return new HttpError(Number(code.slice(2)), error.message);
  return new HttpError(500, messages.failed, { cause: error });
}

/**
 * Sends the invitation through Auth's own mail: someone without an account gets Auth's invite
 * (they set a password on arrival); someone with one gets a sign-in link. Both land on the
 * invitation page, signed in.
 */
async function mail(email: string, link: string, householdName: string): Promise<void> {
  const invited = await serviceClient().auth.admin.inviteUserByEmail(email, {
    redirectTo: link,
    data: { invited_to_household: householdName },
  });
  if (!invited.error) return;
  if (invited.error.code !== 'email_exists') throw invited.error;
  const anon = createClient(requireEnv('SUPABASE_URL'), requireEnv('SUPABASE_ANON_KEY'), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const otp = await anon.auth.signInWithOtp({
    email,
    options: { shouldCreateUser: false, emailRedirectTo: link },
  });
  if (otp.error) throw otp.error;
}

/**
 * POST invite-member `{email?, site}` → 201 `{link, email, emailed, expires_at}` (issue 17).
 *
 * The invitation is made as the caller (the database checks they are in a household and may
 * invite), so only the e-mail needs the service role. A mail that cannot be sent withdraws the
 * invitation again: nothing half-made is left behind.
 */
export async function inviteMember(req: Request): Promise<Response> {
  const caller = requireUser(req);
  const body = await readJson(req, Body);
  const origin = siteOrigin(body.site);
  let email: string | null = null;
  if (body.email !== undefined && body.email !== null && body.email.trim() !== '') {
    const read = readField(emailField, body.email);
    if (!read.ok) throw new HttpError(400, read.message);
    email = read.value.toLowerCase();
  }
  const db = callerClient(caller);
  const made = await db.rpc('create_household_invitation', { email: email ?? undefined });
  if (made.error) throw refusal(made.error);
  const invitation = made.data as {
    id: string;
    token: string;
    household_name: string;
    expires_at: string;
  };
  const link = `${origin}/join/${invitation.token}`;
  if (email) {
    try {
      await mail(email, link, invitation.household_name);
    } catch (cause) {
      await db.rpc('revoke_household_invitation', { invitation_id: invitation.id });
      throw new HttpError(502, messages.mailFailed, { cause });
    }
  }
  return json(201, { link, email, emailed: email !== null, expires_at: invitation.expires_at });
}
