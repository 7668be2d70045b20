import type { Server } from 'node:http';
import { startWorkers } from '@ideamine/worker/runtime';
import { createApp } from './app';
import { pruneRateLimitCounters } from '@ideamine/server/auth/throttle';
import { closeAppContext, createAppContext, createLogger } from '@ideamine/server/boot';
import { loadConfig } from '@ideamine/server/config';
import type { AppContext } from '@ideamine/server/context';
import { resolveDatabase } from '@ideamine/server/db/resolve-database';

// Process entry for `npm start` (API and pipeline workers in one process) and
// `npm run start:api` (API only): database (external or embedded), and an orderly shutdown on
// SIGINT/SIGTERM.

const HOUSEKEEPING_INTERVAL_MS = 3600_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config);
  const database = await resolveDatabase(config, log);
  const apiOnly = process.argv.includes('--api-only');
  let ctx: AppContext;
  let server: Server;
  let workers: Awaited<ReturnType<typeof startWorkers>> | null = null;
  try {
    ctx = await createAppContext(config, log, database.url, { maintainQueue: !apiOnly });
    if (!apiOnly)
      workers = await startWorkers({
        db: ctx.db,
        boss: ctx.boss,
        log,
        allowPrivate: config.crawlAllowPrivate,
        backups: { db: ctx.db, pool: ctx.pool, databaseUrl: ctx.databaseUrl, dir: config.backupDir },
      });
    server = createApp(ctx).listen(config.port, config.host);
    await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
  } catch (err) {
    await database.stop(); // do not leave an embedded server behind
    throw err;
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  log.info({ url: `http://${config.host}:${port}` }, 'Ideamine is listening');

  const housekeeping = setInterval(() => {
    pruneRateLimitCounters(ctx.db).catch((err: unknown) => log.warn({ err }, 'housekeeping failed'));
  }, HOUSEKEEPING_INTERVAL_MS);
  housekeeping.unref();

  onShutdownSignal(log, async () => {
    clearInterval(housekeeping);
    server.closeIdleConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await workers?.stop();
    await closeAppContext(ctx);
    await database.stop();
  });
}

function onShutdownSignal(log: AppContext['log'], stop: () => Promise<void>): void {
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    stop()
      .then(() => {
        log.info('stopped');
        process.exit(0);
      })
      .catch((err: unknown) => {
        log.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((err: Error) => {
  console.error(`Ideamine failed to start: ${err.message}`);
  process.exit(1);
});
