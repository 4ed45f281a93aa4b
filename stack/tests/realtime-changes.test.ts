import { randomUUID } from 'node:crypto';
import type { RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createUser, settle, subscribe, type TestUser, waitFor } from './realtime-support.ts';
import { startTestStack, type TestStack, testDatabases } from './support/stack.ts';

type Row = Record<string, unknown>;
type Change = RealtimePostgresChangesPayload<Row>;

interface TableCase {
  table: string;
  /** Primary-key columns, all Supabase sends in `old` of a DELETE under row-level security. */
  pk: string[];
  insert(db: TestStack['ctx']['db'], user: TestUser): Promise<Record<string, unknown>>;
  update: { sql: string; column: string; value: unknown };
}

const one = async (db: TestStack['ctx']['db'], sql: string, params: unknown[]) =>
  (await db.query<{ row: string }>(`${sql} returning to_jsonb(t)::text as row`, params)).rows[0]!.row;

const ownRecipe = async (db: TestStack['ctx']['db'], user: TestUser) =>
  JSON.parse(await one(db, `insert into public.recipes as t (name, user_id) values ('Soup', $1)`, [user.id]));

const TABLES: TableCase[] = [
  {
    table: 'recipes',
    pk: ['id'],
    insert: ownRecipe,
    update: { sql: `update public.recipes set portions = 4 where id = $1`, column: 'portions', value: 4 },
  },
  {
    table: 'favourites',
    pk: ['user_id', 'recipe_id'],
    insert: async (db, user) => {
      const recipe = await ownRecipe(db, user);
      return JSON.parse(
        await one(db, `insert into public.favourites as t (user_id, recipe_id) values ($1, $2)`, [
          user.id,
          recipe.id,
        ]),
      );
    },
    update: {
      sql: `update public.favourites set created_at = '2030-01-02T03:04:05Z' where recipe_id = $2 and user_id = $1`,
      column: 'created_at',
      value: '2030-01-02T03:04:05+00:00',
    },
  },
  {
    table: 'cooks',
    pk: ['id'],
    insert: async (db, user) =>
      JSON.parse(
        await one(db, `insert into public.cooks as t (name, user_id) values ('Sam', $1)`, [user.id]),
      ),
    update: { sql: `update public.cooks set name = 'Alex' where id = $1`, column: 'name', value: 'Alex' },
  },
  {
    table: 'meal_planner',
    pk: ['id'],
    insert: async (db, user) =>
      JSON.parse(
        await one(db, `insert into public.meal_planner as t (date, user_id) values ('2030-05-06', $1)`, [
          user.id,
        ]),
      ),
    update: {
      sql: `update public.meal_planner set date = '2030-05-07' where id = $1`,
      column: 'date',
      value: '2030-05-07',
    },
  },
  {
    table: 'pantry',
    pk: ['id'],
    insert: async (db, user) =>
      JSON.parse(
        await one(
          db,
          `insert into public.pantry as t (name, user_id, quantity, unit) values ('Rice', $1, 2.5, 'kg')`,
          [user.id],
        ),
      ),
    update: {
      sql: `update public.pantry set quantity = 1.25 where id = $1`,
      column: 'quantity',
      value: 1.25,
    },
  },
  {
    table: 'shopping',
    pk: ['id'],
    insert: async (db, user) =>
      JSON.parse(
        await one(db, `insert into public.shopping as t (name, user_id) values ('Milk', $1)`, [user.id]),
      ),
    update: {
      sql: `update public.shopping set checked = true where id = $1`,
      column: 'checked',
      value: true,
    },
  },
];

/** Subscribes `sb` to every change of one table (or all of public) and collects them. */
async function listen(sb: SupabaseClient, table?: string, filter?: string, event: '*' | 'INSERT' = '*') {
  const changes: Change[] = [];
  const channel = sb.channel(`test-${randomUUID()}`);
  channel.on(
    'postgres_changes' as never,
    { event, schema: 'public', ...(table ? { table } : {}), ...(filter ? { filter } : {}) },
    (payload: Change) => changes.push(payload),
  );
  const subscribed = await subscribe(channel);
  return { changes, ...subscribed };
}

