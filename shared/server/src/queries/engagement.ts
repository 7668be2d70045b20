import { sql } from 'kysely';
import { ENGAGEMENT_MIN_MS } from '@ideamine/shared/limits';
import type { Db } from '../db/database';

export async function engagementStats(db: Db, knowledgeId: number) {
  const { rows } = await sql<{
    views: string;
    unique_viewers: string;
    engaged_views: string;
    average_time_on_page_ms: string | null;
    upvotes: number;
    downvotes: number;
    app_requests: string;
    implementations: string;
  }>`
    SELECT
      (SELECT count(*) FROM knowledge_views WHERE knowledge_id = k.id) AS views,
      (SELECT count(DISTINCT viewer_key) FROM knowledge_views WHERE knowledge_id = k.id) AS unique_viewers,
      (SELECT count(*) FROM knowledge_views WHERE knowledge_id = k.id AND time_on_page_ms > ${ENGAGEMENT_MIN_MS}) AS engaged_views,
      (SELECT round(avg(time_on_page_ms)) FROM knowledge_views
        WHERE knowledge_id = k.id AND time_on_page_ms > ${ENGAGEMENT_MIN_MS}) AS average_time_on_page_ms,
      k.upvotes, k.downvotes,
      (SELECT count(*) FROM knowledge_app_requests WHERE knowledge_id = k.id) AS app_requests,
      (SELECT count(*) FROM knowledge_implementations WHERE knowledge_id = k.id) AS implementations
    FROM knowledge k WHERE k.id = ${knowledgeId}`.execute(db);
  const r = rows[0]!;
  return {
    knowledge_id: knowledgeId,
    views: Number(r.views),
    unique_viewers: Number(r.unique_viewers),
    engaged_views: Number(r.engaged_views),
    average_time_on_page_ms: Number(r.average_time_on_page_ms ?? 0),
    upvotes: r.upvotes,
    downvotes: r.downvotes,
    vote_score: r.upvotes - r.downvotes,
    app_requests: Number(r.app_requests),
    implementations: Number(r.implementations),
  };
}

export async function interestCounts(db: Db, knowledgeId: number) {
  const [a, i] = await Promise.all([
    db
      .selectFrom('knowledge_app_requests')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('knowledge_id', '=', knowledgeId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('knowledge_implementations')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('knowledge_id', '=', knowledgeId)
      .executeTakeFirstOrThrow(),
  ]);
  return { app_requests: Number(a.n), implementations: Number(i.n) };
}
