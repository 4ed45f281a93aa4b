// @ts-check
/**
 * Runs one Edge Function under Deno for the local stack, as Supabase's edge runtime does:
 * the function's own `Deno.serve(...)` is bound to a loopback port the stack proxies to, and
 * the chosen port is reported on stdout for the stack to read.
 *
 * Plain JavaScript so the stack's TypeScript project (Node types) does not check Deno code.
 */
const READY_MARKER = '__LARDER_FUNCTION_READY__';

const entry = Deno.env.get('LARDER_FUNCTION_ENTRY');
Deno.env.delete('LARDER_FUNCTION_ENTRY');
if (!entry) throw new Error('LARDER_FUNCTION_ENTRY is not set');

// Supabase's runtime offers EdgeRuntime.waitUntil for work after the response; keep it working.
Object.defineProperty(globalThis, 'EdgeRuntime', {
  value: {
    waitUntil(/** @type {Promise<unknown>} */ promise) {
      promise.catch((error) => console.error('waitUntil task failed:', error));
    },
  },
});

const serve = Deno.serve.bind(Deno);
let serving = false;

/** @param {any[]} args */
function serveOnLoopback(...args) {
  if (serving) throw new Error('Deno.serve was called twice; an Edge Function serves once.');
  serving = true;
  /** @type {any} */
  let options = {};
  /** @type {any} */
  let handler;
  if (typeof args[0] === 'function') handler = args[0];
  else {
    options = args[0] ?? {};
    handler = typeof args[1] === 'function' ? args[1] : options.handler;
  }
  const { onListen: _ignored, port: _port, hostname: _hostname, path: _path, ...rest } = options;
  return serve(
    {
      ...rest,
      hostname: '127.0.0.1',
      port: 0,
      onListen({ port }) {
        console.log(`${READY_MARKER} ${port}`);
      },
    },
    handler,
  );
}

Object.defineProperty(Deno, 'serve', { value: serveOnLoopback, configurable: true, writable: true });

// The stack holds our stdin open; when it goes away, even killed outright, stdin ends and so
// does this worker, rather than lingering on its port.
(async () => {
  try {
    for await (const _ of Deno.stdin.readable) {
      // Nothing is ever sent; the loop only waits for the end.
    }
  } finally {
    Deno.exit(0);
  }
})();

await import(entry);
