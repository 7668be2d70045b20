import { WINDOW_HOURS } from '@ideamine/shared/limits';
import { sql } from 'kysely';
import type { EmergingTrends } from '@ideamine/shared/contract/dashboard-insights';
import { TREND_THRESHOLD_PERCENT } from '@ideamine/shared/limits';
import { changePercentage, trendOf } from '@ideamine/shared/trend';
import type { Db } from '../../db/database';
import { windowedCounts } from '../created-windows';
import { ensureIdeaRollups, ideaTerms } from '../idea-rollups';

// Emerging trends (spec s2, s3): keywords and themes of live ideas created in the last 7 days,
// each against the 7 days before. Rising terms come first, then the most frequent. Whole days
// come from idea_terms_daily (migration 0015), the days the window edges cut through live.

const WINDOW = WINDOW_HOURS['7d'];
const since = (hours: number) => sql`now() - make_interval(hours => ${hours})`;

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

/** Uses of each term of `column` (keywords or categories) this week and the week before. */
function termsThisWeek(kind: 'keyword' | 'category', column: 'keywords' | 'categories') {
  return windowedCounts({
    daily: sql`SELECT day, term AS key, uses AS n FROM ${ideaTerms(kind)} AS t`,
    // unnest in the select list: cheaper than a lateral function scan per idea.
    live: (start, end) => sql`
      SELECT key, count(*) AS n
      FROM (SELECT unnest(${sql.ref(column)}) AS key FROM knowledge
            WHERE deleted_at IS NULL AND merged_into_id IS NULL AND created_at >= ${start} AND created_at < ${end}) AS used
      GROUP BY key`,
    windows: { count: { from: since(WINDOW) }, previous: { from: since(WINDOW * 2), to: since(WINDOW) } },
  });
}

export async function emergingKeywords(db: Db, limit: number): Promise<EmergingTrends['keywords']> {
  await ensureIdeaRollups(db);
  const { rows } = await sql<Counted>`
    WITH counted AS (
      SELECT key AS term, count, coalesce(previous, 0) AS previous FROM (${termsThisWeek('keyword', 'keywords')}) AS c
    )
    SELECT term, count, previous FROM counted
    WHERE count > 0
    ORDER BY ${increasing} DESC, count DESC, term
    LIMIT ${limit}`.execute(db);
  return rows.map((r) => ({ keyword: r.term, ...withTrend(r) }));
}

/** Themes are the managed categories (by display name); unmanaged category slugs are left out. */
export async function emergingThemes(db: Db, limit: number): Promise<EmergingTrends['themes']> {
  await ensureIdeaRollups(db);
  const { rows } = await sql<Counted>`
    WITH counted AS (
      SELECT key AS cat, count, coalesce(previous, 0) AS previous
      FROM (${termsThisWeek('category', 'categories')}) AS c
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
