import { request } from 'node:http';
import type { SupabaseClient } from '@supabase/supabase-js';
import { expect } from 'vitest';
import { client, uniqueEmail } from './auth-client.ts';
import type { TestStack } from './stack.ts';

/** A signed-in supabase-js client and the user's id. */
export async function signedInUser(
  stack: TestStack,
  name: string,
): Promise<{ sb: SupabaseClient; id: string }> {
  const sb = client(stack);
  const { data, error } = await sb.auth.signUp({ email: uniqueEmail(name), password: 'correct-horse' });
  expect(error).toBeNull();
  return { sb, id: data.user!.id };
}

/** The fields of a StorageApiError that callers read: HTTP status, the body's statusCode and message. */
export function apiError(error: unknown): {
  name: string;
  status: number;
  statusCode: string;
  message: string;
} {
  const e = error as { name: string; status: number; statusCode: string; message: string };
  return { name: e?.name, status: e?.status, statusCode: e?.statusCode, message: e?.message };
}

/**
 * A raw HTTP request with the path sent exactly as given (fetch would resolve `..` segments and
 * refuse some bytes), for the requests supabase-js cannot make.
 */
export function rawRequest(
  stack: TestStack,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: Buffer,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const url = new URL(stack.url);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, method, path, headers: { ...headers, connection: 'close' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : {} });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** A small but real PNG (1 × 1), so the image tests upload what a browser would. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
