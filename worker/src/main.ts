import { createLogger } from '@ideamine/server/boot';
import { loadConfig } from '@ideamine/server/config';
import { resolveDatabase } from '@ideamine/server/db/resolve-database';
import { onShutdownSignal } from '@ideamine/server/process/shutdown';
import { queuesFromEnv, startWorkerService } from './service';

// Process entry for `npm run start:worker`: pipeline workers only. Run as many as you like, on
// any machines, against the same DATABASE_URL; WORKER_QUEUES limits one to some queues.

async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config).child({ role: 'worker' });
  queuesFromEnv(); // refuse a mistyped WORKER_QUEUES before starting a database
  const database = await resolveDatabase(config, log);
  const service = await startWorkerService(config, log, database.url).catch(async (err: unknown) => {
    await database.stop();
    throw err;
  });
  onShutdownSignal(log, async () => {
    await service.stop();
    await database.stop();
  });
}

main().catch((err: Error) => {
  console.error(`Ideamine worker failed to start: ${err.message}`);
  process.exit(1);
});
