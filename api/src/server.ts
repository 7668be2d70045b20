import { closeAppContext, createAppContext, createLogger } from '@ideamine/server/boot';
import { loadConfig } from '@ideamine/server/config';
import { resolveDatabase } from '@ideamine/server/db/resolve-database';
import { onShutdownSignal } from '@ideamine/server/process/shutdown';
import { startApi } from './serve';

// Process entry for `npm run start:api`: the API alone (run workers with `npm run start:worker`;
// `npm start` runs both). Database external or embedded, and an orderly shutdown on SIGINT/SIGTERM.

async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config);
  const database = await resolveDatabase(config, log);
  try {
    const ctx = await createAppContext(config, log, database.url);
    const api = await startApi(ctx);
    onShutdownSignal(log, async () => {
      await api.close();
      await closeAppContext(ctx);
      await database.stop();
    });
  } catch (err) {
    await database.stop(); // do not leave an embedded server behind
    throw err;
  }
}

main().catch((err: Error) => {
  console.error(`Ideamine failed to start: ${err.message}`);
  process.exit(1);
});
