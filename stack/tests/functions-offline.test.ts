/**
 * The Edge Functions start with no network after `npm install`: their `npm:` imports come from
 * the project's node_modules, not from a download into Deno's cache. Each of the real
 * functions is booted with an empty Deno cache and npm registry and proxy settings that point
 * at a closed port, so any attempt to download fails, and must still answer as it does online.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminClient, client, uniqueEmail } from './support/auth-client.ts';
import { startTestStack, type TestStack } from './support/stack.ts';

/** A loopback port nothing listens on: a connection there is refused at once. */
const UNREACHABLE = 'http://127.0.0.1:9/';

describe('functions with the network cut off', () => {
  let stack: TestStack;
  let denoDir: string;
  beforeAll(async () => {
    // The worker runs other files after this one (Vitest's isolate: false): the settings are
    // put back afterwards, or the next file's connections would go to the closed port too.
    denoDir = mkdtempSync(join(tmpdir(), 'larder-empty-deno-dir-'));
    vi.stubEnv('DENO_DIR', denoDir);
    vi.stubEnv('NPM_CONFIG_REGISTRY', UNREACHABLE);
    vi.stubEnv('HTTPS_PROXY', UNREACHABLE);
    vi.stubEnv('HTTP_PROXY', UNREACHABLE);
    stack = await startTestStack({ database: 'pglite' });
  });
  afterAll(async () => {
    await stack?.stop();
    vi.unstubAllEnvs();
    rmSync(denoDir, { recursive: true, force: true });
  });

  it('serves add-cook, price-recipe, cleanup-meals and import-prices from an empty Deno cache', async () => {
    const user = client(stack);
    const { error } = await user.auth.signUp({
      email: uniqueEmail('offline'),
      password: 'correct-horse-battery',
    });
    expect(error).toBeNull();

    const cook = await user.functions.invoke('add-cook', { body: { name: 'Offline cook' } });
    expect(cook.error).toBeNull();
    expect(cook.data.cook.name).toBe('Offline cook');

    const { data: recipe } = await user.from('recipes').select('id').eq('is_default', true).limit(1).single();
    const priced = await user.functions.invoke('price-recipe', { body: { recipe_id: recipe!.id } });
    expect(priced.error).toBeNull();
    expect(Object.keys(priced.data.chains).sort()).toEqual(['aldi', 'coles', 'woolworths']);

    const cleanup = await adminClient(stack).functions.invoke('cleanup-meals', { body: {} });
    expect(cleanup.error).toBeNull();
    expect(cleanup.data).toEqual({ deleted: 0 });

    const imported = await adminClient(stack).functions.invoke('import-prices', { body: {} });
    expect(imported.error).toBeNull();
    expect(imported.data).toEqual({ imports: [], settling: [], left: 0 });
  });
});
