import {
  FunctionsFetchError,
  FunctionsRelayError,
  isAuthError,
  isAuthWeakPasswordError,
} from '@supabase/supabase-js';
import { LIMITS } from '../../../shared/limits/limits.ts';
import { FIELD_MESSAGES } from '../../../shared/limits/messages.ts';

/** What a screen shows when something failed: one plain sentence, and whether Retry may help. */
export interface Problem {
  message: string;
  /** True when the same request may work a moment later (network, busy server, unknown). */
  retry: boolean;
  /** A weak password's reasons, in plain words. */
  reasons: string[];
}

export const GENERIC_MESSAGE = 'Something went wrong. Please try again.';
export const OFFLINE_MESSAGE = 'Larder could not reach the server. Check your connection and try again.';
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';
export const INVALID_VALUE_MESSAGE = 'Something you entered cannot be saved. Check the form and try again.';
export const DUPLICATE_MESSAGE = 'That is already saved.';

/** A message already written for people (the spec's catalogue, a function's field message). */
export class PlainError extends Error {
  constructor(
    message: string,
    readonly retry = false,
    readonly reasons: string[] = [],
  ) {
    super(message);
    this.name = 'PlainError';
  }
}

/** The database's check constraints (supabase/migrations/*_field_limits.sql) by the field they guard. */
const CONSTRAINT_MESSAGES: Record<string, string> = {
  recipes_name_length: FIELD_MESSAGES.recipeNameLong,
  recipes_description_length: FIELD_MESSAGES.description,
  recipes_portions_range: FIELD_MESSAGES.portions,
  recipes_duration_range: FIELD_MESSAGES.duration,
  recipes_steps_limits: FIELD_MESSAGES.steps,
  recipes_tags_limits: FIELD_MESSAGES.tags,
  ingredients_name_length: FIELD_MESSAGES.ingredientNameLong,
  ingredients_nutrients_range: `${FIELD_MESSAGES.nutrient} ${FIELD_MESSAGES.energy}`,
  ingredients_grams_per_each_range: FIELD_MESSAGES.gramsPerEach,
  ingredients_grams_per_ml_range: FIELD_MESSAGES.gramsPerMl,
  ingredients_pack_size_range: FIELD_MESSAGES.packSize,
  recipe_ingredients_quantity_form: FIELD_MESSAGES.lineQuantity,
  recipe_ingredients_note_length: FIELD_MESSAGES.lineNote,
  pantry_name_length: FIELD_MESSAGES.itemNameLong,
  shopping_name_length: FIELD_MESSAGES.itemNameLong,
  pantry_quantity_range: FIELD_MESSAGES.itemQuantityRange,
  shopping_quantity_range: FIELD_MESSAGES.itemQuantityRange,
  pantry_unit_length: FIELD_MESSAGES.itemUnit,
  shopping_unit_length: FIELD_MESSAGES.itemUnit,
  users_name_length: FIELD_MESSAGES.userName,
};

/** GoTrue's error codes (supabase-js `error.code`) in the app's words. */
const AUTH_MESSAGES: Record<string, string> = {
  invalid_credentials: 'The e-mail address or password is not right. Check both and try again.',
  email_exists: 'An account with this e-mail address already exists. Sign in instead.',
  user_already_exists: 'An account with this e-mail address already exists. Sign in instead.',
  weak_password: 'Choose a stronger password.',
  over_email_send_rate_limit:
    'Too many e-mails have been sent to this address. Please wait a few minutes, then try again.',
  over_request_rate_limit: 'Too many attempts in a short time. Please wait a minute, then try again.',
  email_address_invalid: FIELD_MESSAGES.email,
  email_not_confirmed: 'Confirm your e-mail address first: open the link we sent you.',
  same_password: 'Choose a password different from your current one.',
  otp_expired: 'This link is invalid or has expired. Ask for a new one.',
  signup_disabled: 'New accounts cannot be created at the moment.',
  user_banned: 'This account has been blocked.',
  session_not_found: SESSION_ENDED_MESSAGE,
  session_expired: SESSION_ENDED_MESSAGE,
  refresh_token_not_found: SESSION_ENDED_MESSAGE,
  refresh_token_already_used: SESSION_ENDED_MESSAGE,
  bad_jwt: SESSION_ENDED_MESSAGE,
  mfa_verification_failed:
    'That code is not right. Check the code your authenticator app shows now and try again.',
  mfa_challenge_expired: 'That took too long. Enter the code your app shows now.',
  mfa_factor_name_conflict: 'You already have an authenticator app with this name. Choose another name.',
  too_many_enrolled_mfa_factors: 'You have set up as many authenticator apps as you can. Remove one first.',
  insufficient_aal: 'Sign in with your authenticator app code first, then try again.',
  mfa_totp_enroll_not_enabled: 'Two-step sign-in is not available on this server.',
  mfa_factor_not_found: 'That authenticator app is no longer set up. Reload the page.',
};

