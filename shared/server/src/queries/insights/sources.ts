import { sql } from 'kysely';
import type {
  CRAWL_ERROR_TYPES,
  DomainHealth,
  SourcePerformance,
  SourcePerformanceQuery,
} from '@ideamine/shared/contract/dashboard-insights';
import { changePercentage, trendOf } from '@ideamine/shared/trend';
import type { Db } from '../../db/database';
import { nearestDay } from '../created-windows';
import { CURRENT_HOUR, ensureTaskRollups, ERROR_COLUMNS, ERROR_TYPE } from '../task-rollups';

// Data Sources tab of the admin dashboard (spec s2): how much each crawled domain yields and how
// healthy crawling it is. One function per widget, each a handful of grouped scans.

/**
 * Per raw_data domain: pages stored (data_volume), the share of its finished transform tasks
 * that created at least one item, live ideas per page and their mean profit score, and the
 * trend of pages stored in the last 7 days against the 7 before. Closed hours come from the
 * rollups (task_hourly, source_hourly), the current hour and the window edges' hours live.
 */
export async function sourcePerformance(db: Db, q: SourcePerformanceQuery): Promise<SourcePerformance> {
  await ensureTaskRollups(db);
  const direction = sql.raw(q.order === 'asc' ? 'ASC' : 'DESC');
  const { rows } = await sql<{
    domain: string;
    data_volume: number;
    recent: number;
    previous: number;
    knowledge_extraction_rate: number;
    idea_generation_rate: number;
    avg_profit_potential: number;
  }>`
    WITH parts AS (
      -- Closed days.
      SELECT domain, pages,
             CASE WHEN day >= ${ceilDay(RECENT_FROM)} THEN pages ELSE 0 END AS recent,
             CASE WHEN day >= ${ceilDay(PREVIOUS_FROM)} AND day < ${PREVIOUS_TO_DAY}
                  THEN pages ELSE 0 END AS previous,
             ideas, profit_sum, profit_count, transforms, productive
      FROM source_daily WHERE day < ${ONCE.TODAY}
      UNION ALL
      -- Today's closed hours.
      SELECT domain, pages, pages, 0, ideas, profit_sum, profit_count, 0, 0
      FROM source_hourly WHERE hour >= ${ONCE.TODAY} AND hour < ${ONCE.CH}
      UNION ALL
      SELECT domain, 0, 0, 0, 0, 0, 0, completed + failed + skipped, items
      FROM task_hourly WHERE kind = 'transform' AND hour >= ${ONCE.TODAY} AND hour < ${ONCE.CH}
      UNION ALL
      -- The closed hours of the days the trend windows start or end in (pages are in the days).
      SELECT domain, 0,
             CASE WHEN hour >= ${ONCE.RECENT_FROM} THEN pages ELSE 0 END,
             CASE WHEN hour < ${ONCE.RECENT_FROM} THEN pages ELSE 0 END,
             0, 0, 0, 0, 0
      FROM source_hourly
      WHERE hour < ${ONCE.TODAY}
        AND ((hour >= ${ONCE.RECENT_FROM} AND hour < ${ceilDay(RECENT_FROM)})
             OR (hour >= ${ONCE.PREVIOUS_FROM} AND hour < ${ceilDay(PREVIOUS_FROM)})
             OR (hour >= ${PREVIOUS_TO_DAY} AND hour < ${ONCE.PREVIOUS_TO}))
      UNION ALL
      -- Live: pages of the current hour, and of the hours the 7- and 14-day edges cut (trend only).
      SELECT domain, (created_at >= ${CH})::int,
             (created_at >= now() - interval '7 days')::int,
             (created_at >= now() - interval '14 days' AND created_at < now() - interval '7 days')::int,
             0, 0, 0, 0, 0
      FROM raw_data
      WHERE domain <> ''
        AND (created_at >= ${CH}
             OR (created_at >= ${PREVIOUS_TO} AND created_at < ${RECENT_FROM})
             OR (created_at >= ${PREVIOUS_FROM} - interval '1 hour' AND created_at < ${PREVIOUS_FROM}))
      UNION ALL
      -- Live: transform tasks finished and ideas created in the current hour.
      SELECT r.domain, 0, 0, 0, 0, 0, 0, 1, (t.items_created >= 1)::int
      FROM transform_tasks t JOIN raw_data r ON r.id = t.raw_data_id
      WHERE t.finished_at >= ${CH} AND t.status IN ('completed', 'failed', 'skipped')
      UNION ALL
      SELECT r.domain, 0, 0, 0, 1, coalesce(k.profit_score, 0), (k.profit_score IS NOT NULL)::int, 0, 0
      FROM knowledge k JOIN raw_data r ON r.id = k.raw_data_id
      WHERE k.created_at >= ${CH} AND k.deleted_at IS NULL AND k.merged_into_id IS NULL
    ), sums AS (
      SELECT domain, sum(pages) AS data_volume, sum(recent) AS recent, sum(previous) AS previous,
             sum(ideas) AS ideas, sum(profit_sum) / nullif(sum(profit_count), 0) AS avg_profit,
             sum(transforms) AS finished, sum(productive) AS productive
      FROM parts
      GROUP BY domain
    ), raw AS (
      SELECT domain, data_volume, recent, previous FROM sums WHERE data_volume > 0
    ), transforms AS (
      SELECT domain, finished, productive FROM sums
    ), ideas AS (
      SELECT domain, ideas, avg_profit FROM sums
    ), joined AS (
      SELECT raw.domain, raw.data_volume, raw.recent, raw.previous,
             coalesce(round(100.0 * t.productive / nullif(t.finished, 0), 1), 0) AS knowledge_extraction_rate,
             round(100.0 * coalesce(i.ideas, 0) / raw.data_volume, 1) AS idea_generation_rate,
             coalesce(round(i.avg_profit, 2), 0) AS avg_profit_potential
      FROM raw LEFT JOIN transforms t USING (domain) LEFT JOIN ideas i USING (domain)
    )
    SELECT * FROM joined
    ORDER BY ${sql.ref(q.sort)} ${direction}, domain
    LIMIT ${q.limit}`.execute(db);
  return {
    sources: rows.map((r) => ({
      domain: r.domain,
      data_volume: r.data_volume,
      knowledge_extraction_rate: r.knowledge_extraction_rate,
      idea_generation_rate: r.idea_generation_rate,
      avg_profit_potential: r.avg_profit_potential,
      trend: trendOf(changePercentage(r.recent, r.previous)),
    })),
  };
}

