import type { Logger } from 'pino';

/**
 * Runs `stop` once on the first SIGINT or SIGTERM, logs "stopped" and exits 0 (1 when stopping
 * failed). Every process entry (npm start, start:api, start:worker) stops this way.
 */
export function onShutdownSignal(log: Logger, stop: () => Promise<void>): void {
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