const REASONS: Record<string, string> = {
  length: `It is too short: use at least ${LIMITS.password.min} characters.`,
  characters: 'It needs a mix of character types (for example lower case, upper case, digits and symbols).',
  pwned: 'It has appeared in a known data breach; choose another.',
};

const problem = (message: string, retry = false, reasons: string[] = []): Problem => ({
  message,
  retry,
  reasons,
});

function authProblem(error: { message: string; code?: string | undefined; status?: number | undefined }) {
  if (isAuthWeakPasswordError(error)) {
    return problem(
      AUTH_MESSAGES.weak_password!,
      false,
      error.reasons.map((r) => REASONS[r] ?? r),
    );
  }
  const code = error.code ?? '';
  if (code === 'validation_failed') {
    if (/password/i.test(error.message)) return problem(FIELD_MESSAGES.passwordLong);
    if (/email/i.test(error.message)) return problem(FIELD_MESSAGES.email);
    return problem('Check what you entered, then try again.');
  }
  const known = AUTH_MESSAGES[code];
  if (known) return problem(known);
  // No answer, or the server is overloaded: supabase-js's retryable statuses (spec 8: 502–504).
  if (!error.status || error.status >= 500) return problem(OFFLINE_MESSAGE, true);
  return problem(GENERIC_MESSAGE, true);
}

interface PostgrestLike {
  code: string;
  message: string;
  details: unknown;
  hint: unknown;
}

const isPostgrestError = (e: unknown): e is PostgrestLike =>
  typeof e === 'object' &&
  e !== null &&
  typeof (e as PostgrestLike).code === 'string' &&
  typeof (e as PostgrestLike).message === 'string' &&
  'details' in e &&
  'hint' in e;

function databaseProblem(error: PostgrestLike): Problem {
  switch (error.code) {
    case '23514': {
      const constraint = /constraint "([^"]+)"/.exec(error.message)?.[1] ?? '';
      return problem(CONSTRAINT_MESSAGES[constraint] ?? INVALID_VALUE_MESSAGE);
    }
    case '23505':
      return problem(DUPLICATE_MESSAGE);
    case '23503':
      return problem('It is still used elsewhere, so it cannot be changed.');
    case '22P02':
    case '22003':
    case '22001':
    case '23502':
      return problem(INVALID_VALUE_MESSAGE);
    case 'PGRST301':
    case 'PGRST302':
    case 'PGRST303':
      return problem(SESSION_ENDED_MESSAGE);
    case '42501':
      return problem('You cannot change this.');
    case 'PGRST116':
      return problem('It is no longer there: it may have been deleted.');
  }
  // '' is supabase-js's "no answer at all"; PGRST000–003 and 57014 mean the database is busy or away.
  if (error.code === '' || /^PGRST00[0-3]$/.test(error.code) || error.code === '57014') {
    return problem(OFFLINE_MESSAGE, true);
  }
  return problem(GENERIC_MESSAGE, true);
}

/**
 * The one place a failure becomes words for people: GoTrue's codes, PostgreSQL's SQLSTATEs (a
 * check constraint names the field it guards), network failures. Nothing raw (no JSON, no SQL,
 * no English from a library) reaches the screen; anything unknown is a generic sentence with Retry.
 */
export function describeError(error: unknown): Problem {
  if (error instanceof PlainError) return problem(error.message, error.retry, error.reasons);
  if (isAuthError(error)) return authProblem(error);
  if (isPostgrestError(error)) return databaseProblem(error);
  if (
    error instanceof TypeError ||
    error instanceof FunctionsFetchError ||
    error instanceof FunctionsRelayError
  ) {
    return problem(OFFLINE_MESSAGE, true);
  }
  return problem(GENERIC_MESSAGE, true);
}
