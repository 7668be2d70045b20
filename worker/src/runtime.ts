import os from 'node:os';
import type { Logger } from 'pino';
import type PgBoss from 'pg-boss';
import { readSetting } from '@ideamine/server/commands/settings';
import type { Db } from '@ideamine/server/db/database';
import { QUEUES, type QueueName, type QueuePayload } from '@ideamine/shared/jobs';
import type { CrawlSettings, WorkerContext } from './context';
import type { BackupPlace } from '@ideamine/server/commands/backups';
import { createHttpAgent } from './crawl/fetcher';
import { DomainRateLimiter } from './crawl/rate-limiter';
import { RobotsPolicy } from './crawl/robots/policy';
import { crawlAllowList } from '@ideamine/server/net/crawl-allow-list';
import { parseAllowList } from '@ideamine/server/net/address-policy';
import { handleAnalyse } from './jobs/analyse';
import { handleCrawl } from './jobs/crawl';
import { handleEnrich } from './jobs/enrich';
import { handleScheduleTick } from './jobs/schedule-tick';
import { handleProfitBatch } from './jobs/profit-analysis';
import { createWebhookSender, handleWebhook } from './jobs/webhook';
import { sendDueDigests } from './jobs/digest';
import type { Mailer } from '@ideamine/server/mail/mailer';
import { handleTransform } from './jobs/transform';
import { chooseProvider } from '@ideamine/server/llm/choose-provider';
import { recoverOrphanedTasks } from './pipeline/recover';
import { reconcileLostMessages } from './pipeline/reconcile';

// Starts the pipeline workers in this process: one handler per queue, registered explicitly,
// and a heartbeat row so dashboards can count live workers.

export interface WorkerOptions {
  db: Db;
  boss: PgBoss;
  log: Logger;
  /** Queues to work; all by default. */
  queues?: QueueName[];
  /** Messages fetched at once per queue (each carries several task ids). */
  batchSize?: number;
  /** Extra hosts the crawler may reach although private (CRAWL_ALLOW_PRIVATE). */
  allowPrivate?: string;
  /** Hosts users' webhooks may reach although private (WEBHOOK_ALLOW_PRIVATE). */
  webhookAllowPrivate?: string;
  /** The portal's address, for links in webhooks and digests (PUBLIC_URL). */
  portalOrigin?: string;
  /** Sends the watchlist email digests (SMTP_URL); none: no digests. */
  mailer?: Mailer | null;
  pollingIntervalSeconds?: number;
  /** Polling loops per crawl and transform queue in this process (each handles a batch at a time). */
  concurrency?: number;
  /** How often the heartbeat is written; a worker silent for three beats counts as dead. */
  heartbeatSeconds?: number;
  /** How often operator queue pauses (queue_pauses) are read. */
  pauseCheckSeconds?: number;
  /** Enables scheduled backups (setting backup.schedule_cron) from this process's schedule tick. */
  backups?: BackupPlace;
  /** Pending work unchanged this long with no queue message is sent again (pipeline/reconcile.ts). */
  lostAfterSeconds?: number;
}

const SETTINGS_TTL_MS = 15_000;

/**
 * Polling loops per crawl and transform queue. Each loop spends much of its time waiting on
 * PostgreSQL and the network, so four keep a process busy (measured with `npm run bench:crawl`:
 * 2 loops 406 pages/s, 4 loops 549, 6 loops 548).
 */
export const DEFAULT_LOOPS = 4;

function cached<T>(load: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  let at = 0;
  return () => {
    if (!value || Date.now() - at > SETTINGS_TTL_MS) {
      at = Date.now();
      value = load();
      value.catch(() => (value = undefined));
    }
    return value;
  };
}

/**
 * The queues a message of each queue sends to. When one is done, a polling loop of each of those
 * queues in this process is told to fetch at once instead of at its next poll: a crawl's pages
 * reach the transform, and the links they found the crawl, without waiting out the interval.
 */
const FEEDS: Partial<Record<QueueName, QueueName[]>> = {
  crawl: ['crawl', 'transform'],
  transform: ['enrich'],
  enrich: ['analyse'],
};

/**
 * Queues whose fetched messages are handled as one: a transform is database and CPU work only,
 * and the pages of several messages written in one transaction cost a few statements in all
 * instead of a few per message. When that fails, each of its messages fails and is retried.
 */
const TOGETHER: { [Q in QueueName]?: (payloads: QueuePayload<Q>[]) => QueuePayload<Q> } = {
  transform: (payloads) => ({ taskIds: payloads.flatMap((p) => p.taskIds) }),
};