/** Crawl tasks finished within this many days make up a domain's health. */
export const HEALTH_WINDOW_DAYS = 7;
/** Below this success rate, with at least PERSISTENT_MIN_TASKS finished tasks, a domain has persistent issues. */
export const PERSISTENT_SUCCESS_RATE = 50;
export const PERSISTENT_MIN_TASKS = 5;
/** ...as it has when it failed in each of the last this many 24-hour periods. */
export const PERSISTENT_FAILURE_DAYS = 3;

const CH = CURRENT_HOUR;
const TODAY = sql<Date>`date_trunc('day', now(), 'UTC')`;
/** The first closed hour wholly inside the last 7 days, and inside the 7 days before them. */
const RECENT_FROM = sql<Date>`(${CH} - interval '7 days' + interval '1 hour')`;
const PREVIOUS_FROM = sql<Date>`(${CH} - interval '14 days' + interval '1 hour')`;
/** The hour the 7-day edge cuts: the previous window's closed hours end before it. */
const PREVIOUS_TO = sql<Date>`(${CH} - interval '7 days')`;
// The day boundaries below are scalar subqueries, computed once per query (an InitPlan) instead
// of once per rollup row they are compared with (date_trunc with a time zone is not free). The
// plain expressions above stay as they are: the planner estimates ranges on the task tables
// from their values, which it cannot do for a subquery.
const PREVIOUS_TO_DAY = sql<Date>`(SELECT date_trunc('day', ${PREVIOUS_TO}, 'UTC'))`;
/** The same boundaries computed once, for conditions and sums over rollup rows. */
const ONCE = {
  CH: sql<Date>`(SELECT ${CH})`,
  TODAY: sql<Date>`(SELECT ${TODAY})`,
  RECENT_FROM: sql<Date>`(SELECT ${RECENT_FROM})`,
  PREVIOUS_FROM: sql<Date>`(SELECT ${PREVIOUS_FROM})`,
  PREVIOUS_TO: sql<Date>`(SELECT ${PREVIOUS_TO})`,
};
/** The first UTC midnight at or after an hour. */
const ceilDay = (hour: ReturnType<typeof sql>) => sql`(SELECT date_trunc('day', ${hour} + interval '23 hours', 'UTC'))`;
const DAY = 86_400;

