/**
 * The Lighthouse browser of `npm run bench` (bench/web.bench.ts) stops cleanly: its profile is
 * removed even while Chromium's helpers were writing to it, nothing of it keeps running, and
 * stopping never throws (a failed clean-up once ended the benchmark without its figures).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDebuggableChromium, stopAndRemove } from './chromium-debug.ts';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

describe('the benchmark’s debuggable Chromium', () => {
  // A real origin, so the page can fill the profile's storage as the app does.
  const site = createHttpServer((_req, res) => res.end('<p>writing to the profile</p>'));
  let origin = '';
  beforeAll(async () => {
    origin = `http://127.0.0.1:${await freePort()}`;
    await new Promise<void>((resolve) => site.listen(Number(new URL(origin).port), '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

  it('stops and removes its profile right after a page was in use, three times running', async () => {
    for (let run = 0; run < 3; run++) {
      const browser = startDebuggableChromium(await freePort());
      try {
        await browser.listening;
        const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${browser.port}`);
        const page = await cdp.contexts()[0]!.newPage();
        await page.goto(origin);
        await page.evaluate(() => localStorage.setItem('k', 'v'.repeat(10_000)));
        // Stop while the browser is still busy, without closing it first.
        await browser.stop();
        expect(existsSync(browser.profile)).toBe(false);
        await cdp.close().catch(() => undefined);
      } finally {
        // A failure above must not leave Chromium running after the suite (once it did).
        await browser.stop();
      }
    }
    // Three starts of Chromium: on a loaded 2-core machine one has taken over 10 s.
  }, 200_000);

  it('removes a folder that a helper of the stopped process was still writing to', async () => {
    // As Chromium does: the main process exits at once, a helper it forked goes on writing.
    const dir = mkdtempSync(join(tmpdir(), 'larder-busy-profile-'));
    const script = `mkdir -p "$0/Default"; (i=0; while true; do i=$((i+1)); echo x > "$0/Default/f$i"; done) & trap 'exit 0' TERM; wait`;
    const child = spawn('bash', ['-c', script, dir], { stdio: 'ignore', detached: true });
    for (let i = 0; i < 100 && !existsSync(join(dir, 'Default', 'f10')); i++)
      await new Promise((r) => setTimeout(r, 20));
    await stopAndRemove(child, dir);
    await new Promise((r) => setTimeout(r, 300));
    expect(existsSync(dir)).toBe(false);
  });
});
