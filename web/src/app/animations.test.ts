import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '..');

/** Properties the compositor animates alone, with no restyle or repaint on the main thread. */
const COMPOSITED = new Set(['transform', 'opacity']);

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

/** Each `@keyframes` rule's name and the properties its frames set. */
function keyframes(css: string): { name: string; properties: string[] }[] {
  const found: { name: string; properties: string[] }[] = [];
  const start = /@keyframes\s+([\w-]+)\s*\{/g;
  for (let match = start.exec(css); match; match = start.exec(css)) {
    let depth = 1;
    let end = start.lastIndex;
    while (depth > 0 && end < css.length) {
      if (css[end] === '{') depth++;
      if (css[end] === '}') depth--;
      end++;
    }
    const body = css.slice(start.lastIndex, end - 1).replace(/\/\*[\s\S]*?\*\//g, '');
    const properties = [...body.matchAll(/([\w-]+)\s*:/g)].map((m) => m[1]!);
    found.push({ name: match[1]!, properties });
  }
  return found;
}

describe('animations', () => {
  const all = cssFiles(SRC).flatMap((file) =>
    keyframes(readFileSync(file, 'utf8')).map((k) => ({ ...k, file: file.slice(SRC.length + 1) })),
  );

  it('finds the app’s keyframes', () => {
    expect(all.map((k) => k.name)).toEqual(expect.arrayContaining(['shimmer', 'spin']));
  });

  // A skeleton's shimmer is on screen while a page loads: animating anything else (it moved
  // the background's position) has the main thread restyle and repaint it every frame then.
  it.each(all)('$name ($file) animates only what the compositor can', ({ properties }) => {
    expect(properties.length).toBeGreaterThan(0);
    expect(properties.filter((p) => !COMPOSITED.has(p))).toEqual([]);
  });
});
