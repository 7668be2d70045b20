import { CompiledQuery } from 'kysely';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Db } from '../db/database';
import { deadLetterQueue, QUEUES, QUEUE_NAMES, type QueueName, type QueuePayload } from '@ideamine/shared/jobs';

// pg-boss lives in the same database as everything else: the API sends, workers work. Every
// queue is created with its dead-letter queue and retry policy from shared/jobs.

export type Boss = PgBoss;

export async function startBoss(databaseUrl: string, log: Logger, opts: { schedule?: boolean } = {}): Promise<PgBoss> {
  const boss = new PgBoss({
    connectionString: databaseUrl,
    max: 4,
    schedule: opts.schedule ?? false,
    supervise: opts.schedule ?? false,
    application_name: 'ideamine-boss',
  });
  boss.on('error', (err: Error & { code?: string }) => {
    // 57P01: the server is shutting down (ours, at exit); not worth an error line.
    if (err.code === '57P01') log.debug({ err }, 'pg-boss connection closed by server shutdown');
    else log.error({ err }, 'pg-boss error');
  });
  await boss.start();
  await ensureQueues(boss);
  return boss;
}

export async function ensureQueues(boss: PgBoss): Promise<void> {
  for (const name of QUEUE_NAMES) {
    const dead = deadLetterQueue(name);
    if (!(await boss.getQueue(dead))) await boss.createQueue(dead, { name: dead, retentionDays: 14 });
    if (!(await boss.getQueue(name))) {
      await boss.createQueue(name, {
        name,
        deadLetter: dead,
        retryLimit: QUEUES[name].retryLimit,
        retryDelay: 5,
        retryBackoff: true,
        expireInSeconds: 15 * 60,
      });
    }
  }
}

/**
 * Sends many messages to one queue in one round trip. Pass `db` (a pg-boss Db over the caller's
 * transaction) to make the messages commit or roll back with the caller's writes.
 */
export async function sendMany<Q extends QueueName>(
  boss: PgBoss,
  queue: Q,
  payloads: QueuePayload<Q>[],
  opts: { db?: PgBoss.Db; startAfter?: Date } = {},
): Promise<void> {
  if (payloads.length === 0) return;
  const jobs = payloads.map((data) => ({
    name: queue,
    data,
    ...(opts.startAfter ? { startAfter: opts.startAfter } : {}),
  }));
  await (opts.db ? boss.insert(jobs, { db: opts.db }) : boss.insert(jobs));
}

/** The columns that put a finished crawl or transform task back to the start. */
export const backToPending = () =>
  ({
    status: 'pending',
    attempts: 0,
    error: null,
    skip_reason: null,
    finished_at: null,
    updated_at: new Date(),
  }) as const;

/** Splits ids into messages of at most `size` ids each. */
export function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Lets pg-boss write its messages inside our transaction, so rows and messages commit together. */
export function bossDb(trx: Db): PgBoss.Db {
  return {
    executeSql: async (text: string, values: unknown[]) => {
      const result = await trx.executeQuery(CompiledQuery.raw(text, values));
      return { rows: result.rows as never[] };
    },
  };
}
