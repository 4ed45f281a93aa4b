import { type FSWatcher, watch } from 'node:fs';
import { join, sep } from 'node:path';

/**
 * Watches the function sources and calls `onChange` with the functions to restart: the one
 * whose folder changed, or every function (`'*'`) when code they share changed (`_shared/`,
 * the domain library `shared/`, an import map outside a function folder). Events are debounced
 * because editors write a file in several steps.
 */
export function watchSources(root: string, onChange: (names: Set<string> | '*') => void): () => void {
  const functionsDir = join(root, 'supabase', 'functions');
  const pending = new Set<string>();
  let all = false;
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    timer = undefined;
    const names = all ? '*' : new Set(pending);
    all = false;
    pending.clear();
    onChange(names);
  };
  const schedule = () => {
    if (timer === undefined) timer = setTimeout(flush, 100);
  };

  const watchers: FSWatcher[] = [];
  const add = (dir: string, classify: (file: string) => string | '*' | undefined) => {
    try {
      const watcher = watch(dir, { recursive: true }, (_event, file) => {
        const name = file ? classify(file.toString()) : '*';
        if (name === undefined) return;
        if (name === '*') all = true;
        else pending.add(name);
        schedule();
      });
      watcher.on('error', () => undefined);
      watchers.push(watcher);
    } catch {
      // A missing folder has nothing to watch; the stack still serves.
    }
  };
  add(functionsDir, (file) => {
    const [first] = file.split(sep);
    if (!first || first === 'tests' || first.startsWith('.')) return undefined;
    return first.startsWith('_') || !file.includes(sep) ? '*' : first;
  });
  add(join(root, 'shared'), (file) => (file.endsWith('.test.ts') ? undefined : '*'));

  return () => {
    if (timer !== undefined) clearTimeout(timer);
    for (const watcher of watchers) watcher.close();
  };
}
