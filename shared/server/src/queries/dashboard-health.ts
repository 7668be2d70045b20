import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { JobStatsPeriod } from '@ideamine/shared/contract/dashboard-health';
import { deadLetterQueue, QUEUE_NAMES } from '@ideamine/shared/jobs';
import { changePercentage, percentOf, trendOf } from '@ideamine/shared/trend';
import { TtlCache } from '../cache/ttl-cache';
import type { Db } from '../db/database';
import { countUpTo } from './paging';
import { CURRENT_HOUR, ensureTaskRollups } from './task-rollups';

// Numbers for the System Health tab, all from the database. Queue depth is the number of
// *pending* crawl or transform tasks (waiting for a worker; tasks in flight are not queued).

/** A worker silent for three heartbeats (default heartbeat 10 s) counts as dead. */
export const WORKER_ALIVE_SECONDS = 30;
/** A heartbeat row of a worker alive now. */
const ALIVE = sql<boolean>`last_seen_at > now() - make_interval(secs => ${WORKER_ALIVE_SECONDS})`;
/** A queue-depth sample is recorded at most once per this many seconds. */
export const SAMPLE_EVERY_SECONDS = 60;
/** Samples older than this are deleted when a new one is recorded. */
const SAMPLE_RETENTION = '7 days';

const n = (v: unknown) => Number(v ?? 0);

/** Round trip of a trivial query, in milliseconds (two decimals). */
export async function probeDatabase(db: Db): Promise<number> {
  const start = performance.now();
  await sql`SELECT 1`.execute(db);
  return Math.round((performance.now() - start) * 100) / 100;
}

/** Messages waiting in each dead-letter queue (pg-boss keeps them in state created). */
export async function deadLetterDepths(db: Db): Promise<Map<string, number>> {
  const names = QUEUE_NAMES.map(deadLetterQueue);
  const { rows } = await sql<{ name: string; depth: string }>`
    SELECT name, count(*) AS depth FROM pgboss.job
    WHERE name = ANY(${names}::text[]) AND state < 'active'
    GROUP BY name`.execute(db);
  return new Map(rows.map((r) => [r.name, n(r.depth)]));
}

/** Past this many pending tasks in a table, its depth is the planner's estimate, not a count. */
export const EXACT_DEPTH_LIMIT = 10_000;

/**
 * Tasks waiting in each pipeline table. Counting a deep queue costs a heap read per task (a busy
 * queue's pages are never all-visible): 80,000 pending crawl tasks took 760 ms. Up to
 * EXACT_DEPTH_LIMIT the depth is exact; past it, the planner's estimate (countUpTo).
 */
export async function pendingDepths(db: Db): Promise<{ crawl: number; transform: number }> {
  const pending = (table: 'crawl_tasks' | 'transform_tasks') =>
    countUpTo(db, db.selectFrom(table).where('status', '=', 'pending'), EXACT_DEPTH_LIMIT);
  const [crawl, transform] = await Promise.all([pending('crawl_tasks'), pending('transform_tasks')]);
  return { crawl: crawl.total, transform: transform.total };
}

/** Whether the newest sample is older than a minute (a call that does not show the depths counts them only then). */
export async function sampleDue(db: Db): Promise<boolean> {
  const { rows } = await sql<{ due: boolean }>`
    SELECT NOT EXISTS (SELECT 1 FROM dashboard_samples
                       WHERE sampled_at > now() - make_interval(secs => ${SAMPLE_EVERY_SECONDS})) AS due`.execute(db);
  return Boolean(rows[0]?.due);
}

/**
 * Records a sample (depths and a probe timing) when the newest is older than a minute. Called on
 * reads of the queue metrics, database status and system status, so an idle dashboard costs nothing.
 */
export async function recordSampleIfDue(
  db: Db,
  current: { crawl: number; transform: number; deadLetter: number; probeMs: number },
): Promise<boolean> {
  const { rows } = await sql<{ id: string }>`
    INSERT INTO dashboard_samples (crawl_depth, transform_depth, dead_letter_depth, db_probe_ms)
    SELECT ${current.crawl}, ${current.transform}, ${current.deadLetter}, ${current.probeMs}
    WHERE NOT EXISTS (SELECT 1 FROM dashboard_samples
                      WHERE sampled_at > now() - make_interval(secs => ${SAMPLE_EVERY_SECONDS}))
    RETURNING id`.execute(db);
  if (rows.length === 0) return false;
  await sql`DELETE FROM dashboard_samples WHERE sampled_at < now() - ${SAMPLE_RETENTION}::interval`.execute(db);
  return true;
}

