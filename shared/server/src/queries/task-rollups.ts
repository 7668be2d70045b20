import { sql } from 'kysely';
import type { Db } from '../db/database';

// Hourly rollups of task outcomes (migration 0013): task_hourly (crawl and transform tasks by
// domain and hour finished) and source_hourly (pages stored and live ideas by raw_data domain
// and hour created), plus source_daily (source_hourly and the transform rows per closed UTC day,
// for source performance's all-time totals) and crawl_daily (the crawl rows per closed UTC day,
// for the whole days of domain health's window). Only closed UTC hours are stored; the dashboard adds
// the current hour, and the hours a sliding window's edge cuts through, live from the task tables.
//
// Which hours are (re)computed: every closed hour of the last ROLLUP_DAYS days that has no row
// yet (an hour without any finished task has none, so it is looked at again each time: a cheap
// index probe), plus the last RECENT_HOURS closed hours always, for late updates. When a table
// holds no row at all (first run) every closed hour is computed, however old. Accepted
// staleness: an hour that already has rows and is older than RECENT_HOURS is not revisited, so a
// task retried or re-finished later (its finished_at moves to a new hour, the old hour still
// counts it), a page or task deleted, or an idea deleted or merged after its hour closed and the
// next one ended, leaves that hour's numbers as they were when it was computed.

/** Closed hours younger than this many days are computed when they have no row. */
export const ROLLUP_DAYS = 31;
/** The last this many closed hours are recomputed on every refresh. */
export const RECENT_HOURS = 2;
/** pg advisory lock key serialising refreshes across API processes and workers. */
const LOCK_KEY = 4_201_301;

/** Start of the current UTC hour: hours before it are closed and come from the rollup. */
export const CURRENT_HOUR = sql<Date>`date_trunc('hour', now(), 'UTC')`;

/**
 * The class of a failed crawl task: HTTP status classes first, then the error text (timeouts,
 * robots.txt, network errors), else 'Other'. Reads columns http_status and error.
 */
export const ERROR_TYPE = sql<string>`CASE
  WHEN http_status = 429 THEN 'HTTP 429'
  WHEN http_status BETWEEN 500 AND 599 THEN 'HTTP 5xx'
  WHEN http_status BETWEEN 400 AND 499 THEN 'HTTP 4xx'
  WHEN error ~* '(timeout|timed out|ETIMEDOUT|aborted)' THEN 'Timeout'
  WHEN error ~* 'robots' THEN 'Robots'
  WHEN error ~* '(ECONN|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|socket|network|fetch failed|dns|tls|certificate)' THEN 'Network'
  WHEN error ~* '^HTTP 429' THEN 'HTTP 429'
  WHEN error ~* '^HTTP 5' THEN 'HTTP 5xx'
  WHEN error ~* '^HTTP 4' THEN 'HTTP 4xx'
  ELSE 'Other' END`;

/** task_hourly's error columns and the error type each counts, in ERROR_TYPE's terms. */
export const ERROR_COLUMNS = [
  ['err_http_429', 'HTTP 429'],
  ['err_http_5xx', 'HTTP 5xx'],
  ['err_http_4xx', 'HTTP 4xx'],
  ['err_timeout', 'Timeout'],
  ['err_robots', 'Robots'],
  ['err_network', 'Network'],
  ['err_other', 'Other'],
] as const;

const FINISHED = sql`('completed', 'failed', 'skipped')`;

/**
 * The closed hours to compute for a rollup: `present` is a subquery answering whether hour `h`
 * already has a row. Returns hours as column h.
 */
const targetHours = (present: ReturnType<typeof sql>) => sql`
  SELECT h FROM generate_series(${CURRENT_HOUR} - make_interval(days => ${ROLLUP_DAYS}),
                                ${CURRENT_HOUR} - interval '1 hour', interval '1 hour') AS g(h)
  WHERE h >= ${CURRENT_HOUR} - make_interval(hours => ${RECENT_HOURS}) OR NOT EXISTS (${present})`;

