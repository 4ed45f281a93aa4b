import type { SupabaseClient } from '@supabase/supabase-js';
import { client, uniqueEmail } from './support/auth-client.ts';
import { startTestStack, type TestDatabase, type TestStack } from './support/stack.ts';

/** A signed-in person: their supabase-js client, id and access token. */
export interface Person {
  client: SupabaseClient;
  id: string;
  token: string;
}

/** Signs a new person up through the Auth API (confirmations are off, so a session comes back). */
export async function signedIn(stack: TestStack, name: string): Promise<Person> {
  const c = client(stack);
  const { data, error } = await c.auth.signUp({
    email: uniqueEmail(name),
    password: 'correct-horse-battery-9',
    options: { data: { full_name: name } },
  });
  if (error || !data.session || !data.user) throw new Error(`sign-up of ${name} failed: ${error?.message}`);
  return { client: c, id: data.user.id, token: data.session.access_token };
}

/**
 * A fresh stack on `database` for one describe block, then the people named, signed up in
 * parallel, then `sql` run as the owner (the tables or functions the block tests):
 * `[stack, a, b] = await restStack(database, ['Ana', 'Ben'])`.
 */
export async function restStack<const N extends readonly string[]>(
  database: TestDatabase,
  names: N,
  sql = '',
): Promise<[TestStack, ...{ -readonly [K in keyof N]: Person }]> {
  const stack = await startTestStack({ database });
  const people = await Promise.all(names.map((name) => signedIn(stack, name)));
  if (sql) await stack.ctx.db.exec(sql);
  return [stack, ...(people as { -readonly [K in keyof N]: Person })];
}

export interface RawResponse {
  status: number;
  headers: Headers;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: JSON bodies are checked field by field in tests.
  json: any;
}

/** A raw PostgREST request (as supabase-js would send it, but with every header under our control). */
export async function rest(
  stack: TestStack,
  path: string,
  init: {
    method?: string;
    token?: string | null;
    apikey?: string | null;
    headers?: Record<string, string>;
    body?: unknown;
  } = {},
): Promise<RawResponse> {
  const headers: Record<string, string> = { ...init.headers };
  const apikey = init.apikey === undefined ? stack.anonKey : init.apikey;
  if (apikey !== null) headers.apikey = apikey;
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  let body: string | undefined;
  if (init.body !== undefined) {
    body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(`${stack.url}/rest/v1${path}`, { method: init.method ?? 'GET', headers, body });
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** Ids of a few seeded ingredients and measurements, looked up by name through the API. */
export async function seedIds(
  person: Person,
): Promise<{ ingredients: Record<string, number>; measurements: Record<string, number> }> {
  const ing = await person.client
    .from('ingredients')
    .select('id,name')
    .in('name', ['honey', 'banana', 'rolled oats', 'chia seed']);
  const mea = await person.client.from('measurements').select('id,name').in('name', ['cup', 'tbsp', 'g']);
  if (ing.error || mea.error)
    throw new Error(`seed lookup failed: ${ing.error?.message ?? mea.error?.message}`);
  return {
    ingredients: Object.fromEntries(ing.data.map((r) => [r.name, r.id])),
    measurements: Object.fromEntries(mea.data.map((r) => [r.name, r.id])),
  };
}

/**
 * Sets PostgREST in-database settings (`pgrst.<name>` of the `authenticator` role, for this
 * test's database only) and sends `NOTIFY pgrst, 'reload config'`, as a hosted Supabase project
 * switches them; then waits until `visible()` says the stack uses them.
 */
export async function setPgrstConfig(
  stack: TestStack,
  settings: Record<string, string | null>,
  visible: () => Promise<boolean>,
): Promise<void> {
  const { rows } = await stack.ctx.db.query<{ db: string }>('select current_database() as db');
  const db = `"${rows[0]!.db.replaceAll('"', '""')}"`;
  for (const [name, value] of Object.entries(settings)) {
    await stack.ctx.db.exec(
      value === null
        ? `alter role authenticator in database ${db} reset pgrst.${name}`
        : `alter role authenticator in database ${db} set pgrst.${name} = '${value.replaceAll("'", "''")}'`,
    );
  }
  await stack.ctx.db.exec(`notify pgrst, 'reload config'`);
  const deadline = Date.now() + 10_000;
  while (!(await visible())) {
    if (Date.now() > deadline) throw new Error(`pgrst settings ${JSON.stringify(settings)} never applied`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
