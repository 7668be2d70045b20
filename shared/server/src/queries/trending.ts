import { sql } from 'kysely';
import { WINDOW_HOURS, type TrendingTimeFilter } from '@ideamine/shared/limits';
import { changePercentage, trendOf } from '@ideamine/shared/trend';
import type { TrendingKeyword } from '@ideamine/shared/contract/public';
import type { Db } from '../db/database';
import { FILLER_WORDS } from '@ideamine/shared/filler-words';

/** Keywords stored before filler words were left out of them are skipped here too. */
const FILLER = [...FILLER_WORDS];

// Keywords of public ideas created in a time window, counted against the window before it.

/** At most `limit` keywords, most frequent first. */
export async function trendingKeywords(db: Db, window: TrendingTimeFilter, limit: number): Promise<TrendingKeyword[]> {
  const hours = WINDOW_HOURS[window];
  const { rows } = await sql<{ keyword: string; count: string; previous_count: string }>`
    WITH counted AS (
      SELECT kw AS keyword,
             count(*) FILTER (WHERE k.created_at >= now() - make_interval(hours => ${hours})) AS count,
             count(*) FILTER (WHERE k.created_at < now() - make_interval(hours => ${hours})) AS previous_count
      FROM knowledge k, unnest(k.keywords) AS kw
      WHERE k.deleted_at IS NULL AND k.merged_into_id IS NULL AND k.visibility = 'public'
        AND lower(kw) <> ALL (${FILLER})
        AND k.created_at >= now() - make_interval(hours => ${hours * 2})
      GROUP BY kw
    )
    SELECT keyword, count, previous_count FROM counted
    WHERE count > 0
    ORDER BY count DESC, keyword
    LIMIT ${limit}`.execute(db);
  return rows.map((r) => {
    const count = Number(r.count);
    const previous = Number(r.previous_count);
    const change = changePercentage(count, previous);
    return { keyword: r.keyword, count, previous_count: previous, trend: trendOf(change), change_percentage: change };
  });
}

/**
 * The managed categories with how many public ideas each holds, fullest first: from the public
 * counters (public-counts.ts), counter plus unfolded changes, never a scan of the ideas.
 */
export async function categoriesWithCounts(db: Db) {
  const { rows } = await sql<{ slug: string; name: string; description: string; count: string }>`
    SELECT c.slug, c.name, c.description, coalesce(n.count, 0) AS count
    FROM categories c
    LEFT JOIN (
      SELECT category, sum(ideas) AS count FROM (
        SELECT category, ideas FROM public_idea_counts WHERE profit_label = '*' AND kind = 'all'
        UNION ALL
        SELECT category, ideas FROM public_idea_count_changes WHERE profit_label = '*' AND kind = 'all'
      ) u GROUP BY category
    ) n ON n.category = c.slug
    ORDER BY count DESC, c.name`.execute(db);
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}
