import type { AuthError, Session } from '@supabase/supabase-js';
import { isAuthApiError, isAuthWeakPasswordError } from '@supabase/supabase-js';
import { supabase } from '../../lib/supabase.ts';

/** Spec 5 / 8: sign-up and sign-in need an email (or phone) and a password. */
export const MISSING_CREDENTIALS = 'You must provide either an email or phone number and a password';
/** Spec 8: a user fetch failing with this message means "signed out". */
export const SESSION_MISSING = 'Auth session missing!';

/** What a form shows: the message, and for weak passwords the reasons the server gave. */
export class AuthFormError extends Error {
  constructor(
    message: string,
    readonly reasons: string[] = [],
  ) {
    super(message);
    this.name = 'AuthFormError';
  }
}

const reasonText: Record<string, string> = {
  length: 'It is too short.',
  characters: 'It needs a mix of character types (for example lower case, upper case, digits and symbols).',
  pwned: 'It has appeared in a known data breach; choose another.',
};

function toFormError(error: AuthError): AuthFormError {
  if (isAuthWeakPasswordError(error)) {
    return new AuthFormError(
      error.message,
      error.reasons.map((r) => reasonText[r] ?? r),
    );
  }
  return new AuthFormError(error.message || 'Something went wrong. Please try again.');
}

function requireCredentials(email: string, password: string): void {
  if (!email.trim() || !password) throw new AuthFormError(MISSING_CREDENTIALS);
}

export async function signInWithPassword(email: string, password: string): Promise<Session> {
  requireCredentials(email, password);
  const { data, error } = await supabase.auth.signInWithPassword({ email: email.trim(), password });
  if (error) throw toFormError(error);
  return data.session;
}

/** Returns the session, or null when the project asks the user to confirm their e-mail first. */
export async function signUpWithPassword(
  fullName: string,
  email: string,
  password: string,
): Promise<Session | null> {
  requireCredentials(email, password);
  const { data, error } = await supabase.auth.signUp({
    email: email.trim(),
    password,
    options: { data: { full_name: fullName.trim() }, emailRedirectTo: `${location.origin}/` },
  });
  if (error) throw toFormError(error);
  return data.session;
}

export async function sendRecoveryEmail(email: string): Promise<void> {
  if (!email.trim()) throw new AuthFormError('Enter the e-mail address you signed up with.');
  const { error } = await supabase.auth.resetPasswordForEmail(email.trim(), {
    redirectTo: `${location.origin}/reset-password`,
  });
  if (error) throw toFormError(error);
}

export async function updatePassword(password: string): Promise<void> {
  if (!password) throw new AuthFormError('Enter a new password.');
  const { error } = await supabase.auth.updateUser({ password });
  if (error) throw toFormError(error);
}

export async function signOut(): Promise<void> {
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
