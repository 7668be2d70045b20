import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createApp } from '@ideamine/api/app';
import { closeAppContext, createAppContext, createLogger } from '@ideamine/server/boot';
import { loadConfig } from '@ideamine/server/config';
import { databaseUrl, dropDatabase, withDatabase } from '@ideamine/server/db/admin';
import { createWatchlist, type WatchlistOwner } from '@ideamine/server/commands/watchlists';
import { matchWatchlists } from '@ideamine/server/commands/watchlist-matching';
import { startEmbeddedPostgres } from '@ideamine/server/db/embedded-postgres';
import { buildKnowledge, buildUser, TEST_PASSWORD } from '@ideamine/server/test/factories';
import { IPC_CHANNELS, ipcMethodName } from '@ideamine/shared/ipc';
import { createConsoleContext } from '../src/main/console-context';
import type { SecretBox } from '../src/main/token-vault';
import { preloadShim, startBridge } from './bridge-server';

// One console under test: the real API on a fresh database (stoppable mid-session, to go
// offline), the built renderer served with a loopback bridge to the real IPC handlers and
// SQLite cache, and the native notifications it asked for.

export const BIG_JOB_TASKS = 100_000;
const RENDERER = path.resolve(import.meta.dirname, '../out/renderer');

/** safeStorage's part: reversible here, never clear text on disk. */
const box: SecretBox = {
  isEncryptionAvailable: () => true,
  encryptString: (plain) => Buffer.from(Buffer.from(plain, 'utf8').map((b) => b ^ 0x5a)),
  decryptString: (sealed) => Buffer.from(sealed.map((b) => b ^ 0x5a)).toString('utf8'),
};

export async function startHarness() {
  const embedded = process.env.DATABASE_URL
    ? null
    : await startEmbeddedPostgres({ dataDir: path.resolve('data/desktop-e2e') });
  const adminUrl = process.env.DATABASE_URL ?? embedded!.url;
  const name = `ideamine_console_e2e_${process.pid}`;
  await dropDatabase(adminUrl, name);
  await withDatabase(adminUrl, (c) => c.query(`CREATE DATABASE ${name}`));

  const notifications: string[] = [];
  const userData = mkdtempSync(path.join(tmpdir(), 'ideamine-console-e2e-'));
  const consoleCtx = createConsoleContext({
    userData,
    box,
    notify: (title, body) => {
      notifications.push(`${title}: ${body}`);
      return true;
    },
    version: '0.1.0-e2e',
    platform: process.platform,
  });
  const bridge = await startBridge(RENDERER, consoleCtx.handlers);

  const config = {
    ...loadConfig({ LOG_LEVEL: 'warn', DATA_DIR: path.join(userData, 'server') }),
    corsOrigins: [bridge.url],
    publicCacheSeconds: 0,
    dashboardCacheSeconds: 0,
    loginMaxAttemptsPerIp: 1000,
    portalDir: path.join(userData, 'no-portal'),
  };
  const app = await createAppContext(config, createLogger(config), databaseUrl(adminUrl, name));
  const admin = await buildUser(app, { role: 'admin', email: 'console-admin@e2e.test', username: 'console_admin' });
  const seeded = await seed(app, admin);

  let server: Server | null = null;
  let port = 0;
  const startApi = async () => {
    server = createApp(app).listen(port, '127.0.0.1');
    await new Promise((resolve) => server!.once('listening', resolve));
    port = (server.address() as { port: number }).port;
  };
  const stopApi = async () => {
    if (!server) return;
    const s = server;
    server = null;
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  };
  await startApi();
  const apiUrl = `http://127.0.0.1:${port}`;
  consoleCtx.settings.set({ server_url: apiUrl });

  const methods = Object.keys(IPC_CHANNELS).map((c) => [ipcMethodName(c), c] as [string, string]);
  return {
    bridgeUrl: bridge.url,
    apiUrl,
    admin: { email: admin.email, password: TEST_PASSWORD },
    seeded,
    console: consoleCtx,
    notifications,
    preload: preloadShim(methods),
    startApi,
    stopApi,
    close: async () => {
      await stopApi();
      await bridge.close();
      consoleCtx.close();
      await closeAppContext(app);
      await dropDatabase(adminUrl, name).catch(() => undefined);
      await embedded?.stop();
      rmSync(userData, { recursive: true, force: true });
    },
  };
}

export type Harness = Awaited<ReturnType<typeof startHarness>>;

/**
 * Ideas for the knowledge widgets, and a finished job with 100,000 crawl tasks: the large tables
 * must stay smooth at that size, and its 20% failures in the last hour put the crawl error rate
 * over its threshold (a native notification).
 */
async function seed(app: Awaited<ReturnType<typeof createAppContext>>, admin: WatchlistOwner) {
  const ideas = [];
  for (let i = 0; i < 8; i++)
    ideas.push(
      await buildKnowledge(app, {
        title: `Console idea ${i + 1}`,
        profit_score: 9 - i,
        overall_score: 4.8 - i * 0.2,
        keywords: ['automation', 'billing'],
      }),
    );
  // The admin's own watchlist, with the matches the pipeline would have made.
  await createWatchlist(
    app.db,
    admin,
    {
      name: 'Console ideas',
      words: 'console',
      categories: [],
      min_profit_label: null,
      sources: [],
      email_digest: 'off',
      webhook_url: null,
    },
    { webhookAllowPrivate: '', emailEnabled: false },
  );
  await matchWatchlists(
    app.db,
    ideas.map((k) => k.id),
  );
  const job = await app.db
    .insertInto('jobs')
    .values({
      initial_url: 'https://big.example.test/',
      tag: 'console-big',
      status: 'completed',
      origin: 'manual',
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`
    INSERT INTO crawl_tasks (job_id, url, domain, depth, discovered_via, status, attempts, http_status, error,
                             duration_ms, started_at, finished_at)
    SELECT ${job.id}, 'https://big.example.test/page/' || g, 'big.example.test', 1, 'link',
           CASE WHEN g % 5 = 0 THEN 'failed' ELSE 'completed' END, 1,
           CASE WHEN g % 5 = 0 THEN 500 ELSE 200 END,
           CASE WHEN g % 5 = 0 THEN 'HTTP 500' END,
           50 + g % 300, now() - interval '50 minutes', now() - interval '40 minutes'
    FROM generate_series(1, ${BIG_JOB_TASKS}) AS g`.execute(app.db);
  return { bigJobId: job.id };
}