/**
 * Rows of the source table whose `col` falls in a target hour, or (backfill) in any closed hour.
 * The join form makes one finished_at/created_at index range scan per target hour.
 */
const inHours = (backfill: boolean, col: ReturnType<typeof sql>, target: ReturnType<typeof sql>) =>
  backfill
    ? sql`WHERE ${col} < ${CURRENT_HOUR}`
    : sql`JOIN (${target}) AS target ON ${col} >= target.h AND ${col} < target.h + interval '1 hour' WHERE true`;

async function isEmpty(
  db: Db,
  table: 'task_hourly' | 'task_hour_totals' | 'source_hourly' | 'source_daily',
  kind?: 'crawl' | 'transform',
) {
  const { rows } = await sql<{ empty: boolean }>`
    SELECT NOT EXISTS (SELECT 1 FROM ${sql.table(table)} ${kind ? sql`WHERE kind = ${kind}` : sql``}) AS empty`.execute(
    db,
  );
  return rows[0]?.empty ?? true;
}

/** Returns the hours it wrote or deleted. */
async function refreshCrawl(db: Db): Promise<Date[]> {
  const backfill = await isEmpty(db, 'task_hourly', 'crawl');
  const target = targetHours(sql`SELECT 1 FROM task_hourly WHERE kind = 'crawl' AND hour = g.h`);
  const errors = ERROR_COLUMNS.map(([, type]) => sql`count(*) FILTER (WHERE status = 'failed' AND etype = ${type})`);
  const { rows } = await sql<{ hour: Date }>`
    WITH src AS (
      SELECT 'crawl'::text AS kind, date_trunc('hour', finished_at, 'UTC') AS hour, domain,
             count(*) FILTER (WHERE status = 'completed') AS completed,
             count(*) FILTER (WHERE status = 'failed') AS failed,
             count(*) FILTER (WHERE status = 'skipped') AS skipped,
             coalesce(sum(greatest(attempts - 1, 0)), 0) AS retries,
             0 AS items,
             ${sql.join(errors)},
             min(finished_at) FILTER (WHERE status = 'failed') AS failed_first,
             max(finished_at) FILTER (WHERE status = 'failed') AS failed_last
      FROM (SELECT t.domain, t.status, t.attempts, t.finished_at,
                   CASE WHEN t.status = 'failed' THEN ${ERROR_TYPE} END AS etype
            FROM crawl_tasks t ${inHours(backfill, sql`t.finished_at`, target)}
              AND t.status IN ${FINISHED}) AS f
      GROUP BY 2, 3
    ), gone AS (
      DELETE FROM task_hourly d
      WHERE d.kind = 'crawl' AND d.hour IN (${target})
        AND NOT EXISTS (SELECT 1 FROM src WHERE src.hour = d.hour AND src.domain = d.domain)
      RETURNING d.hour
    ), written AS (
    INSERT INTO task_hourly (kind, hour, domain, completed, failed, skipped, retries, items,
                             ${sql.join(ERROR_COLUMNS.map(([c]) => sql.ref(c)))}, failed_first, failed_last)
    SELECT * FROM src
    ON CONFLICT (kind, hour, domain) DO UPDATE SET
      completed = excluded.completed, failed = excluded.failed, skipped = excluded.skipped,
      retries = excluded.retries, items = excluded.items,
      ${sql.join(ERROR_COLUMNS.map(([c]) => sql`${sql.ref(c)} = excluded.${sql.ref(c)}`))},
      failed_first = excluded.failed_first, failed_last = excluded.failed_last
    RETURNING hour
    )
    SELECT DISTINCT hour FROM (SELECT hour FROM gone UNION ALL SELECT hour FROM written) AS touched`.execute(db);
  return rows.map((r) => r.hour);
}

