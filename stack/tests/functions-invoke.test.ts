/**
 * The Edge Functions as an app reaches them: through supabase-js `functions.invoke`, signed in,
 * on both databases. Twenty clients write at once through the functions and REST; afterwards
 * every row is there exactly once and the duplicate-name race has one winner per name.
 */
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, uniqueEmail } from './support/auth-client.ts';
import { startTestStack, type TestStack, testDatabases } from './support/stack.ts';

const USERS = 10;

async function signedIn(stack: TestStack, name: string): Promise<{ id: string; client: SupabaseClient }> {
  const c = client(stack);
  const { data, error } = await c.auth.signUp({
    email: uniqueEmail(name),
    password: 'correct-horse-battery',
  });
  if (error || !data.user) throw error ?? new Error('no user');
  return { id: data.user.id, client: c };
}

describe.each(testDatabases)('functions through supabase-js on %s', (database) => {
  let stack: TestStack;
  let users: { id: string; client: SupabaseClient }[];
  beforeAll(async () => {
    stack = await startTestStack({ database });
    users = await Promise.all(Array.from({ length: USERS }, (_, i) => signedIn(stack, `invoker${i}`)));
  });
  afterAll(() => stack?.stop());

  it('invokes add-cook and surfaces its 409 as a FunctionsHttpError with the spec message', async () => {
    const [user] = users;
    const first = await user!.client.functions.invoke('add-cook', { body: { name: 'Robin' } });
    expect(first.error).toBeNull();
    expect(first.data.cook).toMatchObject({ name: 'Robin', user_id: user!.id });
    const again = await user!.client.functions.invoke('add-cook', { body: { name: ' ROBIN' } });
    expect(again.error).toBeInstanceOf(FunctionsHttpError);
    const response = (again.error as FunctionsHttpError).context as Response;
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: 'A cook with this name already exists.' });
  });

  it('answers an unknown function with 404', async () => {
    const { error } = await users[0]!.client.functions.invoke('no-such-function', { body: {} });
    expect(error).toBeInstanceOf(FunctionsHttpError);
    expect(((error as FunctionsHttpError).context as Response).status).toBe(404);
  });

  it('keeps every row exactly once when 20 clients write through functions and REST at once', async () => {
    // Two clients per user: each adds its own cook, both race for one shared name, and each
    // writes a pantry row through REST.
    const clients = users.flatMap((user) => [
      { user, side: 'a', race: 'Sam' },
      { user, side: 'b', race: ' sam ' },
    ]);
    expect(clients).toHaveLength(20);
    const results = await Promise.all(
      clients.map(async ({ user, side, race }) => {
        const own = await user.client.functions.invoke('add-cook', { body: { name: `Cook ${side}` } });
        const raced = await user.client.functions.invoke('add-cook', { body: { name: race } });
        const pantry = await user.client.from('pantry').insert({ name: `Flour ${side}`, user_id: user.id });
        return {
          own: own.error ? ((own.error as FunctionsHttpError).context as Response).status : 201,
          raced: raced.error ? ((raced.error as FunctionsHttpError).context as Response).status : 201,
          pantry: pantry.status,
        };
      }),
    );
    expect(results.every((r) => r.own === 201 && r.pantry === 201)).toBe(true);
    for (let i = 0; i < USERS; i++) {
      expect([results[2 * i]!.raced, results[2 * i + 1]!.raced].sort()).toEqual([201, 409]);
    }
    const { rows } = await stack.ctx.db.query<{ user_id: string; cooks: string[]; pantry: string[] }>(
      `select u.id::text as user_id,
              coalesce((select array_agg(lower(c.name) order by lower(c.name)) from public.cooks c where c.user_id = u.id), '{}') as cooks,
              coalesce((select array_agg(p.name order by p.name) from public.pantry p where p.user_id = u.id), '{}') as pantry
         from auth.users u where u.id = any($1::uuid[])`,
      [users.map((u) => u.id)],
    );
    expect(rows).toHaveLength(USERS);
    for (const row of rows) {
      const robin = row.user_id === users[0]!.id ? ['robin'] : [];
      expect(row.cooks).toEqual(['cook a', 'cook b', ...robin, 'sam'].sort());
      expect(row.pantry).toEqual(['Flour a', 'Flour b']);
    }
  });
});
