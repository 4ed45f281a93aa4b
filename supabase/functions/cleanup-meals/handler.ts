import { readCaller } from '../_shared/auth.ts';
import { serviceClient } from '../_shared/clients.ts';
import { DEFAULT_TIME_ZONE, mealWindow } from '../_shared/domain.ts';
import { requireEnv } from '../_shared/env.ts';
import { HttpError, json } from '../_shared/http.ts';

/**
 * docs/decisions.md "Dates and time zone": Australia/Sydney unless the MEAL_TIME_ZONE secret
 * names another zone. A misspelt zone fails loudly rather than deleting by the wrong day.
 */
export function mealTimeZone(): string {
  const zone = Deno.env.get('MEAL_TIME_ZONE')?.trim() || DEFAULT_TIME_ZONE;
  try {
    new Intl.DateTimeFormat('en-AU', { timeZone: zone });
  } catch {
    throw new Error(`MEAL_TIME_ZONE is not a time zone: ${JSON.stringify(zone)}`);
  }
  return zone;
}

/**
 * POST cleanup-meals → 200 `{deleted: n}` (CONTRACTS 4; spec 4 "Meal planner housekeeping"):
 * deletes every user's meals dated before today in the meal time zone.
 *
 * Only the scheduler may call it: it acts for every user, so it runs with the service role, and
 * it takes the caller to be the scheduler only if they present the project's own service role
 * key (which pg_net sends from Vault). Everyone else, signed in or not, gets a 403.
 */
export async function cleanupMeals(req: Request): Promise<Response> {
  const caller = readCaller(req);
  if (caller.role !== 'service_role' || !sameSecret(caller.token, requireEnv('SUPABASE_SERVICE_ROLE_KEY'))) {
    throw new HttpError(403, 'Only the scheduler (the service role) may clean up meals.');
  }
  // The scheduler's body ('{}') carries nothing; withCommon drains it.
  const today = mealWindow(new Date(), mealTimeZone()).from;
  const { count, error } = await serviceClient()
    .from('meal_planner')
    .delete({ count: 'exact' })
    .lt('date', today);
  if (error) throw new Error(`deleting meals before ${today} failed: ${error.code} ${error.message}`);
  return json(200, { deleted: count ?? 0 });
}

/** Compares without leaking, through timing, how much of a guessed key was right. */
function sameSecret(given: string, expected: string): boolean {
  const a = new TextEncoder().encode(given);
  const b = new TextEncoder().encode(expected);
  let diff = a.length ^ b.length;
  for (let i = 0; i < b.length; i++) diff |= (a[i] ?? 0) ^ (b[i] as number);
  return diff === 0;
}
