import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAppContext, createAppContext, createLogger } from '@ideamine/server/boot';
import { loadConfig } from '@ideamine/server/config';
import type { AppContext } from '@ideamine/server/context';
import { demoProgress, loadDemo } from '@ideamine/server/demo/load-demo';
import { startRealDemoSite, type RunningDemoSite } from '@ideamine/server/demo/real-site';
import { parseAllowList } from '@ideamine/server/net/address-policy';
import { createTestDatabase } from '@ideamine/server/test/database';
import { waitUntil } from '@ideamine/server/test/wait';
import { startWorkers, type RunningWorkers } from '../runtime';

// A demo whose pages the workers may not read (here: workers not allowed the demo site's loopback
// address, as `npm start`'s are when `npm run demo` serves the site on a port of its own) ends
// "failed" with the crawler's reason, not "loaded" with no ideas; and `npm run demo` will not
// start beside workers already running on its database, and says what to do instead.

const root = path.resolve(import.meta.dirname, '../../..');
let database: { url: string; drop(): Promise<void> };
let app: AppContext;
let site: RunningDemoSite;
let workers: RunningWorkers;

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: 'data/test' });
  app = await createAppContext(config, createLogger(config), database.url);
  site = await startRealDemoSite();
  // No allowance for the demo site's private address: these workers refuse it.
  workers = await startWorkers({ db: app.db, boss: app.boss, log: app.log });
});

afterAll(async () => {
  await workers?.stop();
  await site?.close();
  if (app) await closeAppContext(app);
  await database?.drop();
});

const jobCount = async () =>
  Number(
    (
      await app.db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('a demo no page of which can be read', () => {
  it('ends failed, with how many pages were not read and why', async () => {
    const origin = new URL(site.url).host;
    await loadDemo(app.db, app.boss, site.url, { userId: null, allow: parseAllowList(origin) });
    const p = await waitUntil(
      async () => {
        const progress = await demoProgress(app.db);
        return progress.state === 'loading' ? undefined : progress;
      },
      30_000,
      'the demo to finish',
    );
    expect(p.state).toBe('failed');
    expect(p.ideas).toBe(0);
    expect(p.pages_total).toBeGreaterThan(0);
    expect(p.pages_not_read).toBe(p.pages_total);
    expect(p.not_read_because).toMatch(
      /^refused: private address: robots\.txt of http:\/\/127\.0\.0\.1:\d+ is on a private/,
    );
  });
});

describe('`npm run demo` beside running workers', () => {
  it('refuses before creating any job, naming the running process and what to do', async () => {
    const before = await jobCount();
    const run = promisify(execFile)(process.execPath, ['--import', 'tsx', 'worker/src/demo/run-demo.ts'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'silent' },
    });
    const failure = await run.then(
      () => null,
      (err: { code: number; stderr: string }) => err,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain(`Ideamine is already running on this database (process ${process.pid} on `);
    expect(failure?.stderr).toContain('Press "Load the demo" on its operations dashboard instead');
    expect(await jobCount()).toBe(before);
  });
});
