/**
 * Supabase deploys a function as an eszip bundle of its module graph. Importing `shared/` from
 * outside `supabase/functions` has broken such deploys before, so this builds each function's
 * bundle with `@deno/eszip` (the format and library Supabase's bundler uses) and checks that
 * every local module Deno resolves for the function, `shared/` included, is inside it, byte for
 * byte, and that the bare names `shared/` imports resolve through the function's deno.json.
 */
import assert from 'node:assert/strict';
import { build, Parser } from '@deno/eszip';

/** Each function, the npm packages it needs and whether it uses the shared domain library. */
const FUNCTIONS: { name: string; npm: string[]; shared: boolean }[] = [
  { name: 'add-cook', npm: ['@supabase/supabase-js', 'zod'], shared: false },
  { name: 'price-recipe', npm: ['@supabase/supabase-js', 'zod', 'numeric-quantity'], shared: true },
  { name: 'price-basket', npm: ['@supabase/supabase-js', 'zod'], shared: true },
  { name: 'import-recipe', npm: ['@supabase/supabase-js', 'zod'], shared: true },
  { name: 'cleanup-meals', npm: ['@supabase/supabase-js'], shared: true },
  { name: 'invite-member', npm: ['@supabase/supabase-js', 'zod'], shared: true },
  { name: 'import-prices', npm: ['@supabase/supabase-js', 'zod'], shared: true },
];
const functionsDir = new URL('../', import.meta.url);

interface DenoInfo {
  roots: string[];
  modules: {
    specifier: string;
    error?: string;
    dependencies?: { specifier: string; code?: { specifier: string }; type?: { specifier: string } }[];
  }[];
}

/** Our own files; npm packages resolve into node_modules locally and come from npm on deploy. */
const isOwnFile = (specifier: string) =>
  specifier.startsWith('file:') && !specifier.includes('/node_modules/');

/** The bare names the function's modules import, e.g. `zod` (what the import map must map). */
function bareImports(graph: DenoInfo): Set<string> {
  const names = new Set<string>();
  for (const module of graph.modules) {
    if (!isOwnFile(module.specifier)) continue;
    for (const dep of module.dependencies ?? []) {
      if (!/^(\.|\/|[a-z]+:)/.test(dep.specifier)) names.add(dep.specifier);
    }
  }
  return names;
}

/**
 * The modules that run: reached from the entry through code imports. Modules reached only
 * through `import type` are erased at run time and are not bundled.
 */
function runtimeModules(graph: DenoInfo): string[] {
  const bySpecifier = new Map(graph.modules.map((m) => [m.specifier, m]));
  const seen = new Set<string>();
  const queue = [...graph.roots];
  while (queue.length > 0) {
    const specifier = queue.pop() as string;
    if (seen.has(specifier)) continue;
    seen.add(specifier);
    for (const dep of bySpecifier.get(specifier)?.dependencies ?? []) {
      if (dep.code) queue.push(dep.code.specifier);
    }
  }
  return [...seen];
}

/** The module graph as Deno resolves it with the function's own deno.json. */
async function moduleGraph(name: string): Promise<DenoInfo> {
  const dir = new URL(`${name}/`, functionsDir);
  const output = await new Deno.Command(Deno.execPath(), {
    args: [
      'info',
      '--json',
      '--node-modules-dir=manual',
      '--config',
      new URL('deno.json', dir).pathname,
      new URL('index.ts', dir).pathname,
    ],
    stdout: 'piped',
    stderr: 'piped',
    env: { NO_COLOR: '1' },
  }).output();
  assert.ok(output.success, new TextDecoder().decode(output.stderr));
  return JSON.parse(new TextDecoder().decode(output.stdout));
}

/** Local files come from disk; npm: and jsr: packages are left to the runtime, as on deploy. */
async function load(specifier: string) {
  if (specifier.startsWith('file:')) {
    return {
      kind: 'module' as const,
      specifier,
      headers: { 'content-type': 'application/typescript' },
      content: await Deno.readTextFile(new URL(specifier)),
    };
  }
  return { kind: 'external' as const, specifier };
}