/**
 * The sample to compare against: the one closest to 15 minutes ago among those 5 to 60 minutes
 * old. None means there is no history yet and the trend is stable.
 */
export async function baselineSample(db: Db) {
  const { rows } = await sql<{ crawl_depth: number; transform_depth: number }>`
    SELECT crawl_depth, transform_depth FROM dashboard_samples
    WHERE sampled_at BETWEEN now() - interval '60 minutes' AND now() - interval '5 minutes'
    ORDER BY abs(extract(epoch FROM sampled_at - (now() - interval '15 minutes'))), id DESC
    LIMIT 1`.execute(db);
  return rows[0];
}

export function depthTrend(depth: number, earlier: number | undefined) {
  if (earlier === undefined) return { depth, trend: 'stable' as const, change_percentage: 0 };
  const change = changePercentage(depth, earlier);
  return { depth, trend: trendOf(change), change_percentage: change };
}

/** Live workers per queue, from heartbeats younger than WORKER_ALIVE_SECONDS. */
export async function liveWorkers(db: Db): Promise<Map<string, number>> {
  return new Map([...(await liveWorkersByQueue(db))].map(([queue, w]) => [queue, w.workers]));
}

/** The worker processes alive now (heartbeats younger than WORKER_ALIVE_SECONDS) that crawl. */
export async function liveCrawlWorkers(db: Db): Promise<{ hostname: string; pid: number }[]> {
  return db
    .selectFrom('worker_heartbeats')
    .select(['hostname', 'pid'])
    .where(ALIVE)
    .where(sql<boolean>`'crawl' = ANY(queues)`)
    .orderBy('started_at')
    .execute();
}

/** Live workers per queue, and how many of them have stopped fetching it because it is paused. */
export async function liveWorkersByQueue(db: Db): Promise<Map<string, { workers: number; paused: number }>> {
  const { rows } = await sql<{ queue: string; workers: string; paused: string }>`
    SELECT q AS queue, count(*) AS workers, count(*) FILTER (WHERE q = ANY(paused_queues)) AS paused
    FROM worker_heartbeats, unnest(queues) AS q
    WHERE ${ALIVE}
    GROUP BY q`.execute(db);
  return new Map(rows.map((r) => [r.queue, { workers: n(r.workers), paused: n(r.paused) }]));
}

/** Processed tasks (completed + failed) of `kind` in the closed hours [from, to), from task_hour_totals. */
const rolledUp = (kind: 'crawl' | 'transform', from: RawSql, to: RawSql) => sql`
  (SELECT coalesce(sum(completed + failed), 0) FROM task_hour_totals
   WHERE kind = ${kind} AND hour >= ${from} AND hour < least(${to}, ${CURRENT_HOUR}))`;
/** Processed tasks of `table` finished in [from, to) and in the current hour or later, read live. */
const liveSince = (table: 'crawl_tasks' | 'transform_tasks', from: RawSql, to: RawSql) => sql`
  (SELECT count(*) FROM ${sql.table(table)}
   WHERE finished_at >= greatest(${from}, ${CURRENT_HOUR}) AND finished_at < ${to}
     AND status IN ('completed', 'failed'))`;
type RawSql = ReturnType<typeof sql>;

/**
 * Tasks a worker finished (completed or failed; skipped tasks were never processed) per hour for
 * the last 6 whole hours and per UTC day for the last 7 days, the current hour and day included.
 * Closed hours come from task_hour_totals, the current hour live.
 */
export async function throughput(db: Db) {
  await ensureTaskRollups(db);
  const bucket = (t: RawSql, step: RawSql) => {
    const end = sql`${t} + ${step}`;
    return sql`
      ${rolledUp('crawl', t, end)} + ${liveSince('crawl_tasks', t, end)} AS crawl,
      ${rolledUp('transform', t, end)} + ${liveSince('transform_tasks', t, end)} AS transform`;
  };
  const hourly = await sql<{ t: Date; crawl: string; transform: string }>`
    SELECT b.t, ${bucket(sql`b.t`, sql`interval '1 hour'`)}
    FROM generate_series(date_trunc('hour', now(), 'UTC') - interval '5 hours', date_trunc('hour', now(), 'UTC'),
                         interval '1 hour') AS b(t)
    ORDER BY b.t`.execute(db);
  const daily = await sql<{ d: string; crawl: string; transform: string }>`
    SELECT to_char(b.t AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS d, ${bucket(sql`b.t`, sql`interval '1 day'`)}
    FROM generate_series(date_trunc('day', now(), 'UTC') - interval '6 days', date_trunc('day', now(), 'UTC'),
                         interval '1 day') AS b(t)
    ORDER BY b.t`.execute(db);
  return {
    hourly_throughput: hourly.rows.map((r) => ({
      timestamp: new Date(r.t).toISOString(),
      crawl_tasks: n(r.crawl),
      transform_tasks: n(r.transform),
    })),
    daily_throughput: daily.rows.map((r) => ({ date: r.d, crawl_tasks: n(r.crawl), transform_tasks: n(r.transform) })),
  };
}

