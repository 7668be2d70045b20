import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { build } from 'vite';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../e2e/chromium';
import { reportResult } from '../../build/bench-result';

// `npm run bench:portal`: builds the portal, reports the gzip size of the JavaScript a visitor's
// first page loads (the entry and its preloaded chunks, and what the browser actually fetched),
// and the time to the first idea card in headless Chromium on loopback (cold cache every run).
// Goals (issue 6): under 250 KB gzip, first idea card under 1 s.

const ROOT = path.resolve(import.meta.dirname, '../..');
const DIST = path.join(ROOT, 'portal/dist');
const PORT = Number(process.env.BENCH_PORT ?? 3230);
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const JS_GOAL_KB = 250;
const CARD_GOAL_MS = 1000;

const kb = (bytes: number) => bytes / 1024;
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

async function main() {
  await build({ configFile: path.join(ROOT, 'portal/vite.config.ts'), logLevel: 'warn' });
  const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const initial = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const staticGzip = initial.reduce(
    (sum, file) => sum + gzipSync(readFileSync(path.join(DIST, file)), { level: 9 }).length,
    0,
  );

  // Node itself (not npx, which does not pass SIGTERM on), so the stop below reaches the server.
  const server = spawn(process.execPath, ['--import', 'tsx', 'portal/e2e/serve.ts'], {
    cwd: ROOT,
    env: { ...process.env, E2E_PORT: String(PORT), E2E_PUBLIC_CACHE_SECONDS: '30' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await waitForServer(`http://127.0.0.1:${PORT}/readyz`);
    const browser = await chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS });
    const times: number[] = [];
    let fetchedJs = 0;
    for (let i = 0; i < RUNS + 1; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      let jsBytes = 0;
      page.on('response', async (res) => {
        if (res.request().resourceType() === 'script')
          jsBytes += Number((await res.allHeaders())['content-length'] ?? 0);
      });
      await page.goto(`http://127.0.0.1:${PORT}/`, { waitUntil: 'commit' });
      await page.locator('[data-testid="idea-card"]').first().waitFor();
      const ms = await page.evaluate(() => performance.now());
      if (i > 0) times.push(ms); // the first run warms the server's gzip cache and database
      await page.waitForLoadState('networkidle');
      fetchedJs = jsBytes;
      await context.close();
    }
    await browser.close();

    const p50 = percentile(times, 50);
    const p95 = percentile(times, 95);
    console.log(`Portal budget (${RUNS} cold-cache loads of / on loopback, Chromium headless)`);
    console.log(
      `  initial JS (entry + preloads), gzip : ${kb(staticGzip).toFixed(1)} KB  (goal ${JS_GOAL_KB} KB, ${(kb(staticGzip) / JS_GOAL_KB).toFixed(2)}x of budget)`,
    );
    console.log(
      `  JS fetched by the first page, gzip  : ${kb(fetchedJs).toFixed(1)} KB  (${(kb(fetchedJs) / JS_GOAL_KB).toFixed(2)}x of budget)`,
    );
    console.log(
      `  time to first idea card, p50 / p95  : ${p50.toFixed(0)} / ${p95.toFixed(0)} ms  (goal ${CARD_GOAL_MS} ms, p95 ${(p95 / CARD_GOAL_MS).toFixed(2)}x of goal)`,
    );
    reportResult({
      measure: 'initial JavaScript, gzip',
      value: kb(staticGzip),
      unit: 'KB',
      goal: { op: '<=', value: JS_GOAL_KB },
    });
    reportResult({
      measure: 'time to the first idea card, p95',
      value: p95,
      unit: 'ms',
      goal: { op: '<', value: CARD_GOAL_MS },
    });
  } finally {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited; // it drops its database on the way out
    }
  }
}

async function waitForServer(url: string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (
      await fetch(url)
        .then((r) => r.ok)
        .catch(() => false)
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not start: ${url}`);
}

await main();
