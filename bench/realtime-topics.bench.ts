/**
 * Issue 26: Broadcast from Database on private topics against postgres_changes, in one run on
 * the default stack (PGlite), over raw Phoenix WebSockets (serializer 1.0.0) so the client side
 * stays light next to a thousand sockets:
 *
 * - one topic, 1,000 subscribers: one shopping change of a household whose topic 1,000 sockets
 *   joined (service role, so joining costs no member rows), against 1,000 signed-in users
 *   subscribed with postgres_changes to default recipes (each needs a policy verdict);
 * - 1,000 households of 4: every member (4,000 signed-in users, each on a socket of their own)
 *   joined to their household's topic and subscribed to the household's shopping with
 *   postgres_changes and `household_id=eq.<id>`; one change in each household, one at a time.
 *
 * Each change is timed from the insert until the last subscriber has it. Queries per change
 * count what the stack asks the database to deliver it (the trigger's insert into
 * realtime.messages happens in the writer's own transaction and is counted separately as
 * messages written). REALTIME_BENCH_HOUSEHOLDS (default 1000) scales the second part.
 */
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { startStack } from '../stack/src/stack.ts';
import type { BenchRow } from './types.ts';

const SUBSCRIBERS = 1000;
const HOUSEHOLDS = Number(process.env.REALTIME_BENCH_HOUSEHOLDS ?? 1000);
const MEMBERS = 4;
const FANOUT_CHANGES = 50;

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/** The parts of a server frame the bench reads. */
interface Frame {
  status?: string;
  response?: unknown;
  payload?: { record?: { name?: unknown } };
  data?: { record?: { name?: unknown } };
}

/** Who heard which change (by name), across every socket. */
const heard = new Map<string, number>();

