/** Reads a variable hosted Supabase (and the local stack) sets for every function. */
export function requireEnv(name: string): string {
  const value = Deno.env.get(name);
  if (value === undefined || value === '') {
    // Not the caller's fault: the generic 500 hides the detail, the log keeps it.
    throw new Error(`The function's environment lacks ${name}.`);
  }
  return value;
}
