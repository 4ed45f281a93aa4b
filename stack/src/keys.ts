import { SignJWT } from 'jose';

/** The Supabase CLI's local JWT secret (CONTRACTS 2); override with SUPABASE_JWT_SECRET. */
export const DEFAULT_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

/**
 * The anon and service_role keys `supabase start` prints for the default secret. They are
 * HS256 JWTs ({"iss":"supabase-demo","role":…,"exp":1983812996}); using the very same strings
 * lets a web build made for `supabase start` run against this stack unchanged.
 */
const DEFAULT_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
const DEFAULT_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

/** Same expiry as the CLI's keys: 2032-11-12. */
const KEY_EXPIRY = 1983812996;

export interface StackKeys {
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
}

export async function makeKeys(jwtSecret: string = DEFAULT_JWT_SECRET): Promise<StackKeys> {
  if (jwtSecret === DEFAULT_JWT_SECRET) {
    return { jwtSecret, anonKey: DEFAULT_ANON_KEY, serviceRoleKey: DEFAULT_SERVICE_ROLE_KEY };
  }
  const secret = new TextEncoder().encode(jwtSecret);
  const sign = (role: string) =>
    new SignJWT({ iss: 'supabase-demo', role })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setExpirationTime(KEY_EXPIRY)
      .sign(secret);
  return { jwtSecret, anonKey: await sign('anon'), serviceRoleKey: await sign('service_role') };
}