/** A Phoenix socket that joins channels and counts the changes it hears, by name. */
async function socket(url: string, token: string, joins: Record<string, unknown>[]): Promise<WebSocket> {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${token}&vsn=1.0.0`);
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  let pending = joins.length;
  const joined = new Promise<void>((resolve, reject) => {
    ws.on('message', (data) => {
      const m = JSON.parse(String(data)) as { event: string; payload: Frame };
      if (m.event === 'phx_reply' && pending > 0) {
        if (m.payload.status !== 'ok') reject(new Error(JSON.stringify(m.payload.response)));
        else if (--pending === 0) resolve();
      }
      const name =
        m.event === 'broadcast'
          ? m.payload.payload?.record?.name
          : m.event === 'postgres_changes'
            ? m.payload.data?.record?.name
            : undefined;
      if (typeof name === 'string') heard.set(name, (heard.get(name) ?? 0) + 1);
    });
  });
  for (const [i, join] of joins.entries()) {
    ws.send(JSON.stringify({ ...join, ref: String(i + 1), join_ref: String(i + 1) }));
  }
  await joined;
  return ws;
}

const topicJoin = (topic: string, token: string) => ({
  topic: `realtime:${topic}`,
  event: 'phx_join',
  payload: {
    config: { private: true, broadcast: { self: false }, presence: { enabled: false } },
    access_token: token,
  },
});
const changesJoin = (token: string, change: Record<string, string>) => ({
  topic: `realtime:pg-${randomUUID()}`,
  event: 'phx_join',
  payload: {
    config: { postgres_changes: [{ event: 'INSERT', schema: 'public', ...change }] },
    access_token: token,
  },
});

export default async function realtimeTopicsBench(): Promise<BenchRow[]> {
  const stack = await startStack({ port: 0, quiet: true, cron: false });
  const db = stack.ctx.db;
  let queries = 0;
  const query = db.query.bind(db);
  db.query = ((sql: string, params?: unknown[]) => {
    queries++;
    return query(sql, params);
  }) as typeof db.query;
  const sockets: WebSocket[] = [];
  const rows: BenchRow[] = [];
  const sign = (sub: string) =>
    stack.ctx.signJwt({
      sub,
      role: 'authenticated',
      aud: 'authenticated',
      exp: Math.floor(Date.now() / 1000) + 3600,
    });
  const messagesWritten = async () =>
    Number((await query<{ n: number }>('select count(*)::int as n from realtime.messages')).rows[0]!.n);

  /** Runs `change(i)` one at a time and times each until `expected` subscribers heard it. */
  const measure = async (
    label: string,
    count: number,
    expected: number,
    change: (name: string, i: number) => Promise<void>,
  ) => {
    const latencies: number[] = [];
    let spent = 0;
    const written = await messagesWritten();
    for (let i = 0; i < count; i++) {
      const name = `${label} ${i}`;
      const before = queries;
      const started = performance.now();
      await change(name, i);
      while ((heard.get(name) ?? 0) < expected) {
        if (performance.now() - started > 20_000)
          throw new Error(`${name} reached ${heard.get(name) ?? 0} of ${expected}`);
        await new Promise((r) => setImmediate(r));
      }
      latencies.push(performance.now() - started);
      spent += queries - before;
    }
    latencies.sort((a, b) => a - b);
    return {
      median: quantile(latencies, 0.5),
      p95: quantile(latencies, 0.95),
      queries: spent / count,
      messages: ((await messagesWritten()) - written) / count,
    };
  };
  const report = (scenario: string, path: string, r: Awaited<ReturnType<typeof measure>>, target = false) => {
    rows.push(
      { name: `${scenario}, ${path}, median`, value: r.median, unit: 'ms' },
      { name: `${scenario}, ${path}, p95`, value: r.p95, unit: 'ms' },
      {
        name: `${scenario}, ${path}, stack queries per change`,
        value: r.queries,
        unit: 'queries',
        ...(target ? { target: '0 (the trigger’s insert only)', ok: r.queries === 0 } : {}),
      },
      { name: `${scenario}, ${path}, realtime.messages rows per change`, value: r.messages, unit: 'rows' },
    );
  };

  try {
    const user = async () => {
      const id = randomUUID();
      await query(
        `insert into auth.users (id, aud, role, email, created_at, updated_at)
         values ($1, 'authenticated', 'authenticated', $2, now(), now())`,
        [id, `bench-${id}@example.com`],
      );
      const { rows: r } = await query<{ household_id: string }>(
        'select household_id from public.users where id = $1',
        [id],
      );
      return { id, household: r[0]!.household_id, token: await sign(id) };
    };

    // One topic, 1,000 subscribers.
    const owner = await user();
    const { rows: topicRows } = await query<{ t: string }>(
      'select realtime_topic as t from public.households where id = $1',
      [owner.household],
    );
    const service = stack.ctx.config.serviceRoleKey;
    for (let i = 0; i < SUBSCRIBERS; i++) {
      sockets.push(await socket(stack.url, service, [topicJoin(topicRows[0]!.t, service)]));
    }
    await new Promise((r) => setTimeout(r, 300));
    const broadcastOne = await measure('one topic', FANOUT_CHANGES, SUBSCRIBERS, (name) =>
      query('insert into public.shopping (name, household_id) values ($1, $2)', [name, owner.household]).then(
        () => undefined,
      ),
    );
    for (const ws of sockets.splice(0)) ws.close();
    for (let i = 0; i < SUBSCRIBERS; i++) {
      const u = await user();
      sockets.push(await socket(stack.url, u.token, [changesJoin(u.token, { table: 'recipes' })]));
    }
    await new Promise((r) => setTimeout(r, 300));
    const changesOne = await measure('one table', FANOUT_CHANGES, SUBSCRIBERS, (name) =>
      query('insert into public.recipes (name, is_default, user_id) values ($1, true, null)', [name]).then(
        () => undefined,
      ),
    );
    report(`1 change → ${SUBSCRIBERS} subscribers of one topic`, 'broadcast', broadcastOne, true);
    report(`1 change → ${SUBSCRIBERS} subscribers of one table`, 'postgres_changes', changesOne);
    for (const ws of sockets.splice(0)) ws.close();

    // Households of 4, each member on their own socket with both kinds of subscription.
    const households: string[] = [];
    const leaveTopics: (() => void)[] = [];
    for (let h = 0; h < HOUSEHOLDS; h++) {
      const members = [await user(), await user(), await user(), await user()].slice(0, MEMBERS);
      const home = members[0]!.household;
      for (const m of members.slice(1)) {
        await query(`insert into public.household_members (household_id, user_id) values ($1, $2)`, [
          home,
          m.id,
        ]);
        await query('update public.users set household_id = $1 where id = $2', [home, m.id]);
      }
      const { rows: t } = await query<{ t: string }>(
        'select realtime_topic as t from public.households where id = $1',
        [home],
      );
      for (const m of members) {
        const ws = await socket(stack.url, m.token, [
          topicJoin(t[0]!.t, m.token),
          changesJoin(m.token, { table: 'shopping', filter: `household_id=eq.${home}` }),
        ]);
        sockets.push(ws);
        leaveTopics.push(() =>
          ws.send(
            JSON.stringify({
              topic: `realtime:${t[0]!.t}`,
              event: 'phx_leave',
              payload: {},
              ref: 'l',
              join_ref: '1',
            }),
          ),
        );
      }
      households.push(home);
    }
    await new Promise((r) => setTimeout(r, 500));
    // Each change reaches its household's 4 members twice (broadcast + postgres_changes).
    const both = await measure(`households`, HOUSEHOLDS, 2 * MEMBERS, (name, i) =>
      query('insert into public.shopping (name, household_id) values ($1, $2)', [name, households[i]]).then(
        () => undefined,
      ),
    );
    rows.push(
      {
        name: `${HOUSEHOLDS} households of ${MEMBERS}, 1 change each, both paths, median`,
        value: both.median,
        unit: 'ms',
      },
      {
        name: `${HOUSEHOLDS} households of ${MEMBERS}, 1 change each, both paths, p95`,
        value: both.p95,
        unit: 'ms',
      },
      {
        name: `${HOUSEHOLDS} households of ${MEMBERS}, stack queries per change (postgres_changes’ policy check; broadcast adds none)`,
        value: both.queries,
        unit: 'queries',
        target: '≤ 1',
        ok: both.queries <= 1,
      },
      {
        name: `${HOUSEHOLDS} households of ${MEMBERS}, realtime.messages rows per change`,
        value: both.messages,
        unit: 'rows',
        target: '1',
        ok: both.messages === 1,
      },
    );
    // The two paths apart: broadcast alone (sent without touching shopping), then
    // postgres_changes alone (the topics left).
    const sampled = Math.min(HOUSEHOLDS, 200);
    const broadcastOnly = await measure(`households broadcast`, sampled, MEMBERS, async (name, i) => {
      await query(
        `select realtime.send(jsonb_build_object('record', jsonb_build_object('name', $1::text)), 'INSERT', $2)`,
        [name, `household:${households[i]}:1`],
      );
    });
    for (const leave of leaveTopics) leave();
    await new Promise((r) => setTimeout(r, 500));
    const changesOnly = await measure(`households changes`, sampled, MEMBERS, (name, i) =>
      query('insert into public.shopping (name, household_id) values ($1, $2)', [name, households[i]]).then(
        () => undefined,
      ),
    );
    // Apart, a sample of the households sends: broadcast alone by realtime.send (the call the
    // trigger makes, without the row), postgres_changes alone by the insert itself.
    const apart = `${sampled} of ${HOUSEHOLDS} households of ${MEMBERS}`;
    report(apart, 'broadcast alone (realtime.send)', broadcastOnly, true);
    report(apart, 'postgres_changes alone', changesOnly);
  } finally {
    for (const ws of sockets) ws.close();
    await stack.stop();
  }
  return rows;
}
