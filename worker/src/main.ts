import { closeAppContext, createAppContext, createLogger } from '@ideamine/server/boot';
import { loadConfig } from '@ideamine/server/config';
import { resolveDatabase } from '@ideamine/server/db/resolve-database';
import { QUEUE_NAMES, type QueueName } from '@ideamine/shared/jobs';
import { DEFAULT_LOOPS, startWorkers } from './runtime';

// Process entry for `npm run start:worker`: pipeline workers only. Run as many as you like, on
// any machines, against the same DATABASE_URL; WORKER_QUEUES limits one to some queues.

async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config).child({ role: 'worker' });
  const queues = (process.env.WORKER_QUEUES ?? '')
    .split(',')
    .map((q) => q.trim())
    .filter(Boolean);
  const unknown = queues.filter((q) => !QUEUE_NAMES.includes(q as QueueName));
  if (unknown.length)
    throw new Error(`WORKER_QUEUES names unknown queues: ${unknown.join(', ')} (known: ${QUEUE_NAMES.join(', ')})`);
  const database = await resolveDatabase(config, log);
  const ctx = await createAppContext(config, log, database.url, { maintainQueue: true });
  const workers = await startWorkers({
    db: ctx.db,
    boss: ctx.boss,
    log,
    allowPrivate: config.crawlAllowPrivate,
    backups: { db: ctx.db, pool: ctx.pool, databaseUrl: ctx.databaseUrl, dir: config.backupDir },
    heartbeatSeconds: Number(process.env.WORKER_HEARTBEAT_SECONDS ?? 10),
    batchSize: Number(process.env.WORKER_BATCH_SIZE ?? 4),
    concurrency: Number(process.env.WORKER_CONCURRENCY ?? DEFAULT_LOOPS),
    ...(queues.length ? { queues: queues as QueueName[] } : {}),
  });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping workers');
    await workers.stop();
    await closeAppContext(ctx);
    await database.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err: Error) => {
  console.error(`Ideamine worker failed to start: ${err.message}`);
  process.exit(1);
});
