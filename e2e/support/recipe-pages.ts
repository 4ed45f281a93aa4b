import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { ROOT } from './serve.ts';

const PAGES = join(ROOT, 'e2e/fixtures/recipe-pages');

/**
 * The "recipe sites" of the import tests: e2e/fixtures/recipe-pages/*.html on 127.0.0.1. The
 * import-recipe function refuses loopback addresses, so the stack is started with this host
 * alone let through (IMPORT_ALLOW_HOSTS, as scripts/test-functions.sh does for its fixtures).
 */
export function serveRecipePages(port: number): Promise<Server> {
  const server = createServer((req, res) => {
    const name = /^\/([a-z0-9-]+)$/.exec(req.url ?? '')?.[1];
    readFile(join(PAGES, `${name ?? 'missing'}.html`))
      .then((page) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page))
      .catch(() => res.writeHead(404).end());
  });
  return new Promise((done) => server.listen(port, '127.0.0.1', () => done(server)));
}
