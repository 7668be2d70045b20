import { sql } from 'kysely';
import type {
  CRAWL_ERROR_TYPES,
  DomainHealth,
  SourcePerformance,
  SourcePerformanceQuery,
} from '@ideamine/shared/contract/dashboard-insights';
import { changePercentage, trendOf } from '@ideamine/shared/trend';
import type { Db } from '../../db/database';

// Data Sources tab of the admin dashboard (spec s2): how much each crawled domain yields and how
// healthy crawling it is. One function per widget, each a handful of grouped scans.

/**
 * Per raw_data domain: pages stored (data_volume), the share of its finished transform tasks
 * that created at least one item, live ideas per page and their mean profit score, and the
 * trend of pages stored in the last 7 days against the 7 before.
 */
export async function sourcePerformance(db: Db, q: SourcePerformanceQuery): Promise<SourcePerformance> {
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
    WITH raw AS (
      SELECT domain, count(*) AS data_volume,
             count(*) FILTER (WHERE created_at >= now() - interval '7 days') AS recent,
             count(*) FILTER (WHERE created_at >= now() - interval '14 days'
                                AND created_at < now() - interval '7 days') AS previous
      FROM raw_data WHERE domain <> ''
      GROUP BY domain
    ), transforms AS (
      SELECT r.domain, count(*) AS finished, count(*) FILTER (WHERE t.items_created >= 1) AS productive
      FROM transform_tasks t JOIN raw_data r ON r.id = t.raw_data_id
      WHERE t.status IN ('completed', 'failed', 'skipped')
      GROUP BY r.domain
    ), ideas AS (
      SELECT r.domain, count(*) AS ideas, avg(k.profit_score) AS avg_profit
      FROM knowledge k JOIN raw_data r ON r.id = k.raw_data_id
      WHERE k.deleted_at IS NULL AND k.merged_into_id IS NULL
      GROUP BY r.domain
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

/**
 * The class of a failed crawl task: HTTP status classes first, then the error text (timeouts,
 * robots.txt, network errors), else 'Other'. Kept in SQL so the grouping can move to a rollup.
 */
const ERROR_TYPE = sql<string>`CASE
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

/**
 * Per domain with crawl tasks finished in the last 7 days: success rate (completed out of
 * completed + failed; skipped tasks, e.g. off-scope links, are neither, so a domain with only
 * skipped tasks stands at 100), failed tasks by error type, retries (attempts beyond the first)
 * and whether its problems persist. Persistent-issue domains come first, then the lowest
 * success rate. `issuesOnly` keeps domains with at least one failure.
 */
export async function domainHealth(db: Db, limit: number, issuesOnly: boolean): Promise<DomainHealth> {
  const { rows } = await sql<{
    domain: string;
    success_rate: number;
    retry_count: number;
    has_persistent_issues: boolean;
  }>`
    WITH finished AS (
      SELECT domain,
             count(*) FILTER (WHERE status = 'completed') AS completed,
             count(*) FILTER (WHERE status = 'failed') AS failed,
             coalesce(sum(greatest(attempts - 1, 0)), 0) AS retry_count,
             count(DISTINCT floor(extract(epoch FROM now() - finished_at) / 86400)) FILTER (
               WHERE status = 'failed'
                 AND finished_at >= now() - make_interval(days => ${PERSISTENT_FAILURE_DAYS})
             ) AS failing_days
      FROM crawl_tasks
      WHERE finished_at >= now() - make_interval(days => ${HEALTH_WINDOW_DAYS})
        AND status IN ('completed', 'failed', 'skipped')
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

/** Failed crawl tasks of the health window per domain and error type, most frequent first. */
export async function crawlErrorTypes(db: Db, domains: string[]) {
  const byDomain = new Map<string, { type: ErrorType; count: number }[]>();
  if (domains.length === 0) return byDomain;
  const { rows } = await sql<{ domain: string; type: ErrorType; count: number }>`
    SELECT domain, ${ERROR_TYPE} AS type, count(*) AS count
    FROM crawl_tasks
    WHERE domain = ANY(${domains}::text[]) AND status = 'failed'
      AND finished_at >= now() - make_interval(days => ${HEALTH_WINDOW_DAYS})
    GROUP BY 1, 2
    ORDER BY count DESC, type`.execute(db);
  for (const r of rows) {
    const list = byDomain.get(r.domain) ?? [];
    list.push({ type: r.type, count: r.count });
    byDomain.set(r.domain, list);
  }
  return byDomain;
}
