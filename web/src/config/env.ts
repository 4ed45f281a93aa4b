/** The environment the app needs, checked once at start-up so a misconfigured build says what is missing. */
export interface Env {
  supabaseUrl: string;
  supabaseAnonKey: string;
}

const required = {
  VITE_SUPABASE_URL: import.meta.env.VITE_SUPABASE_URL as string | undefined,
  VITE_SUPABASE_ANON_KEY: import.meta.env.VITE_SUPABASE_ANON_KEY as string | undefined,
} as const;

export class MissingEnvError extends Error {
  constructor(readonly missing: string[]) {
    super(`Missing environment variable${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`);
    this.name = 'MissingEnvError';
  }
}

/** Reads the variables from a record (import.meta.env by default), naming each one that is missing. */
export function readEnv(source: Record<string, string | undefined> = required): Env {
  const missing = Object.keys(required).filter((name) => !source[name]?.trim());
  if (missing.length > 0) throw new MissingEnvError(missing);
  return {
    supabaseUrl: source.VITE_SUPABASE_URL!.trim(),
    supabaseAnonKey: source.VITE_SUPABASE_ANON_KEY!.trim(),
  };
}