/** Returns the hours it wrote or deleted. */
async function refreshTransform(db: Db): Promise<Date[]> {
  const backfill = await isEmpty(db, 'task_hourly', 'transform');
  const target = targetHours(sql`SELECT 1 FROM task_hourly WHERE kind = 'transform' AND hour = g.h`);
  const { rows } = await sql<{ hour: Date }>`
    WITH src AS (
      SELECT 'transform'::text AS kind, date_trunc('hour', t.finished_at, 'UTC') AS hour, r.domain,
             count(*) FILTER (WHERE t.status = 'completed') AS completed,
             count(*) FILTER (WHERE t.status = 'failed') AS failed,
             count(*) FILTER (WHERE t.status = 'skipped') AS skipped,
             coalesce(sum(greatest(t.attempts - 1, 0)), 0) AS retries,
             count(*) FILTER (WHERE t.items_created >= 1) AS items
      FROM transform_tasks t JOIN raw_data r ON r.id = t.raw_data_id
        ${inHours(backfill, sql`t.finished_at`, target)}
        AND t.status IN ${FINISHED}
      GROUP BY 2, 3
    ), gone AS (
      DELETE FROM task_hourly d
      WHERE d.kind = 'transform' AND d.hour IN (${target})
        AND NOT EXISTS (SELECT 1 FROM src WHERE src.hour = d.hour AND src.domain = d.domain)
      RETURNING d.hour
    ), written AS (
    INSERT INTO task_hourly (kind, hour, domain, completed, failed, skipped, retries, items)
    SELECT * FROM src
    ON CONFLICT (kind, hour, domain) DO UPDATE SET
      completed = excluded.completed, failed = excluded.failed, skipped = excluded.skipped,
      retries = excluded.retries, items = excluded.items
    RETURNING hour
    )
    SELECT DISTINCT hour FROM (SELECT hour FROM gone UNION ALL SELECT hour FROM written) AS touched`.execute(db);
  return rows.map((r) => r.hour);
}

/** Returns the hours it wrote or deleted. */
async function refreshSources(db: Db): Promise<Date[]> {
  const backfill = await isEmpty(db, 'source_hourly');
  const target = targetHours(sql`SELECT 1 FROM source_hourly WHERE hour = g.h`);
  const { rows } = await sql<{ hour: Date }>`
    WITH src AS (
      SELECT hour, domain, sum(pages) AS pages, sum(ideas) AS ideas, sum(profit_sum) AS profit_sum,
             sum(profit_count) AS profit_count
      FROM (
        SELECT date_trunc('hour', r.created_at, 'UTC') AS hour, r.domain, count(*) AS pages, 0 AS ideas,
               0::numeric AS profit_sum, 0 AS profit_count
        FROM raw_data r ${inHours(backfill, sql`r.created_at`, target)} AND r.domain <> ''
        GROUP BY 1, 2
        UNION ALL
        SELECT date_trunc('hour', k.created_at, 'UTC'), r.domain, 0, count(*), coalesce(sum(k.profit_score), 0),
               count(k.profit_score)
        FROM knowledge k JOIN raw_data r ON r.id = k.raw_data_id
          ${inHours(backfill, sql`k.created_at`, target)}
          AND k.deleted_at IS NULL AND k.merged_into_id IS NULL AND r.domain <> ''
        GROUP BY 1, 2
      ) AS parts
      GROUP BY 1, 2
    ), gone AS (
      DELETE FROM source_hourly d
      WHERE d.hour IN (${target})
        AND NOT EXISTS (SELECT 1 FROM src WHERE src.hour = d.hour AND src.domain = d.domain)
      RETURNING d.hour
    ), written AS (
    INSERT INTO source_hourly (hour, domain, pages, ideas, profit_sum, profit_count)
    SELECT * FROM src
    ON CONFLICT (hour, domain) DO UPDATE SET
      pages = excluded.pages, ideas = excluded.ideas, profit_sum = excluded.profit_sum,
      profit_count = excluded.profit_count
    RETURNING hour
    )
    SELECT DISTINCT hour FROM (SELECT hour FROM gone UNION ALL SELECT hour FROM written) AS touched`.execute(db);
  return rows.map((r) => r.hour);
}

/** Start of the current UTC day: days before it are closed. */
const TODAY = sql<Date>`date_trunc('day', now(), 'UTC')`;