/** The first closed hour wholly inside the health window, and the UTC midnight nearest to it. */
const HEALTH_FROM = sql<Date>`(SELECT ${CH} - make_interval(days => ${HEALTH_WINDOW_DAYS}) + interval '1 hour')`;
const HEALTH_FROM_DAY = nearestDay(HEALTH_FROM);
/** The health window's closed hours, part one (crawl_daily): the days from that midnight to yesterday. */
const WINDOW_DAYS = sql`day >= ${HEALTH_FROM_DAY} AND day < ${ONCE.TODAY}`;
/**
 * Part two (task_hourly, at most 12 + 23 hours): the hours between the window's first hour and
 * that midnight, added when the midnight is later and subtracted (EDGE_SIGN) when it is earlier,
 * and today's closed hours.
 */
const EDGE_HOURS = sql`((hour >= least(${HEALTH_FROM}, ${HEALTH_FROM_DAY}) AND hour < greatest(${HEALTH_FROM}, ${HEALTH_FROM_DAY}))
  OR (hour >= ${ONCE.TODAY} AND hour < ${ONCE.CH}))`;
const EDGE_SIGN = sql`CASE WHEN hour >= ${ONCE.TODAY} OR ${HEALTH_FROM} < ${HEALTH_FROM_DAY} THEN 1 ELSE -1 END`;

/**
 * The live part of the health window: crawl tasks finished in the hour its start (now - 7 days)
 * cuts through, and in the current hour or later. The closed hours wholly inside come from
 * crawl_daily (WINDOW_DAYS) and task_hourly (EDGE_HOURS).
 */
const LIVE_EDGES = sql`((finished_at >= now() - make_interval(days => ${HEALTH_WINDOW_DAYS})
    AND finished_at < ${CH} - make_interval(days => ${HEALTH_WINDOW_DAYS}) + interval '1 hour')
  OR finished_at >= ${CH})`;

/**
 * Per domain with crawl tasks finished in the last 7 days: success rate (completed out of
 * completed + failed; skipped tasks, e.g. off-scope links, are neither, so a domain with only
 * skipped tasks stands at 100), failed tasks by error type, retries (attempts beyond the first)
 * and whether its problems persist. Persistent-issue domains come first, then the lowest
 * success rate. `issuesOnly` keeps domains with at least one failure.
 */
