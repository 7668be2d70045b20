import type { Server } from 'node:http';
import { pruneRateLimitCounters } from '@ideamine/server/auth/throttle';
import type { AppContext } from '@ideamine/server/context';
import { createApp } from './app';

// The HTTP server on the configured host and port, with its hourly housekeeping.

const HOUSEKEEPING_INTERVAL_MS = 3600_000;

export interface RunningApi {
  /** Stops taking connections and waits for the open requests. */
  close(): Promise<void>;
}

export async function startApi(ctx: AppContext): Promise<RunningApi> {
  const { config, log } = ctx;
  const server: Server = createApp(ctx).listen(config.port, config.host);
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  log.info({ url: `http://${config.host}:${port}` }, 'Ideamine is listening');
  // Searches and the public list read PostgreSQL until the in-memory copies are built.
  ctx.searchSlice.warm();
  ctx.publicListing.warm();

  const housekeeping = setInterval(() => {
    pruneRateLimitCounters(ctx.db).catch((err: unknown) => log.warn({ err }, 'housekeeping failed'));
  }, HOUSEKEEPING_INTERVAL_MS);
  housekeeping.unref();

  return {
    close: async () => {
      clearInterval(housekeeping);
      server.closeIdleConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
