import { startApi } from '@ideamine/api/serve';
import { closeAppContext, createAppContext, createLogger } from '@ideamine/server/boot';
import { loadConfig } from '@ideamine/server/config';
import { resolveDatabase } from '@ideamine/server/db/resolve-database';
import { onShutdownSignal } from '@ideamine/server/process/shutdown';
import { startWorkerThreads } from './worker-threads';

// The composition root, what `npm start` runs: one database (external, or the embedded one it
// boots), the API on this thread and the pipeline workers on WORKER_THREADS worker threads, and
// an orderly shutdown on SIGINT/SIGTERM: the API first, then the workers, then the database.

async function main(): Promise<void> {
  // npm forwards a stop signal to us and may exit first, closing the pipe our log goes to: a
  // write to it then fails (EPIPE), and that must not end the process before the database stops.
  process.stdout.on('error', () => undefined);
  process.stderr.on('error', () => undefined);
  const config = loadConfig();
  const log = createLogger(config);
  // What has started, stopped in reverse order by a signal or a failed start. The handler is in
  // place before anything else starts, so a stop signal at any moment leaves no database behind.
  const started: Array<{ part: string; stop(): Promise<void> }> = [];
  // Each is taken off as it runs, so a signal arriving while a failed start cleans up stops nothing twice.
  // One that fails does not keep the rest (the database last of all) from stopping; the first
  // failure is reported once everything has been tried.
  const stopAll = async () => {
    let failure: unknown = null;
    // Each step is logged, so a stop that hangs says where.
    for (let next = started.pop(); next; next = started.pop()) {
      const { part, stop } = next;
      log.info({ part }, 'stopping');
      await stop().catch((err: unknown) => {
        log.error({ err, part }, 'a part did not stop cleanly; stopping the rest');
        failure ??= err;
      });
    }
    if (failure) throw failure;
  };
  let signalled = false;
  onShutdownSignal(log, () => {
    signalled = true;
    return stopAll();
  });
  try {
    const database = await resolveDatabase(config, log);
    started.push({ part: 'database', stop: () => database.stop() });
    // The API's context migrates the database before any worker thread connects to it.
    const ctx = await createAppContext(config, log, database.url);
    started.push({ part: 'API context (pools, listeners, caches)', stop: () => closeAppContext(ctx) });
    const threads = startWorkerThreads({ count: config.workerThreads, databaseUrl: database.url, log });
    started.push({ part: 'worker threads', stop: () => threads.stop() });
    const api = await startApi(ctx);
    started.push({ part: 'HTTP server', stop: () => api.close() });
    await threads.ready;
  } catch (err) {
    // A stop signal during start-up can fail the start (a worker thread told to stop before it
    // was ready). The signal's shutdown is already stopping everything, the database last, and
    // exits when done: exiting here instead would leave the database running.
    if (signalled) return;
    await stopAll();
    throw err;
  }
}

main().catch((err: Error) => {
  console.error(`Ideamine failed to start: ${err.message}`);
  process.exit(1);
});
