import { LIMITS } from '../limits/limits.ts';
import { normalizeName } from '../limits/normalize-name.ts';

/**
 * The name a new profile starts with (spec 3: "name taken from the sign-in provider's full_name
 * metadata"): a string normalised as every stored name is (see {@link normalizeName}), cut to
 * `LIMITS.userName.max` characters (code points, as PostgreSQL counts them) and normalised again
 * so a cut never leaves a trailing space; `null` when that leaves nothing or `fullName` is not a
 * string. The database's own profile trigger (`private.handle_new_user`) applies the same rule,
 * and `stack/tests/profile-name.test.ts` holds the two together.
 */
export function profileName(fullName: unknown): string | null {
  if (typeof fullName !== 'string') return null;
  const cut = Array.from(normalizeName(fullName)).slice(0, LIMITS.userName.max).join('');
  return normalizeName(cut) || null;
}
