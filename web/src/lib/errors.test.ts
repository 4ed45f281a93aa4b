import { AuthApiError, AuthRetryableFetchError, AuthWeakPasswordError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { FIELD_MESSAGES } from '../../../shared/limits/messages.ts';
import {
  DUPLICATE_MESSAGE,
  describeError,
  GENERIC_MESSAGE,
  OFFLINE_MESSAGE,
  PlainError,
  SESSION_ENDED_MESSAGE,
} from './errors.ts';

const rest = (code: string, message = '') => ({ code, message, details: null, hint: null });
const gotrue = (code: string, message: string, status = 400) => new AuthApiError(message, status, code);

describe('describeError (issue 15: 7)', () => {
  it('names the field a check constraint guards (23514), in the form’s own words', () => {
    expect(
      describeError(
        rest('23514', 'new row for relation "pantry" violates check constraint "pantry_name_length"'),
      ),
    ).toEqual({ message: FIELD_MESSAGES.itemNameLong, retry: false, reasons: [] });
    expect(
      describeError(
        rest('23514', 'new row for relation "recipes" violates check constraint "recipes_portions_range"'),
      ).message,
    ).toBe(FIELD_MESSAGES.portions);
    expect(describeError(rest('23514', 'violates check constraint "something_new"')).message).toMatch(
      /cannot be saved/,
    );
  });

  it('says a duplicate (409, 23505) once, without the SQL', () => {
    const problem = describeError(rest('23505', 'duplicate key value violates unique constraint "x"'));
    expect(problem).toEqual({ message: DUPLICATE_MESSAGE, retry: false, reasons: [] });
  });

  it("puts GoTrue's error codes in plain words", () => {
    expect(describeError(gotrue('invalid_credentials', 'Invalid login credentials')).message).toBe(
      'The e-mail address or password is not right. Check both and try again.',
    );
    expect(
      describeError(gotrue('over_email_send_rate_limit', 'email rate limit exceeded', 429)).message,
    ).toMatch(/wait a few minutes/);
    expect(describeError(gotrue('email_address_invalid', 'Email address "x" is invalid')).message).toBe(
      FIELD_MESSAGES.email,
    );
    expect(
      describeError(gotrue('validation_failed', 'Password cannot be longer than 72 characters')).message,
    ).toBe(FIELD_MESSAGES.passwordLong);
    expect(
      describeError(gotrue('session_not_found', 'Session from session_id claim in JWT does not exist', 403)),
    ).toMatchObject({ message: SESSION_ENDED_MESSAGE, retry: false });
  });

  it('turns weak-password reasons into sentences, not codes', () => {
    const weak = new AuthWeakPasswordError('Password should be at least 6 characters.', 422, ['length']);
    expect(describeError(weak)).toEqual({
      message: 'Choose a stronger password.',
      retry: false,
      reasons: ['It is too short: use at least 6 characters.'],
    });
  });

  it('offers Retry when the server could not be reached or is busy', () => {
    expect(describeError(rest('', 'TypeError: Failed to fetch'))).toEqual({
      message: OFFLINE_MESSAGE,
      retry: true,
      reasons: [],
    });
    expect(describeError(rest('PGRST001', 'Database client error. Retrying the connection.')).retry).toBe(
      true,
    );
    expect(describeError(new AuthRetryableFetchError('Failed to fetch', 0))).toMatchObject({
      message: OFFLINE_MESSAGE,
      retry: true,
    });
    expect(describeError(new TypeError('Failed to fetch')).retry).toBe(true);
  });

  it('never shows raw JSON or a library’s English: anything unknown is the generic message with Retry', () => {
    for (const raw of [
      new Error('{"code":"XX000","message":"internal"}'),
      { message: 'weird' },
      'oops',
      null,
      gotrue('unexpected_failure', 'Unexpected failure', 500),
    ]) {
      const problem = describeError(raw);
      expect(problem.retry).toBe(true);
      expect([GENERIC_MESSAGE, OFFLINE_MESSAGE]).toContain(problem.message);
    }
  });

  it('passes the app’s own messages through unchanged', () => {
    expect(describeError(new PlainError('A cook with this name already exists.')).message).toBe(
      'A cook with this name already exists.',
    );
  });
});