/** A fetched batch as the units it is handled in: one per message, or one for all (TOGETHER). */
function unitsOf(queue: QueueName, jobs: PgBoss.Job<unknown>[]): { ids: string[]; payload: () => unknown }[] {
  const schema = QUEUES[queue].payload;
  const merge = TOGETHER[queue] as ((payloads: unknown[]) => unknown) | undefined;
  if (!merge || jobs.length < 2) return jobs.map((job) => ({ ids: [job.id], payload: () => schema.parse(job.data) }));
  // A message that does not parse fails alone; the others go on together.
  const parsed = jobs.map((job) => ({ job, result: schema.safeParse(job.data) }));
  const ok = parsed.filter((p) => p.result.success);
  return [
    ...(ok.length ? [{ ids: ok.map((p) => p.job.id), payload: () => merge(ok.map((p) => p.result.data)) }] : []),
    ...parsed
      .filter((p) => !p.result.success)
      .map((p) => ({ ids: [p.job.id], payload: () => schema.parse(p.job.data) })),
  ];
}

export interface RunningWorkers {
  id: string;
  /** Queues this process currently does not fetch because an operator paused them. */
  pausedQueues(): QueueName[];
  /** Completed reads of queue_pauses since start (lets tests wait for a check without sleeping). */
  pauseChecks(): number;
  stop(): Promise<void>;
}

