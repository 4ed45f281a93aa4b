import type { Session } from '@supabase/supabase-js';
import { isAuthApiError } from '@supabase/supabase-js';
import { normalizeName } from '../../../../shared/limits/normalize-name.ts';
import { PlainError } from '../../lib/errors.ts';
import { supabase } from '../../lib/supabase.ts';

/** Spec 5 / 8: sign-up and sign-in need an email (or phone) and a password. */
export const MISSING_CREDENTIALS = 'You must provide either an email or phone number and a password';
/** Spec 8: a user fetch failing with this message means "signed out". */
export const SESSION_MISSING = 'Auth session missing!';

/** Messages that belong next to fields of a form, by the field's name. */
export class FieldErrors extends Error {
  constructor(readonly fields: Readonly<Record<string, string>>) {
    super(Object.values(fields).join(' '));
    this.name = 'FieldErrors';
  }
}

type FieldRules = typeof import('../../../../shared/limits/fields.ts');
let rules: FieldRules | null = null;

/**
 * The field rules (zod) load with the first form of these screens, not with the app: most visits
 * start signed in and never see one. A field left before they are here is checked on submit.
 */
export function loadFieldRules(): Promise<FieldRules> {
  return import('../../../../shared/limits/fields.ts').then((m) => (rules = m));
}

/** The message for a typed field, or null; an empty field is the missing-credentials rule's. */
const check =
  (field: (r: FieldRules) => Parameters<FieldRules['readField']>[0]) =>
  (text: string): string | null => {
    if (text === '' || !rules) return null;
    const read = rules.readField(field(rules), text);
    return read.ok ? null : read.message;
  };

export const checkEmail = check((r) => r.emailField);
export const checkNewPassword = check((r) => r.newPasswordField);
export const checkFullName = check((r) => r.userNameField);

/** Throws the spec's message when a credential is missing, and the fields' own messages. */
function requireFields(fields: Record<string, string | null>, required: string[]): void {
  if (required.some((text) => !text.trim())) throw new PlainError(MISSING_CREDENTIALS);
  const wrong = Object.entries(fields).filter((e): e is [string, string] => e[1] !== null);
  if (wrong.length > 0) throw new FieldErrors(Object.fromEntries(wrong));
}

export async function signInWithPassword(email: string, password: string): Promise<Session> {
  await loadFieldRules();
  requireFields({ email: checkEmail(email) }, [email, password]);
  const { data, error } = await supabase.auth.signInWithPassword({ email: email.trim(), password });
  if (error) throw error;
  return data.session;
}

/** Returns the session, or null when the project asks the user to confirm their e-mail first. */
export async function signUpWithPassword(
  fullName: string,
  email: string,
  password: string,
): Promise<Session | null> {
  await loadFieldRules();
  requireFields(
    { fullName: checkFullName(fullName), email: checkEmail(email), password: checkNewPassword(password) },
    [email, password],
  );
  const { data, error } = await supabase.auth.signUp({
    email: email.trim(),
    password,
    options: { data: { full_name: normalizeName(fullName) }, emailRedirectTo: `${location.origin}/` },
  });
  if (error) throw error;
  return data.session;
}

export async function sendRecoveryEmail(email: string): Promise<void> {
  if (!email.trim()) throw new FieldErrors({ email: 'Enter the e-mail address you signed up with.' });
  await loadFieldRules();
  requireFields({ email: checkEmail(email) }, []);
  const { error } = await supabase.auth.resetPasswordForEmail(email.trim(), {
    redirectTo: `${location.origin}/reset-password`,
  });
  if (error) throw error;
}

export async function updatePassword(password: string): Promise<void> {
  if (!password) throw new FieldErrors({ password: 'Enter a new password.' });
  await loadFieldRules();
  requireFields({ password: checkNewPassword(password) }, []);
  const { error } = await supabase.auth.updateUser({ password });
  if (error) throw error;
}

/** Tells every tab that the coming SIGNED_OUT was asked for, so none says the session "ended". */
const SIGNED_OUT_KEY = 'larder-signed-out-at';
const ON_PURPOSE_MS = 10_000;

export function signedOutOnPurpose(): boolean {
  const at = Number(localStorage.getItem(SIGNED_OUT_KEY));
  return Number.isFinite(at) && Date.now() - at < ON_PURPOSE_MS;
}

export async function signOut(): Promise<void> {
  localStorage.setItem(SIGNED_OUT_KEY, String(Date.now()));
  const { error } = await supabase.auth.signOut();
  // A session the server no longer knows is already signed out; the local copy is gone either way.
  if (error && error.message !== SESSION_MISSING) console.error('sign-out failed', error);
}

/**
 * Whether the server says the stored session is no longer valid: 'Auth session missing!'
 * (spec 8), or the user or token refused (401/403). Network failures do not count, so an
 * offline start keeps the session.
 */
export async function sessionRejected(): Promise<boolean> {
  const { error } = await supabase.auth.getUser();
  if (!error) return false;
  if (error.message === SESSION_MISSING) return true;
  if (isAuthApiError(error) && (error.status === 401 || error.status === 403)) return true;
  console.error('checking the session failed', error);
  return false;
}

/**
 * Whether the session must still prove the second factor (auth.mfa.getAuthenticatorAssuranceLevel):
 * the person has a verified factor (next level aal2) but this session is aal1.
 */
export async function secondFactorNeeded(): Promise<boolean> {
  const { data, error } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
  if (error) throw error;
  return data.nextLevel === 'aal2' && data.currentLevel !== 'aal2';
}