const PERIOD_INTERVAL: Record<JobStatsPeriod, string> = { '24h': '24 hours', '7d': '7 days', '30d': '30 days' };
/** Spec s4: a partially completed job counts as failed. */
const FAILED = sql`status IN ('failed', 'partially_completed')`;
const ENDED_AT = sql`coalesce(finished_at, updated_at)`;

/**
 * Job counts for the window [now - period, now) and the one before it. New jobs by created_at;
 * completed and failed by when they ended; active jobs are those running at the window's end
 * (now) against those running at its start (one period ago).
 */
export async function jobStats(db: Db, period: JobStatsPeriod) {
  const p = PERIOD_INTERVAL[period];
  const window = (from: ReturnType<typeof sql>, to: ReturnType<typeof sql>) => sql`
    SELECT
      count(*) FILTER (WHERE created_at >= ${from} AND created_at < ${to}) AS new_total,
      count(*) FILTER (WHERE created_at >= ${from} AND created_at < ${to} AND origin = 'manual') AS new_manual,
      count(*) FILTER (WHERE created_at >= ${from} AND created_at < ${to} AND origin = 'scheduled') AS new_scheduled,
      count(*) FILTER (WHERE status = 'completed' AND ${ENDED_AT} >= ${from} AND ${ENDED_AT} < ${to}) AS completed,
      count(*) FILTER (WHERE ${FAILED} AND ${ENDED_AT} >= ${from} AND ${ENDED_AT} < ${to}) AS failed,
      count(*) FILTER (WHERE started_at <= ${to} AND (finished_at IS NULL OR finished_at > ${to})
                       AND (finished_at IS NOT NULL OR status = 'active')) AS active
    FROM jobs WHERE created_at < ${to}`;
  const now = sql`now()`;
  const start = sql`now() - ${p}::interval`;
  const before = sql`now() - 2 * ${p}::interval`;
  const [cur, prev, reasons] = await Promise.all([
    window(start, now).execute(db),
    window(before, start).execute(db),
    sql<{ reason: string; count: string }>`
      SELECT coalesce(nullif(btrim(error), ''), 'Unknown') AS reason, count(*) AS count
      FROM jobs WHERE ${FAILED} AND ${ENDED_AT} >= ${start} AND ${ENDED_AT} < now()
      GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 10`.execute(db),
  ]);
  const c = cur.rows[0] as Record<string, string>;
  const q = prev.rows[0] as Record<string, string>;
  return {
    period,
    new_jobs: { total: n(c.new_total), manual: n(c.new_manual), scheduled: n(c.new_scheduled) },
    completed_jobs: n(c.completed),
    active_jobs: n(c.active),
    failed_jobs: { total: n(c.failed), by_reason: reasons.rows.map((r) => ({ reason: r.reason, count: n(r.count) })) },
    previous_period_change: {
      new_jobs_percentage: changePercentage(n(c.new_total), n(q.new_total)),
      completed_jobs_percentage: changePercentage(n(c.completed), n(q.completed)),
      failed_jobs_percentage: changePercentage(n(c.failed), n(q.failed)),
      active_jobs_percentage: changePercentage(n(c.active), n(q.active)),
    },
  };
}

/**
 * Failure rates over the last 24 hours, in percent with one decimal: failed tasks among tasks a
 * worker finished (completed or failed), failed LLM calls among calls made (ok or error). Task
 * counts: the closed hours wholly inside the window from task_hour_totals; the hour the window's start
 * cuts through and the current hour live.
 */
