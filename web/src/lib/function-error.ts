import { FunctionsHttpError } from '@supabase/supabase-js';

/** An Edge Function's refusal in its own words (`{error}` in the body), else `fallback`. */
export async function functionErrorMessage(error: unknown, fallback: string): Promise<string> {
  if (!(error instanceof FunctionsHttpError)) return fallback;
  const body = (await (error.context as Response).json().catch(() => null)) as { error?: unknown } | null;
  return typeof body?.error === 'string' ? body.error : fallback;
}
