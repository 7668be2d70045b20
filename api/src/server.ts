import type { Server } from 'node:http';
import { createApp } from './app';
import { createAppContext, createLogger } from './boot';
import { loadConfig } from './config';
import { resolveDatabase } from './db/resolve-database';

// Process entry for `npm start` and `npm run start:api`: database (external or embedded), API,
// and an orderly shutdown on SIGINT/SIGTERM.

async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config);
  const database = await resolveDatabase(config, log);
  const ctx = await createAppContext(config, log, database.url);
  const server: Server = createApp(ctx).listen(config.port, config.host);
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  log.info({ url: `http://${config.host}:${port}` }, 'Ideamine is listening');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    server.closeIdleConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await ctx.db.destroy();
    await database.stop();
    log.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err: Error) => {
  console.error(`Ideamine failed to start: ${err.message}`);
  process.exit(1);
});
