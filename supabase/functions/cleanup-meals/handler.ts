import { readCaller } from '../_shared/auth.ts';
import { serviceClient } from '../_shared/clients.ts';
import { planToday } from '../_shared/domain.ts';
import { HttpError, json } from '../_shared/http.ts';

/**
 * POST cleanup-meals → 200 `{deleted: n}` (CONTRACTS 4; spec 4 "Meal planner housekeeping"):
 * deletes every user's meals dated before the plan's today (shared `planToday`: Sydney's date),
 * the day the web app's planner starts at.
 *
 * Only the scheduler may call it: it acts for every user, so it runs with the service role. The
 * gateway has verified the token's signature (`verify_jwt = true` in config.toml), so the verified
 * role decides, as on hosted Supabase: any service-role token of the project is the scheduler,
 * whoever minted it and whenever (the CLI's key, a freshly signed one, or the JWT the gateway
 * makes of a secret API key). Everyone else, signed in or not, gets a 403.
 */
export async function cleanupMeals(req: Request): Promise<Response> {
  if (readCaller(req).role !== 'service_role') {
    throw new HttpError(403, 'Only the scheduler (the service role) may clean up meals.');
  }
  // The scheduler's body ('{}') carries nothing; withCommon drains it.
  const today = planToday();
  const { count, error } = await serviceClient()
    .from('meal_planner')
    .delete({ count: 'exact' })
    .lt('date', today);
  if (error) throw new Error(`deleting meals before ${today} failed: ${error.code} ${error.message}`);
  return json(200, { deleted: count ?? 0 });
}
