import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveRecipePages } from './support/recipe-pages.ts';
import { buildWeb, freePort, serveWeb, startStack } from './support/serve.ts';

/** A fresh stack and the built app on free ports; tests read their addresses from E2E_* variables. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const webPort = await freePort();
  const webUrl = `http://127.0.0.1:${webPort}`;
  const pagesPort = await freePort();
  const pages = await serveRecipePages(pagesPort);
  const outDir = mkdtempSync(join(tmpdir(), 'larder-e2e-web-'));
  // The functions' secrets: only the recipe pages' host is let past the import's network guard.
  const envDir = mkdtempSync(join(tmpdir(), 'larder-e2e-env-'));
  const envFile = join(envDir, 'functions.env');
  writeFileSync(envFile, `IMPORT_ALLOW_HOSTS=127.0.0.1:${pagesPort}\n`);
  const stack = await startStack(webUrl, envFile);
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
  process.env.E2E_RECIPE_PAGES_URL = `http://127.0.0.1:${pagesPort}`;
  return async () => {
    await server.close();
    pages.close();
    stack.stop();
    rmSync(outDir, { recursive: true, force: true });
    rmSync(envDir, { recursive: true, force: true });
  };
}
