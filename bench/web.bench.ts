/**
 * The web app's weight and speed (issue 8):
 * - gzipped JavaScript of the first load per route against a bare React + supabase-js page (the
 *   floor; target ≤ 1.4×);
 * - Lighthouse (mobile, Debian Chromium) performance and accessibility of /sign-in and the recipes
 *   page (targets ≥ 95);
 * - time from pressing "Sign in" to the recipe list showing nutrition and prices, with the seed
 *   data and with 2,000 recipes.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { build } from 'vite';
import { buildWeb, freePort, ROOT, type RunningStack, serveWeb, startStack } from '../e2e/support/serve.ts';
import { CHROMIUM, CHROMIUM_ARGS, startDebuggableChromium } from './chromium-debug.ts';
import type { BenchRow } from './types.ts';

const FLOOR_TARGET = 1.4;
const LIGHTHOUSE_TARGET = 95;
const TIMING_RUNS = 3;
const BIG_RECIPES = 2000;
const LINES_PER_RECIPE = 6;

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

const gz = (dir: string, file: string) => gzipSync(readFileSync(join(dir, file)), { level: 9 }).length;

/** Files a chunk loads before it runs: itself and its static imports, transitively. */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const dep of chunk.imports ?? []) closure(manifest, dep, seen);
  return seen;
}

