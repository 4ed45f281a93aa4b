import { z } from 'zod';
import { requireUser } from '../_shared/auth.ts';
import { readJson } from '../_shared/body.ts';
import { callerClient } from '../_shared/clients.ts';
import { cookNameField, readField } from '../_shared/domain.ts';
import { activeHousehold } from '../_shared/household.ts';
import { HttpError, json } from '../_shared/http.ts';

/** Spec 8, verbatim; the name's own rules and messages are shared/limits' cookNameField. */
export const messages = {
  lookupFailed: 'An error occurred while checking for existing cooks.',
  duplicate: 'A cook with this name already exists.',
  insertFailed: 'An error occurred while adding the cook.',
  control: "A cook's name cannot contain control characters.",
  malformed: "A cook's name contains a character that is not valid text.",
  signedOut: 'You must be signed in.',
} as const;

const Body = z.object({
  name: z.string({
    error: (issue) => (issue.input === undefined ? 'name is required.' : 'name must be a string.'),
  }),
});

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * POST add-cook `{name}` → 201 `{cook: {id, name, user_id}}` (CONTRACTS 4, spec 5 and 8), into
 * the caller's active household, whose cook names are unique (issue 17).
 *
 * The look-up gives the friendly answer in the common case; the unique index decides the race
 * between two simultaneous adds, whose loser gets the same 409 from its 23505.
 */
export async function addCook(req: Request): Promise<Response> {
  const caller = requireUser(req);
  const { name: raw } = await readJson(req, Body);
  if (hasControlCharacter(raw.trim())) throw new HttpError(400, messages.control);
  const read = readField(cookNameField, raw);
  if (!read.ok) throw new HttpError(400, read.message);
  const name = read.value;
  // A lone surrogate survives JSON.parse but no database text can hold it.
  if (!name.isWellFormed()) throw new HttpError(400, messages.malformed);

  const db = callerClient(caller);
  const household = await activeHousehold(db, caller.sub);
  // The database compares (cook_name_taken uses the unique index's expression), so this check
  // and the index that settles a race agree on every name.
  const taken = await db.rpc('cook_name_taken', { household, cook_name: name });
  if (taken.error) throw new HttpError(500, messages.lookupFailed, { cause: taken.error });
  if (taken.data === true) throw new HttpError(409, messages.duplicate);

  const inserted = await db
    .from('cooks')
    .insert({ name, household_id: household })
    .select('id, name, user_id')
    .single();
  if (inserted.error) {
    if (inserted.error.code === '23505') throw new HttpError(409, messages.duplicate);
    // The token is still signed but its user has been deleted: they are signed out, not failing.
    if (inserted.error.code === '23503') throw new HttpError(401, messages.signedOut);
    throw new HttpError(500, messages.insertFailed, { cause: inserted.error });
  }
  return json(201, { cook: inserted.data });
}
