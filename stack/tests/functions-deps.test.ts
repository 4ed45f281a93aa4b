/**
 * The stack runs the functions with npm imports resolved from node_modules (no download), while
 * hosted Supabase fetches the versions each deno.json names. Both must be the same code, so every
 * `npm:name@version` of a deno.json must be the version `npm install` put in node_modules.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config.ts';

const functionsDir = join(REPO_ROOT, 'supabase', 'functions');
const configs = readdirSync(functionsDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((entry) => {
    try {
      return [
        [entry.name, JSON.parse(readFileSync(join(functionsDir, entry.name, 'deno.json'), 'utf8'))] as const,
      ];
    } catch {
      return [];
    }
  });

describe('function dependencies', () => {
  it('finds the deno.json of every function and of the tests', () => {
    expect(configs.map(([name]) => name).sort()).toEqual([
      'add-cook',
      'cleanup-meals',
      'import-prices',
      'import-recipe',
      'invite-member',
      'price-basket',
      'price-recipe',
      'tests',
    ]);
  });

  it.each(configs)(
    '%s: each npm: version in deno.json is the one installed in node_modules',
    (_name, config) => {
      for (const specifier of Object.values<string>(config.imports ?? {})) {
        // 'npm:zod@4.6.7', or for subpaths ('zod/mini') 'npm:/zod@4.6.7/'.
        const match = /^npm:\/?((?:@[^/]+\/)?[^@/]+)@([^/]+)\/?$/.exec(specifier);
        if (!match) continue;
        const [, pkg, version] = match;
        const installed = JSON.parse(
          readFileSync(join(REPO_ROOT, 'node_modules', pkg!, 'package.json'), 'utf8'),
        );
        expect(`${pkg}@${installed.version.replace(/^v/, '')}`, 'package.json and deno.json agree').toBe(
          `${pkg}@${version!.replace(/^v/, '')}`,
        );
      }
    },
  );
});