describe.each(testDatabases)('realtime postgres_changes on %s', (database) => {
  let stack: TestStack;
  let alice: TestUser;
  let bob: TestUser;
  const clients: SupabaseClient[] = [];
  const as = async (user: TestUser) => {
    const sb = client(stack);
    await sb.realtime.setAuth(await user.token());
    clients.push(sb);
    return sb;
  };

  beforeAll(async () => {
    stack = await startTestStack({ database });
    alice = await createUser(stack, 'alice');
    bob = await createUser(stack, 'bob');
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.removeAllChannels()));
    await stack?.stop();
  });

  it.each(TABLES)('sends INSERT, UPDATE and DELETE of $table shaped as Supabase does', async (spec) => {
    const sb = await as(alice);
    const { changes, system } = await listen(sb, spec.table);
    await waitFor(
      () => system.find((m) => m.message === 'Subscribed to PostgreSQL'),
      10_000,
      'system message',
    );
    expect(system[0]).toMatchObject({
      extension: 'postgres_changes',
      status: 'ok',
      channel: expect.any(String),
    });

    const row = await spec.insert(stack.ctx.db, alice);
    const inserted = await waitFor(() => changes.find((c) => c.eventType === 'INSERT'), 10_000, 'INSERT');
    expect(inserted).toMatchObject({ schema: 'public', table: spec.table, errors: null, old: {} });
    expect(inserted.commit_timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    for (const [k, v] of Object.entries(row)) {
      if (typeof v === 'number') expect(Number(inserted.new[k])).toBe(v);
      else expect(inserted.new[k]).toEqual(v);
    }

    const key = spec.pk.map((k) => row[k]);
    await stack.ctx.db.query(spec.update.sql, spec.table === 'favourites' ? key : [row.id]);
    const updated = await waitFor(() => changes.find((c) => c.eventType === 'UPDATE'), 10_000, 'UPDATE');
    expect(updated.new[spec.update.column]).toEqual(spec.update.value);
    // Replica identity full (the migration's choice): the old row comes whole on UPDATE.
    expect((updated.old as Record<string, unknown>)[spec.update.column]).toEqual(
      spec.update.column === 'quantity' ? 2.5 : row[spec.update.column],
    );

    const where = spec.pk.map((k, i) => `${k} = $${i + 1}`).join(' and ');
    await stack.ctx.db.query(`delete from public.${spec.table} where ${where}`, key);
    const deleted = await waitFor(() => changes.find((c) => c.eventType === 'DELETE'), 10_000, 'DELETE');
    expect(deleted.new).toEqual({});
    // Under row-level security Supabase sends only the primary key of a deleted row.
    expect(deleted.old).toEqual(Object.fromEntries(spec.pk.map((k) => [k, row[k]])));
    expect(changes.map((c) => c.eventType)).toEqual(['INSERT', 'UPDATE', 'DELETE']);
  });

  it('sends a user their own public.users row (created by the auth trigger, updated, deleted)', async () => {
    const id = randomUUID();
    const token = await stack.ctx.signJwt({
      sub: id,
      role: 'authenticated',
      aud: 'authenticated',
      exp: Math.floor(Date.now() / 1000) + 600,
    });
    const sb = client(stack);
    clients.push(sb);
    await sb.realtime.setAuth(token);
    const { changes } = await listen(sb, 'users');
    await stack.ctx.db.query(
      `insert into auth.users (id, aud, role, email, raw_user_meta_data, created_at, updated_at)
       values ($1, 'authenticated', 'authenticated', $2, '{"full_name":"Carol Cook"}', now(), now())`,
      [id, `carol-${id.slice(0, 8)}@example.com`],
    );
    const inserted = await waitFor(() => changes.find((c) => c.eventType === 'INSERT'), 10_000, 'INSERT');
    expect(inserted.new).toMatchObject({ id, name: 'Carol Cook', subscription_status: false });
    await stack.ctx.db.query(`update public.users set name = 'Carol' where id = $1`, [id]);
    const updated = await waitFor(() => changes.find((c) => c.eventType === 'UPDATE'), 10_000, 'UPDATE');
    expect(updated.new).toMatchObject({ id, name: 'Carol' });
    await stack.ctx.db.query(`delete from auth.users where id = $1`, [id]);
    const deleted = await waitFor(() => changes.find((c) => c.eventType === 'DELETE'), 10_000, 'DELETE');
    expect(deleted.old).toEqual({ id });
  });

  it('applies eq, neq, lt, lte, gt, gte and in filters, each binding getting only its own changes', async () => {
    const sb = await as(alice);
    const changes: Record<string, Change[]> = {};
    const channel = sb.channel(`filters-${randomUUID()}`);
    const filters = {
      eq: 'name=eq.Basil',
      neq: 'name=neq.Basil',
      lt: 'quantity=lt.5',
      lte: 'quantity=lte.5',
      gt: 'quantity=gt.5',
      gte: 'quantity=gte.5',
      in: 'name=in.(Thyme,"Bay leaf")',
      inserts: '',
    };
    for (const [name, filter] of Object.entries(filters)) {
      changes[name] = [];
      channel.on(
        'postgres_changes' as never,
        {
          event: name === 'inserts' ? 'INSERT' : '*',
          schema: 'public',
          table: 'pantry',
          ...(filter ? { filter } : {}),
        },
        (payload: Change) => changes[name]!.push(payload),
      );
    }
    await subscribe(channel);
    for (const [name, quantity] of [
      ['Basil', 5],
      ['Thyme', 2],
      ['Bay leaf', 9],
    ] as const) {
      await stack.ctx.db.query(`insert into public.pantry (name, quantity, user_id) values ($1, $2, $3)`, [
        name,
        quantity,
        alice.id,
      ]);
    }
    await stack.ctx.db.query(`update public.pantry set quantity = 7 where name = 'Thyme' and user_id = $1`, [
      alice.id,
    ]);
    await waitFor(() => changes.inserts!.length === 3 && changes.gt!.length === 2, 10_000, 'changes');
    await settle(300);
    const names = (name: string) =>
      changes[name]!.map((c) => `${c.eventType} ${(c.new as Record<string, unknown>).name}`).sort();
    expect(names('eq')).toEqual(['INSERT Basil']);
    expect(names('neq')).toEqual(['INSERT Bay leaf', 'INSERT Thyme', 'UPDATE Thyme']);
    expect(names('lt')).toEqual(['INSERT Thyme']);
    expect(names('lte')).toEqual(['INSERT Basil', 'INSERT Thyme']);
    expect(names('gt')).toEqual(['INSERT Bay leaf', 'UPDATE Thyme']);
    expect(names('gte')).toEqual(['INSERT Basil', 'INSERT Bay leaf', 'UPDATE Thyme']);
    expect(names('in')).toEqual(['INSERT Bay leaf', 'INSERT Thyme', 'UPDATE Thyme']);
    expect(names('inserts')).toEqual(['INSERT Basil', 'INSERT Bay leaf', 'INSERT Thyme']);
  });

  it('filters deletes on the old row (replica identity full), as Supabase does', async () => {
    const sb = await as(alice);
    const mine = await listen(sb, 'cooks', `user_id=eq.${alice.id}`);
    const byName = await listen(sb, 'cooks', 'name=eq.Pat');
    await stack.ctx.db.query(`insert into public.cooks (name, user_id) values ('Pat', $1), ('Lee', $1)`, [
      alice.id,
    ]);
    await stack.ctx.db.query(`delete from public.cooks where user_id = $1 and name in ('Pat', 'Lee')`, [
      alice.id,
    ]);
    await waitFor(() => mine.changes.filter((c) => c.eventType === 'DELETE').length === 2, 10_000, 'deletes');
    await waitFor(() => byName.changes.some((c) => c.eventType === 'DELETE'), 10_000, 'Pat delete');
    await settle(200);
    expect(byName.changes.map((c) => c.eventType)).toEqual(['INSERT', 'DELETE']);
    expect(Object.keys(byName.changes[1]!.old)).toEqual(['id']);
  });

  it('never sends one user the rows of another', async () => {
    const sbAlice = await as(alice);
    const sbBob = await as(bob);
    const a = await listen(sbAlice);
    const b = await listen(sbBob);
    const row = await ownRecipe(stack.ctx.db, alice);
    await stack.ctx.db.query(`insert into public.shopping (name, user_id) values ('Secret sauce', $1)`, [
      alice.id,
    ]);
    await stack.ctx.db.query(`update public.recipes set description = 'private' where id = $1`, [row.id]);
    await stack.ctx.db.query(`insert into public.pantry (name, user_id) values ('Bob flour', $1)`, [bob.id]);
    await stack.ctx.db.query(`delete from public.recipes where id = $1`, [row.id]);
    await waitFor(() => a.changes.length >= 4, 10_000, "alice's changes");
    await waitFor(() => b.changes.length >= 1, 10_000, "bob's change");
    await settle();
    expect(a.changes.map((c) => `${c.table} ${c.eventType}`)).toEqual([
      'recipes INSERT',
      'shopping INSERT',
      'recipes UPDATE',
      'recipes DELETE',
    ]);
    // Nothing of Alice's, not even the DELETE: the tables keep the whole old row (replica
    // identity full), so the stack checks the deleted row against Bob's policies too.
    expect(
      b.changes.map((c) => `${c.table} ${c.eventType} ${(c.new as Record<string, unknown>).name}`),
    ).toEqual(['pantry INSERT Bob flour']);
    expect(JSON.stringify(b.changes)).not.toContain('private');
    expect(JSON.stringify(b.changes)).not.toContain('Secret sauce');
  });

  it('sends default recipes (visible to everyone signed in) to every user', async () => {
    const a = await listen(await as(alice), 'recipes');
    const b = await listen(await as(bob), 'recipes');
    await stack.ctx.db.query(
      `insert into public.recipes (name, is_default, user_id) values ('Toast', true, null)`,
    );
    await waitFor(() => a.changes.length === 1 && b.changes.length === 1, 10_000, 'both');
    expect(b.changes[0]!.new).toMatchObject({ name: 'Toast', is_default: true, user_id: null });
  });

  it('delivers every change of a transaction, even two that look alike', async () => {
    const { changes } = await listen(await as(alice), 'cooks');
    const { rows } = await stack.ctx.db.query<{ id: string }>(
      `insert into public.cooks (name, user_id) values ('Twice', $1) returning id`,
      [alice.id],
    );
    await stack.ctx.db.transaction(async (tx) => {
      await tx.query(`update public.cooks set name = 'Twice' where id = $1`, [rows[0]!.id]);
      await tx.query(`update public.cooks set name = 'Twice' where id = $1`, [rows[0]!.id]);
    });
    await waitFor(() => changes.filter((c) => c.eventType === 'UPDATE').length === 2, 10_000, 'two UPDATEs');
  });

  it('evaluates policies that need the subscriber session (subqueries) as each subscriber', async () => {
    // A table whose policy reads another table: decided per subscriber under its own role.
    await stack.ctx.db.exec(`
      create table public.rt_notes (id uuid primary key default gen_random_uuid(), recipe_id uuid not null, body text);
      alter table public.rt_notes enable row level security;
      create policy "notes follow their recipe" on public.rt_notes for select to authenticated
        using (exists (select 1 from public.recipes r where r.id = recipe_id and r.user_id = (select auth.uid())));
      grant select on public.rt_notes to authenticated;
      alter publication supabase_realtime add table public.rt_notes;`);
    const a = await listen(await as(alice), 'rt_notes');
    const b = await listen(await as(bob), 'rt_notes');
    const recipe = await ownRecipe(stack.ctx.db, alice);
    await stack.ctx.db.query(`insert into public.rt_notes (recipe_id, body) values ($1, 'for alice')`, [
      recipe.id,
    ]);
    await waitFor(() => a.changes.length === 1, 10_000, "alice's note");
    await settle();
    expect(a.changes[0]!.new).toMatchObject({ body: 'for alice' });
    expect(b.changes).toEqual([]);
  });

  it('delivers changes bigger than a NOTIFY payload (8000 bytes) whole', async () => {
    const { changes } = await listen(await as(alice), 'recipes');
    // 30 steps of 900 characters: well within a method's limits, far beyond a notification.
    const steps = Array.from({ length: 30 }, (_, i) => `${i + 1}. ${'Stir slowly. '.repeat(69)}`);
    await stack.ctx.db.query(`insert into public.recipes (name, user_id, steps) values ('Long', $1, $2)`, [
      alice.id,
      steps,
    ]);
    const inserted = await waitFor(() => changes.find((c) => c.eventType === 'INSERT'), 10_000, 'INSERT');
    expect((inserted.new as Row).steps).toEqual(steps);
    const { rows } = await stack.ctx.db.query<{ n: number }>(
      'select count(*)::int as n from realtime.change_queue',
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('lets the anon role see nothing of row-level-secured tables', async () => {
    const sb = client(stack);
    clients.push(sb);
    const anon = await listen(sb, 'pantry');
    await stack.ctx.db.query(`insert into public.pantry (name, user_id) values ('Anon test', $1)`, [
      alice.id,
    ]);
    await settle();
    expect(anon.changes).toEqual([]);
  });
});