async function floorBytes(): Promise<number> {
  // Inside the repo so the bare page resolves react and supabase-js from the same node_modules.
  const cache = join(ROOT, 'node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'larder-floor-'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html lang="en"><body><div id="root"></div><script type="module" src="./main.js"></script></body></html>',
  );
  writeFileSync(
    join(dir, 'main.js'),
    `import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { createClient } from '@supabase/supabase-js';
const supabase = createClient('http://127.0.0.1:54321', 'anon');
supabase.auth.getSession().then(({ data }) => {
  createRoot(document.getElementById('root')).render(createElement('p', null, data.session ? 'in' : 'out'));
});
`,
  );
  await build({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    resolve: { alias: {} },
    build: { outDir: join(dir, 'dist'), manifest: true, target: 'es2022' },
  });
  const manifest = JSON.parse(readFileSync(join(dir, 'dist/.vite/manifest.json'), 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  const bytes = [...closure(manifest, entry)].reduce((sum, f) => sum + gz(join(dir, 'dist'), f), 0);
  rmSync(dir, { recursive: true, force: true });
  return bytes;
}

function routeBytes(outDir: string): Record<string, number> {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const base = closure(manifest, 'index.html');
  closure(manifest, 'src/app/app.tsx', base);
  const routes: Record<string, string | null> = {
    '/sign-in': null,
    '/sign-up': 'src/app/screens/sign-up.tsx',
    '/ (recipes)': 'src/app/screens/recipes.tsx',
    '/recipes/:id': 'src/app/screens/recipe-detail.tsx',
    '/planner': 'src/app/screens/planner.tsx',
    '/cooks': 'src/app/screens/cooks.tsx',
    '/pantry': 'src/app/screens/pantry.tsx',
    '/shopping': 'src/app/screens/shopping.tsx',
    '/profile': 'src/app/screens/profile.tsx',
    '/privacy-policy': 'src/app/screens/privacy-policy.tsx',
  };
  const out: Record<string, number> = {};
  for (const [route, screen] of Object.entries(routes)) {
    const files = new Set(base);
    if (screen) closure(manifest, screen, files);
    out[route] = [...files].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gz(outDir, f), 0);
  }
  return out;
}

async function rest(stack: RunningStack, path: string, init: RequestInit = {}): Promise<unknown> {
  const res = await fetch(`${stack.url}/rest/v1/${path}`, {
    ...init,
    headers: {
      apikey: stack.serviceKey,
      authorization: `Bearer ${stack.serviceKey}`,
      'content-type': 'application/json',
      prefer: 'return=representation',
      ...init.headers,
    },
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** Adds default recipes until there are `count`, each with a few real ingredient lines. */
async function growRecipes(stack: RunningStack, count: number): Promise<void> {
  const existing = (await rest(stack, 'recipes?select=id')) as unknown[];
  const ingredients = (await rest(stack, 'ingredients?select=id')) as { id: number }[];
  const missing = count - existing.length;
  for (let start = 0; start < missing; start += 250) {
    const batch = Array.from({ length: Math.min(250, missing - start) }, (_, i) => ({
      name: `Bench recipe ${start + i + 1}`,
      is_default: true,
      portions: 4,
      duration: 20 + ((start + i) % 40),
    }));
    const made = (await rest(stack, 'recipes', { method: 'POST', body: JSON.stringify(batch) })) as {
      id: string;
    }[];
    const lines = made.flatMap((r, n) =>
      Array.from({ length: LINES_PER_RECIPE }, (_, k) => ({
        recipe_id: r.id,
        ingredient_id: ingredients[(n * 7 + k * 13) % ingredients.length]!.id,
        quantity: String(50 + k * 25),
        position: k,
      })),
    );
    await rest(stack, 'recipe_ingredients', {
      method: 'POST',
      body: JSON.stringify(lines),
      headers: { prefer: 'return=minimal' },
    });
  }
}

async function signUpUser(stack: RunningStack, email: string, password: string): Promise<void> {
  const res = await fetch(`${stack.url}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, data: { full_name: 'Bench User' } }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
}

/** Milliseconds from pressing "Sign in" until the first recipe card shows its nutrition and prices. */
async function signInToList(webUrl: string, email: string, password: string): Promise<number[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const times: number[] = [];
  try {
    for (let run = 0; run < TIMING_RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      await page.goto(`${webUrl}/sign-in`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(password);
      const started = Date.now();
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page
        .locator('article.recipe-card')
        .first()
        .getByRole('list', { name: 'Price per portion' })
        .waitFor({ timeout: 120_000 });
      await page.locator('article.recipe-card').first().getByText('kcal').waitFor();
      times.push(Date.now() - started);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return times;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function lighthouseScores(webUrl: string, email: string, password: string) {
  const { port, stop } = startDebuggableChromium(await freePort());
  try {
    let browser: Awaited<ReturnType<typeof chromium.connectOverCDP>> | undefined;
    for (let i = 0; i < 50 && !browser; i++) {
      browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`).catch(async () => {
        await new Promise((r) => setTimeout(r, 200));
        return undefined;
      });
    }
    if (!browser) throw new Error('Chromium did not open its debugging port');
    const run = async (url: string) => {
      const result = await lighthouse(url, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        disableStorageReset: true,
      });
      const categories = result?.lhr.categories;
      const audit = (id: string) => result?.lhr.audits[id]?.displayValue ?? '';
      return {
        performance: Math.round((categories?.performance?.score ?? 0) * 100),
        accessibility: Math.round((categories?.accessibility?.score ?? 0) * 100),
        metrics: {
          fcp: audit('first-contentful-paint'),
          lcp: audit('largest-contentful-paint'),
          tbt: audit('total-blocking-time'),
          cls: audit('cumulative-layout-shift'),
        },
      };
    };
    const signIn = await run(`${webUrl}/sign-in`);
    // Sign in once in this profile so Lighthouse (which keeps storage) loads the signed-in recipes page.
    const page = browser.contexts()[0]!.pages()[0] ?? (await browser.contexts()[0]!.newPage());
    await page.goto(`${webUrl}/sign-in`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Recipes' }).waitFor();
    const recipes = await run(`${webUrl}/recipes`);
    await browser.close();
    return { signIn, recipes };
  } finally {
    await stop();
  }
}

export default async function webBench(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const webPort = await freePort();
  const webUrl = `http://127.0.0.1:${webPort}`;
  const stack = await startStack(webUrl);
  const outDir = mkdtempSync(join(tmpdir(), 'larder-bench-web-'));
  mkdirSync(outDir, { recursive: true });
  try {
    buildWeb(outDir, stack.url, stack.anonKey, ['--manifest']);
    const floor = await floorBytes();
    rows.push({ name: 'floor: bare React + supabase-js page, gzipped JS', value: floor / 1024, unit: 'KiB' });
    for (const [route, bytes] of Object.entries(routeBytes(outDir))) {
      const ratio = bytes / floor;
      rows.push({
        name: `first-load JS ${route}`,
        value: ratio,
        unit: '× floor',
        target: `≤ ${FLOOR_TARGET}× floor`,
        ok: ratio <= FLOOR_TARGET,
        details: { gzipKiB: Number((bytes / 1024).toFixed(1)) },
      });
    }

    const server = await serveWeb(outDir, webPort);
    try {
      const email = `bench-${Date.now()}@example.com`;
      const password = 'Bench-password-1';
      await signUpUser(stack, email, password);
      const seeded = await signInToList(webUrl, email, password);
      rows.push({
        name: 'sign-in → recipe list with nutrition and prices (seed data)',
        value: median(seeded),
        unit: 'ms',
        details: { runs: seeded },
      });
      const scores = await lighthouseScores(webUrl, email, password);
      for (const [page, s] of Object.entries({ '/sign-in': scores.signIn, recipes: scores.recipes })) {
        for (const category of ['performance', 'accessibility'] as const) {
          rows.push({
            name: `Lighthouse mobile ${category} ${page}`,
            value: s[category],
            unit: 'score',
            target: `≥ ${LIGHTHOUSE_TARGET}`,
            ok: s[category] >= LIGHTHOUSE_TARGET,
            ...(category === 'performance' ? { details: s.metrics } : {}),
          });
        }
      }
      await growRecipes(stack, BIG_RECIPES);
      const big = await signInToList(webUrl, email, password);
      rows.push({
        name: `sign-in → recipe list with nutrition and prices (${BIG_RECIPES} recipes)`,
        value: median(big),
        unit: 'ms',
        details: { runs: big },
      });
    } finally {
      await server.close();
    }
  } finally {
    stack.stop();
    rmSync(outDir, { recursive: true, force: true });
  }
  return rows;
}
