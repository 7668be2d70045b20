import type { Logger } from 'pino';
import { closeAppContext, createAppContext } from '@ideamine/server/boot';
import type { Config } from '@ideamine/server/config';
import { QUEUE_NAMES, type QueueName } from '@ideamine/shared/jobs';
import { DEFAULT_LOOPS, startWorkers, type RunningWorkers } from './runtime';
import { privateHostsOf } from '@ideamine/server/net/crawl-allow-list';
import { createMailer } from '@ideamine/server/mail/mailer';

// The pipeline workers with their own connections, the same whether they run as a process
// (`npm run start:worker`) or in a worker thread of `npm start`.

export interface WorkerService {
  workers: RunningWorkers;
  stop(): Promise<void>;
}

/** WORKER_QUEUES as queue names; unknown names are refused with the list of known ones. */
export function queuesFromEnv(env: NodeJS.ProcessEnv = process.env): QueueName[] | undefined {
  const queues = (env.WORKER_QUEUES ?? '')
    .split(',')
    .map((q) => q.trim())
    .filter(Boolean);
  const unknown = queues.filter((q) => !QUEUE_NAMES.includes(q as QueueName));
  if (unknown.length)
    throw new Error(`WORKER_QUEUES names unknown queues: ${unknown.join(', ')} (known: ${QUEUE_NAMES.join(', ')})`);
  return queues.length ? (queues as QueueName[]) : undefined;
}

export async function startWorkerService(
  config: Config,
  log: Logger,
  databaseUrl: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<WorkerService> {
  const queues = queuesFromEnv(env);
  const ctx = await createAppContext(config, log, databaseUrl, { maintainQueue: true });
  const mailer = config.smtpUrl ? createMailer(config.smtpUrl, config.smtpFrom) : null;
  try {
    const workers = await startWorkers({
      mailer,
      db: ctx.db,
      boss: ctx.boss,
      log,
      allowPrivate: privateHostsOf(config),
      webhookAllowPrivate: config.webhookAllowPrivate,
      portalOrigin: config.publicUrl ?? config.oauth.redirectBaseUrl,
      backups: { db: ctx.db, pool: ctx.pool, databaseUrl: ctx.databaseUrl, dir: config.backupDir },
      heartbeatSeconds: Number(env.WORKER_HEARTBEAT_SECONDS ?? 10),
      batchSize: Number(env.WORKER_BATCH_SIZE ?? 4),
      concurrency: Number(env.WORKER_CONCURRENCY ?? DEFAULT_LOOPS),
      ...(queues ? { queues } : {}),
    });
    return {
      workers,
      stop: async () => {
        await workers.stop();
        mailer?.close();
        await closeAppContext(ctx);
      },
    };
  } catch (err) {
    mailer?.close();
    await closeAppContext(ctx);
    throw err;
  }
}