/**
 * Recomputes source_daily for the closed days of the hours in `touched` (just rewritten) and
 * the closed days of the last ROLLUP_DAYS days without a row; every closed day on first run.
 */
async function refreshDaily(db: Db, touched: Date[]) {
  const backfill = await isEmpty(db, 'source_daily');
  const days = backfill
    ? sql`SELECT DISTINCT date_trunc('day', hour, 'UTC') AS d FROM source_hourly
          UNION SELECT DISTINCT date_trunc('day', hour, 'UTC') FROM task_hourly WHERE kind = 'transform'`
    : sql`SELECT DISTINCT date_trunc('day', h, 'UTC') AS d FROM unnest(${touched}::timestamptz[]) AS t(h)
          UNION
          SELECT g.d FROM generate_series(${TODAY} - make_interval(days => ${ROLLUP_DAYS}), ${TODAY} - interval '1 day',
                                          interval '1 day') AS g(d)
          WHERE NOT EXISTS (SELECT 1 FROM source_daily WHERE day = g.d)`;
  await sql`
    WITH days AS (SELECT d FROM (${days}) AS all_days WHERE d < ${TODAY}),
    src AS (
      SELECT d AS day, domain, sum(pages) AS pages, sum(ideas) AS ideas, sum(profit_sum) AS profit_sum,
             sum(profit_count) AS profit_count, sum(transforms) AS transforms, sum(productive) AS productive
      FROM (
        SELECT days.d, s.domain, s.pages, s.ideas, s.profit_sum, s.profit_count, 0 AS transforms, 0 AS productive
        FROM days JOIN source_hourly s ON s.hour >= days.d AND s.hour < days.d + interval '1 day'
        UNION ALL
        SELECT days.d, t.domain, 0, 0, 0, 0, t.completed + t.failed + t.skipped, t.items
        FROM days JOIN task_hourly t
          ON t.kind = 'transform' AND t.hour >= days.d AND t.hour < days.d + interval '1 day'
      ) AS parts
      GROUP BY 1, 2
    ), gone AS (
      DELETE FROM source_daily x
      WHERE x.day IN (SELECT d FROM days)
        AND NOT EXISTS (SELECT 1 FROM src WHERE src.day = x.day AND src.domain = x.domain)
    )
    INSERT INTO source_daily (day, domain, pages, ideas, profit_sum, profit_count, transforms, productive)
    SELECT * FROM src
    ON CONFLICT (day, domain) DO UPDATE SET
      pages = excluded.pages, ideas = excluded.ideas, profit_sum = excluded.profit_sum,
      profit_count = excluded.profit_count, transforms = excluded.transforms, productive = excluded.productive`.execute(
    db,
  );
}

/**
 * Recomputes crawl_daily (task_hourly's crawl rows per closed UTC day, migration 0016) for the
 * closed days of the crawl hours in `touched` (just rewritten) and the closed days of the last
 * ROLLUP_DAYS days without a row.
 */
async function refreshCrawlDaily(db: Db, touched: Date[]) {
  const counts = ['completed', 'failed', 'skipped', 'retries', ...ERROR_COLUMNS.map(([c]) => c)];
  await sql`
    WITH days AS (
      SELECT d FROM (
        SELECT DISTINCT date_trunc('day', h, 'UTC') AS d FROM unnest(${touched}::timestamptz[]) AS t(h)
        UNION
        SELECT g.d FROM generate_series(${TODAY} - make_interval(days => ${ROLLUP_DAYS}), ${TODAY} - interval '1 day',
                                        interval '1 day') AS g(d)
        WHERE NOT EXISTS (SELECT 1 FROM crawl_daily WHERE day = g.d)
      ) AS all_days
      WHERE d < ${TODAY}
    ), src AS (
      SELECT days.d AS day, t.domain, ${sql.join(counts.map((c) => sql`sum(t.${sql.ref(c)})`))}
      FROM days JOIN task_hourly t ON t.kind = 'crawl' AND t.hour >= days.d AND t.hour < days.d + interval '1 day'
      GROUP BY 1, 2
    ), gone AS (
      DELETE FROM crawl_daily x
      WHERE x.day IN (SELECT d FROM days)
        AND NOT EXISTS (SELECT 1 FROM src WHERE src.day = x.day AND src.domain = x.domain)
    )
    INSERT INTO crawl_daily (day, domain, ${sql.join(counts.map((c) => sql.ref(c)))})
    SELECT * FROM src
    ON CONFLICT (day, domain) DO UPDATE SET
      ${sql.join(counts.map((c) => sql`${sql.ref(c)} = excluded.${sql.ref(c)}`))}`.execute(db);
}