for (const { name, npm: packages, shared: usesShared } of FUNCTIONS) {
  Deno.test(`${name}'s eszip bundle holds every module it needs${usesShared ? ', shared/ included' : ''}`, async () => {
    const graph = await moduleGraph(name);
    const broken = graph.modules.filter((m) => m.error);
    assert.deepEqual(broken, [], 'every import resolves');
    const running = runtimeModules(graph);
    const local = running.filter(isOwnFile);
    const shared = local.filter((s) => s.includes('/shared/') && !s.includes('/_shared/'));
    if (usesShared) {
      assert.ok(
        shared.some((s) => s.endsWith('/shared/mod.ts')),
        'the function imports shared/mod.ts',
      );
      assert.ok(shared.length > 1, 'and the modules behind it');
    }
    // shared/ imports numeric-quantity by its bare name: the function's deno.json maps it to npm.
    const importMap = new URL(`${name}/deno.json`, functionsDir).href;
    const { imports } = JSON.parse(await Deno.readTextFile(new URL(importMap)));
    const bare = bareImports(graph);
    for (const pkg of packages) {
      assert.ok(bare.has(pkg), `${pkg} is imported by its bare name`);
      assert.match(
        imports[pkg] ?? '',
        new RegExp(`^npm:${pkg}@\\d`),
        `deno.json maps ${pkg} to a version on npm`,
      );
    }

    const entry = new URL(`${name}/index.ts`, functionsDir).href;
    const bytes = await build([entry], load, importMap);
    const parser = await Parser.createInstance();
    const specifiers: string[] = await parser.parseBytes(bytes);
    await parser.load();
    const missing = local.filter((s) => !specifiers.includes(s));
    assert.deepEqual(missing, [], 'modules missing from the bundle');
    for (const specifier of shared) {
      const source: string = await parser.getModuleSource(specifier);
      assert.ok(source.length > 0, `${specifier} has its source in the bundle`);
    }
  });
}

/**
 * What `supabase functions deploy --use-api` uploads: the CLI (pkg/function/deno.go) follows
 * `import`/`export … from` paths textually from the entry, maps bare names through the import
 * map, ignores URLs and npm:/jsr: names, and reads files relative to the directory it runs in.
 * This re-implements that walk to prove the files it would find are all the function needs,
 * when run from the repository root (the README's deploy command).
 */
async function filesTheCliUploads(entry: string, importMap: Record<string, string>): Promise<Set<string>> {
  const pattern =
    /(?:import|export)\s+(?:type\s+)?(?:\{[^{}]+\}|.*?)\s*(?:from)?\s*['"](.*?)['"]|import\(\s*['"](.*?)['"]\)/gi;
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = await Deno.readTextFile(file).catch(() => '');
    for (const match of text.matchAll(pattern)) {
      let target = (match[1] || match[2] || '').trim();
      let mapped = false;
      for (const [key, value] of Object.entries(importMap)) {
        if (target.startsWith(key)) {
          target = value + target.slice(key.length);
          mapped = true;
        }
      }
      if (!/\.[a-z]+$/i.test(target) || !(target.startsWith('./') || target.startsWith('../'))) continue;
      queue.push(mapped ? target : new URL(target, `file://${file}`).pathname);
    }
  }
  return seen;
}

for (const { name } of FUNCTIONS) {
  Deno.test(`supabase functions deploy --use-api would upload every file ${name} runs`, async () => {
    const entry = new URL(`${name}/index.ts`, functionsDir).pathname;
    const config = JSON.parse(await Deno.readTextFile(new URL(`${name}/deno.json`, functionsDir)));
    const uploaded = await filesTheCliUploads(entry, config.imports ?? {});
    const repoRoot = new URL('../../', functionsDir).pathname;
    const needed = runtimeModules(await moduleGraph(name))
      .filter(isOwnFile)
      .map((s) => new URL(s).pathname);
    assert.deepEqual(
      needed.filter((path) => !uploaded.has(path)),
      [],
      'files the deploy would leave out',
    );
    assert.deepEqual(
      needed.filter((path) => !path.startsWith(repoRoot)),
      [],
      'files outside the repository, which the CLI cannot reach',
    );
  });
}
