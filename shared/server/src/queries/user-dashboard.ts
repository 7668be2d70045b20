import { sql } from 'kysely';
import { profitLabelsOf } from '@ideamine/shared/contract/knowledge';
import type { Db } from '../db/database';
import { CARD_COLUMNS } from './public-cards';

// Numbers about one user's own ideas and activity, all from the database.

export function recentSubmissions(db: Db, userId: number, limit: number) {
  return db
    .selectFrom('knowledge')
    .select([...CARD_COLUMNS, 'visibility'])
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** A user's high-potential ideas are those the portal lists as such: High or Very High profit potential. */
const HIGH_POTENTIAL = profitLabelsOf({ min_profit_level: 'High' });

export async function personalStats(db: Db, userId: number) {
  const { rows } = await sql<Record<string, string | null>>`
    SELECT count(*) AS total_submissions,
           count(*) FILTER (WHERE visibility = 'public') AS public_submissions,
           count(*) FILTER (WHERE visibility = 'private') AS private_submissions,
           count(*) FILTER (WHERE profit_potential = ANY(${HIGH_POTENTIAL}::text[])) AS high_potential_ideas,
           round(avg(profit_score), 2) AS average_score,
           max(profit_score) AS top_score,
           coalesce(sum(upvotes), 0) AS total_upvotes,
           coalesce(sum(downvotes), 0) AS total_downvotes,
           (SELECT count(*) FROM knowledge WHERE user_id = ${userId} AND deleted_at IS NULL
              AND created_at >= now() - interval '7 days')
           + (SELECT count(*) FROM knowledge_votes WHERE user_id = ${userId}
              AND updated_at >= now() - interval '7 days') AS recent_activity
    FROM knowledge WHERE user_id = ${userId} AND deleted_at IS NULL`.execute(db);
  const r = rows[0]!;
  const n = (k: string) => Number(r[k] ?? 0);
  return {
    total_submissions: n('total_submissions'),
    public_submissions: n('public_submissions'),
    private_submissions: n('private_submissions'),
    high_potential_ideas: n('high_potential_ideas'),
    average_score: n('average_score'),
    top_score: n('top_score'),
    recent_activity: n('recent_activity'),
    total_upvotes: n('total_upvotes'),
    total_downvotes: n('total_downvotes'),
    net_vote_score: n('total_upvotes') - n('total_downvotes'),
  };
}

export async function userActivity(db: Db, userId: number) {
  const { rows } = await sql<Record<string, string>>`
    SELECT
      (SELECT count(*) FROM knowledge_votes WHERE user_id = ${userId}) AS votes_cast,
      (SELECT count(*) FROM knowledge_votes WHERE user_id = ${userId} AND vote_type = 'upvote') AS upvotes_cast,
      (SELECT count(*) FROM knowledge_votes WHERE user_id = ${userId} AND vote_type = 'downvote') AS downvotes_cast,
      (SELECT count(*) FROM knowledge_app_requests WHERE user_id = ${userId}) AS app_requests,
      (SELECT count(*) FROM knowledge_implementations WHERE user_id = ${userId}) AS implementations,
      (SELECT count(DISTINCT knowledge_id) FROM knowledge_views WHERE user_id = ${userId}) AS ideas_viewed,
      (SELECT count(*) FROM idea_storm_analyses WHERE user_id = ${userId}) AS idea_storm_analyses,
      (SELECT count(*) FROM knowledge_views v JOIN knowledge k ON k.id = v.knowledge_id
         WHERE k.user_id = ${userId}) AS views_received`.execute(db);
  return Object.fromEntries(Object.entries(rows[0]!).map(([k, v]) => [k, Number(v)])) as Record<
    | 'votes_cast'
    | 'upvotes_cast'
    | 'downvotes_cast'
    | 'app_requests'
    | 'implementations'
    | 'ideas_viewed'
    | 'views_received'
    | 'idea_storm_analyses',
    number
  >;
}