export async function domainHealth(db: Db, limit: number, issuesOnly: boolean): Promise<DomainHealth> {
  await ensureTaskRollups(db);
  const { rows } = await sql<{
    domain: string;
    success_rate: number;
    retry_count: number;
    has_persistent_issues: boolean;
  }>`
    WITH parts AS (
      -- Closed hours of the window: whole days, corrected by the hours at its edges.
      SELECT domain, sum(completed) AS completed, sum(failed) AS failed, sum(retries) AS retry, NULL::numeric AS failing_day
      FROM crawl_daily WHERE ${WINDOW_DAYS}
      GROUP BY domain
      UNION ALL
      SELECT domain, sum(${EDGE_SIGN} * completed), sum(${EDGE_SIGN} * failed), sum(${EDGE_SIGN} * retries), NULL
      FROM task_hourly WHERE kind = 'crawl' AND ${EDGE_HOURS}
      GROUP BY domain
      UNION ALL
      -- Their failing days: an hour holds at most two 24-hour periods, those of its first and its
      -- last failure.
      SELECT DISTINCT h.domain, 0, 0, 0, floor(extract(epoch FROM now() - f.at) / ${DAY})
      FROM task_hourly h CROSS JOIN LATERAL (VALUES (h.failed_first), (h.failed_last)) AS f(at)
      WHERE h.kind = 'crawl' AND h.failed > 0
        AND h.hour >= ${ONCE.CH} - make_interval(days => ${PERSISTENT_FAILURE_DAYS}) AND h.hour < ${ONCE.CH}
        AND f.at >= now() - make_interval(days => ${PERSISTENT_FAILURE_DAYS})
      UNION ALL
      -- Live: the window's first (cut) hour and the current hour, summed per domain and failing day.
      SELECT domain, count(*) FILTER (WHERE status = 'completed'), count(*) FILTER (WHERE status = 'failed'),
             sum(greatest(attempts - 1, 0)),
             CASE WHEN status = 'failed' AND finished_at >= now() - make_interval(days => ${PERSISTENT_FAILURE_DAYS})
                  THEN floor(extract(epoch FROM now() - finished_at) / ${DAY}) END
      FROM crawl_tasks
      WHERE ${LIVE_EDGES} AND status IN ('completed', 'failed', 'skipped')
      GROUP BY 1, 5
      UNION ALL
      -- A failure exactly at the failing-days edge sits between an hour's first and last.
      SELECT domain, 0, 0, 0, ${PERSISTENT_FAILURE_DAYS}
      FROM crawl_tasks
      WHERE finished_at = now() - make_interval(days => ${PERSISTENT_FAILURE_DAYS}) AND status = 'failed'
    ), finished AS (
      SELECT domain, sum(completed) AS completed, sum(failed) AS failed, coalesce(sum(retry), 0) AS retry_count,
             count(DISTINCT failing_day) AS failing_days
      FROM parts
      GROUP BY domain
    ), rated AS (
      SELECT domain, failed, retry_count,
             coalesce(round(100.0 * completed / nullif(completed + failed, 0), 1), 100) AS success_rate,
             coalesce(
               completed + failed >= ${PERSISTENT_MIN_TASKS}
                 AND 100.0 * completed / nullif(completed + failed, 0) < ${PERSISTENT_SUCCESS_RATE},
               false
             ) OR failing_days >= ${PERSISTENT_FAILURE_DAYS} AS has_persistent_issues
      FROM finished
    )
    SELECT domain, success_rate, retry_count, has_persistent_issues FROM rated
    ${issuesOnly ? sql`WHERE failed > 0 OR has_persistent_issues` : sql``}
    ORDER BY has_persistent_issues DESC, success_rate ASC, domain
    LIMIT ${limit}`.execute(db);
  const errors = await crawlErrorTypes(
    db,
    rows.map((r) => r.domain),
  );
  return {
    domains: rows.map((r) => ({
      domain: r.domain,
      success_rate: r.success_rate,
      error_types: errors.get(r.domain) ?? [],
      retry_count: r.retry_count,
      has_persistent_issues: r.has_persistent_issues,
    })),
  };
}

type ErrorType = (typeof CRAWL_ERROR_TYPES)[number];

/**
 * Failed crawl tasks of the health window per domain and error type, most frequent first: the
 * rollups' error columns for closed days and hours, classified live (ERROR_TYPE) for the edge hours.
 */
export async function crawlErrorTypes(db: Db, domains: string[]) {
  const byDomain = new Map<string, { type: ErrorType; count: number }[]>();
  if (domains.length === 0) return byDomain;
  const types = ERROR_COLUMNS.map(([column, type]) => sql`(${type}, h.${sql.ref(column)})`);
  const { rows } = await sql<{ domain: string; type: ErrorType; count: number }>`
    SELECT domain, type, sum(count) AS count
    FROM (
      SELECT h.domain, e.type, e.count
      FROM crawl_daily h CROSS JOIN LATERAL (VALUES ${sql.join(types)}) AS e(type, count)
      WHERE h.domain = ANY(${domains}::text[]) AND h.failed > 0 AND ${WINDOW_DAYS} AND e.count > 0
      UNION ALL
      SELECT h.domain, e.type, ${EDGE_SIGN} * e.count
      FROM task_hourly h CROSS JOIN LATERAL (VALUES ${sql.join(types)}) AS e(type, count)
      WHERE h.kind = 'crawl' AND h.domain = ANY(${domains}::text[]) AND h.failed > 0 AND ${EDGE_HOURS}
        AND e.count > 0
      UNION ALL
      SELECT domain, ${ERROR_TYPE}, 1
      FROM crawl_tasks
      WHERE domain = ANY(${domains}::text[]) AND status = 'failed' AND ${LIVE_EDGES}
    ) AS failures
    GROUP BY 1, 2
    HAVING sum(count) > 0
    ORDER BY count DESC, type`.execute(db);
  for (const r of rows) {
    const list = byDomain.get(r.domain) ?? [];
    list.push({ type: r.type, count: r.count });
    byDomain.set(r.domain, list);
  }
  return byDomain;
}
