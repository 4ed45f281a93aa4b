import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildWeb, freePort, serveWeb, startStack } from './support/serve.ts';

/** A fresh stack and the built app on free ports; tests read their addresses from E2E_* variables. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const webPort = await freePort();
  const webUrl = `http://127.0.0.1:${webPort}`;
  const stack = await startStack(webUrl);
  const outDir = mkdtempSync(join(tmpdir(), 'larder-e2e-web-'));
  try {
    buildWeb(outDir, stack.url, stack.anonKey);
  } catch (error) {
    stack.stop();
    throw error;
  }
  const server = await serveWeb(outDir, webPort);
  process.env.E2E_WEB_URL = webUrl;
  process.env.E2E_API_URL = stack.url;
  process.env.E2E_ANON_KEY = stack.anonKey;
  process.env.E2E_SERVICE_KEY = stack.serviceKey;
  return async () => {
    await server.close();
    stack.stop();
    rmSync(outDir, { recursive: true, force: true });
  };
}
