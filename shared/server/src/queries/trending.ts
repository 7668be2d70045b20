import { sql } from 'kysely';
import { WINDOW_HOURS, type TrendingTimeFilter } from '@ideamine/shared/limits';
import { changePercentage, trendOf } from '@ideamine/shared/trend';
import type { TrendingKeyword } from '@ideamine/shared/contract/public';
import type { Db } from '../db/database';
import { FILLER_WORDS } from '@ideamine/shared/filler-words';
import { windowedCounts } from './created-windows';
import { ideaTerms } from './idea-rollups';

/** Keywords stored before filler words were left out of them are skipped here too. */
const FILLER = [...FILLER_WORDS];

// Keywords of public ideas created in a time window, counted against the window before it:
// whole days from the public keyword rollup (migration 0031), the stretches the window edges cut
// through read live (created-windows.ts), never the keywords of every idea in the window.

const since = (hours: number) => sql`now() - make_interval(hours => ${hours})`;

/**
 * At most `limit` keywords, most frequent first. Reads only (a replica may answer): the caller
 * folds a rollup that fell far behind on the primary first (ensureIdeaRollups).
 */
export async function trendingKeywords(db: Db, window: TrendingTimeFilter, limit: number): Promise<TrendingKeyword[]> {
  const hours = WINDOW_HOURS[window];
  const counted = windowedCounts({
    daily: sql`SELECT day, term AS key, uses AS n FROM ${ideaTerms('public_keyword')} AS t`,
    live: (start, end) => sql`
      SELECT key, count(*) AS n
      FROM (SELECT unnest(keywords) AS key FROM knowledge
            WHERE deleted_at IS NULL AND merged_into_id IS NULL AND visibility = 'public'
              AND created_at >= ${start} AND created_at < ${end}) AS used
      GROUP BY key`,
    windows: { count: { from: since(hours) }, previous: { from: since(hours * 2), to: since(hours) } },
  });
  const { rows } = await sql<{ keyword: string; count: string; previous_count: string | null }>`
    SELECT key AS keyword, count, previous AS previous_count FROM (${counted}) AS c
    WHERE count > 0 AND lower(key) <> ALL (${FILLER}) AND key !~ '[''’]'
    ORDER BY count DESC, key
    LIMIT ${limit}`.execute(db);
  return rows.map((r) => {
    const count = Number(r.count);
    const previous = Number(r.previous_count ?? 0);
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