export async function startWorkers(opts: WorkerOptions): Promise<RunningWorkers> {
  const { db, boss, log } = opts;
  const allow = await crawlAllowList(db, opts.allowPrivate ?? '');
  const http = createHttpAgent(allow);
  const workerId = `${os.hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
  const heartbeatSeconds = opts.heartbeatSeconds ?? 10;
  const w: WorkerContext = {
    workerId,
    db,
    boss,
    log,
    http,
    allow,
    robots: new RobotsPolicy(db, http, allow),
    limiter: new DomainRateLimiter(db),
    llm: cached(() => chooseProvider(db)),
    crawl: cached(async (): Promise<CrawlSettings> => ({
      respectRobots: await readSetting(db, 'crawl.respect_robots'),
      userAgent: await readSetting(db, 'crawl.user_agent'),
      timeoutMs: (await readSetting(db, 'crawl.timeout_seconds')) * 1000,
      maxBytes: (await readSetting(db, 'crawl.max_body_kb')) * 1024,
      maxAttempts: await readSetting(db, 'crawl.max_attempts'),
    })),
    ...(opts.backups ? { backups: opts.backups } : {}),
    processed: {
      crawl: 0,
      transform: 0,
      enrich: 0,
      analyse: 0,
      'schedule-tick': 0,
      'profit-analysis': 0,
      webhook: 0,
      digest: 0,
    },
  };
  const webhooks = createWebhookSender(
    parseAllowList(opts.webhookAllowPrivate ?? ''),
    opts.portalOrigin ?? 'http://localhost:3000',
  );

  const handlers: { [Q in QueueName]: (payload: QueuePayload<Q>) => Promise<void> } = {
    crawl: (p) => handleCrawl(w, p.taskIds),
    transform: (p) => handleTransform(w, p.taskIds),
    enrich: (p) => handleEnrich(w, p.knowledgeIds),
    analyse: (p) => handleAnalyse(w, p.knowledgeIds, p.rescore),
    'schedule-tick': () => handleScheduleTick(w),
    'profit-analysis': (p) => handleProfitBatch(w, p.batchId),
    webhook: (p) => handleWebhook(db, webhooks, p.deliveryId),
    digest: async () => {
      w.processed.digest += await sendDueDigests(db, { mailer: opts.mailer ?? null, origin: webhooks.portalOrigin });
    },
  };

  const queues = opts.queues ?? (Object.keys(handlers) as QueueName[]);
  const workerIds = new Map<QueueName, string[]>();
  // One loop per queue at a time, in turn: it fetches up to a batch; the others keep polling.
  let turn = 0;
  const nudge = (queue: QueueName) => {
    const ids = workerIds.get(queue);
    if (ids?.length) boss.notifyWorker(ids[turn++ % ids.length]!);
  };
  const loops = (q: QueueName) => (q === 'crawl' || q === 'transform' ? (opts.concurrency ?? DEFAULT_LOOPS) : 1);
  const startQueue = async (queue: QueueName) => {
    const ids: string[] = [];
    for (let i = 0; i < loops(queue); i++) {
      const handler = handlers[queue] as (p: unknown) => Promise<void>;
      const id = await boss.work(
        queue,
        { batchSize: opts.batchSize ?? 4, pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 0.5 },
        async (jobs) => {
          // Units of a batch run side by side; a failing one fails alone and is retried alone.
          const batch = unitsOf(queue, jobs);
          const results = await Promise.allSettled(
            batch.map(async (unit) => {
              await handler(unit.payload());
              await boss.complete(queue, unit.ids);
              for (const next of FEEDS[queue] ?? []) nudge(next);
            }),
          );
          for (const [i, r] of results.entries()) {
            if (r.status === 'rejected') {
              log.warn({ queue, err: r.reason }, 'job failed; pg-boss retries it');
              const message = String((r.reason as Error)?.message ?? r.reason);
              for (const id of batch[i]!.ids) await boss.fail(queue, id, { message });
            }
          }
        },
      );
      ids.push(id);
    }
    workerIds.set(queue, ids);
  };
  const stopQueue = async (queue: QueueName) => {
    for (const id of workerIds.get(queue) ?? []) await boss.offWork({ id });
    workerIds.delete(queue);
  };

  // Operators pause a queue with a row in queue_pauses (api commands/queue-control.ts): its
  // polling loops stop fetching within pauseCheckSeconds and start again once the row is gone.
  // Messages already fetched finish normally.
  const paused = new Set<QueueName>();
  let pauseChecks = 0;
  let stopped = false;
  const checkPauses = async () => {
    if (stopped) return;
    const rows = await db.selectFrom('queue_pauses').select('queue').execute();
    const now = new Set(rows.map((r) => r.queue));
    let changed = false;
    for (const queue of queues) {
      if (now.has(queue) && !paused.has(queue)) {
        paused.add(queue);
        await stopQueue(queue);
        changed = true;
        log.info({ queue }, 'queue paused by an operator');
      } else if (!now.has(queue) && paused.has(queue) && !stopped) {
        paused.delete(queue);
        await startQueue(queue);
        changed = true;
        log.info({ queue }, 'queue resumed');
      }
    }
    // Told at once, not at the next beat: the operator sees when the pause has taken hold.
    // A fetch already running when the loops stopped began before this write, so a message sent
    // after the write is never fetched here.
    if (changed)
      await db
        .updateTable('worker_heartbeats')
        .set({ paused_queues: [...paused] })
        .where('worker_id', '=', workerId)
        .execute();
    pauseChecks++;
  };
  const initiallyPaused = new Set((await db.selectFrom('queue_pauses').select('queue').execute()).map((r) => r.queue));
  for (const queue of queues) {
    if (initiallyPaused.has(queue)) paused.add(queue);
    else await startQueue(queue);
  }
  let checking = false;
  const pauseTimer = setInterval(
    () => {
      if (checking) return;
      checking = true;
      checkPauses()
        .catch((err: unknown) => log.warn({ err }, 'pause check failed'))
        .finally(() => (checking = false));
    },
    (opts.pauseCheckSeconds ?? 1) * 1000,
  );
  pauseTimer.unref();
  if (queues.includes('schedule-tick')) await boss.schedule('schedule-tick', '* * * * *', {}, { tz: 'UTC' });
  if (queues.includes('digest')) await boss.schedule('digest', '7 * * * *', {}, { tz: 'UTC' });

  const beat = async () => {
    await db
      .insertInto('worker_heartbeats')
      .values({
        worker_id: workerId,
        hostname: os.hostname(),
        pid: process.pid,
        queues,
        paused_queues: [...paused],
        processed: JSON.stringify(w.processed),
      })
      .onConflict((oc) =>
        oc.column('worker_id').doUpdateSet({
          processed: JSON.stringify(w.processed),
          paused_queues: [...paused],
          last_seen_at: new Date(),
        }),
      )
      .execute();
    const recovered = await recoverOrphanedTasks(db, boss, heartbeatSeconds * 3);
    if (recovered) log.warn({ recovered }, 'gave the tasks of a dead worker back to the queue');
    const lost = await reconcileLostMessages(db, boss, opts.lostAfterSeconds);
    if (Object.values(lost).some((n) => n > 0)) log.warn(lost, 'sent again work whose queue message was lost');
  };
  await beat();
  const timer = setInterval(
    () => beat().catch((err: unknown) => log.warn({ err }, 'heartbeat failed')),
    heartbeatSeconds * 1000,
  );
  timer.unref();
  log.info({ workerId, queues }, 'workers started');

  return {
    id: workerId,
    pausedQueues: () => [...paused],
    pauseChecks: () => pauseChecks,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      clearInterval(pauseTimer);
      for (const queue of [...workerIds.keys()]) await stopQueue(queue);
      await db
        .deleteFrom('worker_heartbeats')
        .where('worker_id', '=', workerId)
        .execute()
        .catch(() => undefined);
      await http.close();
      await webhooks.agent.close();
    },
  };
}
