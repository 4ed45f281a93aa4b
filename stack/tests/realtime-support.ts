import { randomUUID } from 'node:crypto';
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import type { TestStack } from './support/stack.ts';

export interface TestUser {
  id: string;
  email: string;
  /** A fresh access token for the user, valid for `seconds`. */
  token(seconds?: number): Promise<string>;
}

/** A user as GoTrue would store one (its public.users row comes from the migration's trigger). */
export async function createUser(stack: TestStack, name: string): Promise<TestUser> {
  const id = randomUUID();
  const email = `${name}-${id.slice(0, 8)}@example.com`;
  await stack.ctx.db.query(
    `insert into auth.users (id, aud, role, email, raw_user_meta_data, raw_app_meta_data, email_confirmed_at, created_at, updated_at)
     values ($1, 'authenticated', 'authenticated', $2, $3::jsonb, '{"provider":"email"}'::jsonb, now(), now(), now())`,
    [id, email, JSON.stringify({ full_name: name })],
  );
  return {
    id,
    email,
    token: (seconds = 3600) =>
      stack.ctx.signJwt({
        sub: id,
        email,
        role: 'authenticated',
        aud: 'authenticated',
        exp: Math.floor(Date.now() / 1000) + seconds,
      }),
  };
}

/** A supabase-js client as the web app makes one, over the `ws` package (Node 20 has no WebSocket). */
export function client(stack: TestStack, vsn?: '1.0.0' | '2.0.0'): SupabaseClient {
  return createClient(stack.url, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: {
      transport: WebSocket as never,
      heartbeatIntervalMs: 5_000,
      ...(vsn ? { vsn } : {}),
    },
  });
}

export interface Subscribed {
  channel: RealtimeChannel;
  statuses: string[];
  errors: Error[];
  system: Record<string, unknown>[];
}

/**
 * Subscribes and waits for SUBSCRIBED (rejects on CHANNEL_ERROR / TIMED_OUT), recording every
 * status, error and system message it sees afterwards.
 */
export function subscribe(channel: RealtimeChannel): Promise<Subscribed> {
  const result: Subscribed = { channel, statuses: [], errors: [], system: [] };
  channel.on('system', {}, (payload) => result.system.push(payload as Record<string, unknown>));
  return new Promise((resolve, reject) => {
    channel.subscribe((status, error) => {
      result.statuses.push(status);
      if (error) result.errors.push(error);
      if (status === 'SUBSCRIBED') resolve(result);
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(error ?? new Error(status));
    });
  });
}

/** Polls until check() returns a value (not undefined/false) or fails after `timeout` ms. */
export async function waitFor<T>(
  check: () => T | undefined | false,
  timeout = 10_000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Lets in-flight messages arrive, for assertions that something did NOT arrive. */
export const settle = (ms = 400) => new Promise((r) => setTimeout(r, ms));