/**
 * Recomputes task_hour_totals (task_hourly summed over domains) for the `touched` hours of `kind`
 * (just rewritten); every hour on first run.
 */
async function refreshTotals(db: Db, kind: 'crawl' | 'transform', touched: Date[]) {
  const backfill = await isEmpty(db, 'task_hour_totals', kind);
  const hours = backfill
    ? sql`SELECT DISTINCT hour AS h FROM task_hourly WHERE kind = ${kind}`
    : sql`SELECT unnest(${touched}::timestamptz[]) AS h`;
  await sql`
    WITH hours AS (${hours}),
    src AS (
      SELECT ${kind}::text AS kind, t.hour, sum(t.completed) AS completed, sum(t.failed) AS failed,
             sum(t.skipped) AS skipped
      FROM hours JOIN task_hourly t ON t.kind = ${kind} AND t.hour = hours.h
      GROUP BY t.hour
    ), gone AS (
      DELETE FROM task_hour_totals x
      WHERE x.kind = ${kind} AND x.hour IN (SELECT h FROM hours)
        AND NOT EXISTS (SELECT 1 FROM src WHERE src.hour = x.hour)
    )
    INSERT INTO task_hour_totals (kind, hour, completed, failed, skipped)
    SELECT * FROM src
    ON CONFLICT (kind, hour) DO UPDATE SET
      completed = excluded.completed, failed = excluded.failed, skipped = excluded.skipped`.execute(db);
}

/**
 * True when the rollups were not brought up to date during the current UTC hour (or never): only
 * then can a closed hour be missing. An hour without finished tasks has no rows, so rows alone
 * cannot tell an idle hour from a missing one; task_rollup_refreshes remembers the refresh.
 */
export async function rollupsBehind(db: Db): Promise<boolean> {
  const { rows } = await sql<{ behind: boolean }>`
    SELECT NOT EXISTS (
      SELECT 1 FROM task_rollup_refreshes WHERE refreshed_hour >= ${CURRENT_HOUR}
    ) AS behind`.execute(db);
  return rows[0]?.behind ?? true;
}

/**
 * (Re)computes the rollups' missing and recent closed hours (see the top of this file), one
 * statement per table, in one transaction under an advisory lock so concurrent callers (API
 * processes, workers) wait for each other instead of doing the same work twice. With
 * `onlyIfBehind` a caller that waited finds the work done and returns at once.
 */
export async function refreshTaskRollups(db: Db, o: { onlyIfBehind?: boolean } = {}): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${LOCK_KEY})`.execute(trx);
    if (o.onlyIfBehind && !(await rollupsBehind(trx))) return false;
    const crawls = await refreshCrawl(trx);
    await refreshTotals(trx, 'crawl', crawls);
    await refreshCrawlDaily(trx, crawls);
    const transforms = await refreshTransform(trx);
    await refreshTotals(trx, 'transform', transforms);
    await refreshDaily(trx, [...transforms, ...(await refreshSources(trx))]);
    await sql`
      INSERT INTO task_rollup_refreshes (id, refreshed_hour) VALUES (true, ${CURRENT_HOUR})
      ON CONFLICT (id) DO UPDATE SET refreshed_hour = excluded.refreshed_hour`.execute(trx);
    return true;
  });
}

/** The dashboard's lazy path: refresh first when the latest closed hour is not rolled up yet. */
export async function ensureTaskRollups(db: Db): Promise<void> {
  if (await rollupsBehind(db)) await refreshTaskRollups(db, { onlyIfBehind: true });
}