export async function errorRates(db: Db) {
  await ensureTaskRollups(db);
  const since = sql`now() - interval '24 hours'`;
  const firstWhole = sql`${CURRENT_HOUR} - interval '23 hours'`;
  const tasks = (kind: 'crawl' | 'transform', table: 'crawl_tasks' | 'transform_tasks') => sql`
    SELECT coalesce(sum(failed), 0) AS failed, coalesce(sum(completed + failed), 0) AS done
    FROM task_hour_totals WHERE kind = ${kind} AND hour >= ${firstWhole} AND hour < ${CURRENT_HOUR}
    UNION ALL
    SELECT count(*) FILTER (WHERE status = 'failed'), count(*)
    FROM ${sql.table(table)}
    WHERE status IN ('completed', 'failed')
      AND ((finished_at >= ${since} AND finished_at < ${firstWhole}) OR finished_at >= ${CURRENT_HOUR})`;
  const { rows } = await sql<Record<string, string>>`
    WITH c AS (${tasks('crawl', 'crawl_tasks')}), t AS (${tasks('transform', 'transform_tasks')})
    SELECT
      (SELECT sum(failed) FROM c) AS crawl_failed,
      (SELECT sum(done) FROM c) AS crawl_all,
      (SELECT sum(failed) FROM t) AS transform_failed,
      (SELECT sum(done) FROM t) AS transform_all,
      (SELECT count(*) FROM llm_calls WHERE created_at >= ${since} AND status = 'error') AS llm_failed,
      (SELECT count(*) FROM llm_calls WHERE created_at >= ${since} AND status IN ('ok', 'error')) AS llm_all`.execute(
    db,
  );
  const r = rows[0]!;
  return {
    crawl: percentOf(n(r.crawl_failed), n(r.crawl_all)),
    transform: percentOf(n(r.transform_failed), n(r.transform_all)),
    llm: percentOf(n(r.llm_failed), n(r.llm_all)),
  };
}

/** Average of the probe timings sampled in the last hour plus the probe just taken. */
export async function averageProbeMs(db: Db, current: number) {
  const { rows } = await sql<{ sum: number | null; count: string }>`
    SELECT sum(db_probe_ms) AS sum, count(*) AS count FROM dashboard_samples
    WHERE sampled_at > now() - interval '1 hour'`.execute(db);
  const count = n(rows[0]?.count) + 1;
  return { avg_response_time_ms: Math.round(((n(rows[0]?.sum) + current) / count) * 100) / 100, samples: count };
}

export const COUNTED_ENTITIES = ['users', 'jobs', 'crawl_tasks', 'transform_tasks', 'raw_data', 'knowledge'] as const;
/** Above this many rows (by the planner's estimate) a table's count is the estimate itself. */
export const EXACT_COUNT_LIMIT = 100_000;

/** Rows per table: exact below EXACT_COUNT_LIMIT, pg_class.reltuples (kept by ANALYZE) above. */
export async function recordCounts(db: Db) {
  const { rows } = await sql<{ relname: string; reltuples: number }>`
    SELECT relname, reltuples FROM pg_class
    WHERE relkind IN ('r', 'p') AND relnamespace = 'public'::regnamespace
      AND relname = ANY(${[...COUNTED_ENTITIES]}::text[])`.execute(db);
  const estimates = new Map(rows.map((r) => [r.relname, Number(r.reltuples)]));
  return Promise.all(
    COUNTED_ENTITIES.map(async (entity) => {
      const estimate = estimates.get(entity) ?? -1;
      if (estimate > EXACT_COUNT_LIMIT) return { entity, count: Math.round(estimate), estimated: true };
      const { rows: c } = await sql<{ count: string }>`SELECT count(*) AS count FROM ${sql.table(entity)}`.execute(db);
      return { entity, count: n(c[0]?.count), estimated: false };
    }),
  );
}

/**
 * pg_database_size walks every file of the database (about 100 ms at a few GB); storage usage
 * moves slowly, so one measurement serves this process for DATABASE_SIZE_CACHE_MS (after that the
 * last one is served while one new measurement runs).
 */
export const DATABASE_SIZE_CACHE_MS = 60_000;
const sizeCaches = new WeakMap<Db, TtlCache>();

export async function databaseSize(db: Db): Promise<{ bytes: number; version: string }> {
  let cache = sizeCaches.get(db);
  if (!cache) sizeCaches.set(db, (cache = new TtlCache(DATABASE_SIZE_CACHE_MS, 1)));
  return cache.remember('size', async () => {
    const { rows } = await sql<{ bytes: string; version: string }>`
      SELECT pg_database_size(current_database()) AS bytes, current_setting('server_version') AS version`.execute(db);
    return { bytes: n(rows[0]?.bytes), version: rows[0]?.version ?? 'unknown' };
  });
}

/** LLM calls in the last hour: made and failed, for the provider's health. */
export async function recentLlmCalls(db: Db) {
  const { rows } = await sql<{ failed: string; total: string }>`
    SELECT count(*) FILTER (WHERE status = 'error') AS failed, count(*) FILTER (WHERE status IN ('ok', 'error')) AS total
    FROM llm_calls WHERE created_at > now() - interval '1 hour'`.execute(db);
  return { failed: n(rows[0]?.failed), total: n(rows[0]?.total) };
}

export async function pausedQueues(db: Db): Promise<string[]> {
  return (await db.selectFrom('queue_pauses').select('queue').orderBy('queue').execute()).map((r) => r.queue);
}
