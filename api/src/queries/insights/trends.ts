import { WINDOW_HOURS } from '@ideamine/shared/limits';
import { sql } from 'kysely';
import type { EmergingTrends } from '@ideamine/shared/contract/dashboard-insights';
import { TREND_THRESHOLD_PERCENT } from '@ideamine/shared/limits';
import { changePercentage, trendOf } from '@ideamine/shared/trend';
import type { Db } from '../../db/database';

// Emerging trends (spec s2, s3): keywords and themes of live ideas created in the last 7 days,
// each against the 7 days before. Rising terms come first, then the most frequent.

const WINDOW = WINDOW_HOURS['7d'];

/**
 * SQL twin of trendOf(changePercentage(count, previous)) === 'increasing', so the ordering (and
 * the limit) is decided in the database rather than over every term in JavaScript.
 */
const increasing = sql<boolean>`CASE WHEN previous = 0 THEN count > 0
  ELSE round((count - previous) * 1000.0 / previous) / 10 >= ${TREND_THRESHOLD_PERCENT} END`;

interface Counted {
  term: string;
  count: number;
  previous: number;
}

const withTrend = (r: Counted) => ({ frequency: r.count, trend: trendOf(changePercentage(r.count, r.previous)) });

export async function emergingKeywords(db: Db, limit: number): Promise<EmergingTrends['keywords']> {
  const { rows } = await sql<Counted>`
    WITH counted AS (
      SELECT kw AS term,
             count(*) FILTER (WHERE k.created_at >= now() - make_interval(hours => ${WINDOW})) AS count,
             count(*) FILTER (WHERE k.created_at < now() - make_interval(hours => ${WINDOW})) AS previous
      FROM knowledge k, unnest(k.keywords) AS kw
      WHERE k.deleted_at IS NULL AND k.merged_into_id IS NULL
        AND k.created_at >= now() - make_interval(hours => ${WINDOW * 2})
      GROUP BY kw
    )
    SELECT term, count, previous FROM counted
    WHERE count > 0
    ORDER BY ${increasing} DESC, count DESC, term
    LIMIT ${limit}`.execute(db);
  return rows.map((r) => ({ keyword: r.term, ...withTrend(r) }));
}

/** Themes are the managed categories (by display name); unmanaged category slugs are left out. */
export async function emergingThemes(db: Db, limit: number): Promise<EmergingTrends['themes']> {
  const { rows } = await sql<Counted>`
    WITH counted AS (
      SELECT cat,
             count(*) FILTER (WHERE k.created_at >= now() - make_interval(hours => ${WINDOW})) AS count,
             count(*) FILTER (WHERE k.created_at < now() - make_interval(hours => ${WINDOW})) AS previous
      FROM knowledge k, unnest(k.categories) AS cat
      WHERE k.deleted_at IS NULL AND k.merged_into_id IS NULL
        AND k.created_at >= now() - make_interval(hours => ${WINDOW * 2})
      GROUP BY cat
    )
    SELECT c.name AS term, n.count, n.previous
    FROM counted n JOIN categories c ON c.slug = n.cat
    WHERE n.count > 0
    ORDER BY CASE WHEN n.previous = 0 THEN n.count > 0
               ELSE round((n.count - n.previous) * 1000.0 / n.previous) / 10 >= ${TREND_THRESHOLD_PERCENT} END DESC,
             n.count DESC, c.name
    LIMIT ${limit}`.execute(db);
  return rows.map((r) => ({ theme: r.term, ...withTrend(r) }));
}
