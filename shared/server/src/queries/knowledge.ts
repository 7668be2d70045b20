import { sql } from 'kysely';
import type { ListKnowledgeQuery } from '@ideamine/shared/contract/knowledge';
import type { Db } from '../db/database';
import { likePattern, pageOf } from './paging';
import { visibleTo, type Viewer } from './knowledge-visibility';

/** Every knowledge column but the search vector. */
export const KNOWLEDGE_COLUMNS = [
  'id',
  'slug',
  'title',
  'summary',
  'body',
  'source_url',
  'source_domain',
  'content_hash',
  'author',
  'published_at',
  'job_id',
  'raw_data_id',
  'user_id',
  'visibility',
  'categories',
  'keywords',
  'tags',
  'key_strengths',
  'profit_potential',
  'profit_score',
  'problem_severity_score',
  'market_demand_score',
  'monetization_score',
  'implementation_score',
  'overall_score',
  'business_model_innovation_score',
  'technology_innovation_score',
  'market_disruption_potential_score',
  'approach_novelty_score',
  'score_evidence',
  'model_version',
  'editor_pick',
  'editor_pick_message',
  'editor_picked_at',
  'upvotes',
  'downvotes',
  'merged_into_id',
  'enriched_at',
  'analyzed_at',
  'deleted_at',
  'created_at',
  'updated_at',
] as const;

/** One live idea; with a viewer, only when that viewer may see it. */
export function findKnowledge(db: Db, id: number, viewer?: Viewer) {
  return db
    .selectFrom('knowledge')
    .select(KNOWLEDGE_COLUMNS)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .$if(!!viewer, (qb) => qb.where(visibleTo(viewer!)))
    .executeTakeFirst();
}

export async function sourcesOf(db: Db, id: number): Promise<string[]> {
  const rows = await db
    .selectFrom('knowledge_sources')
    .select('url')
    .where('knowledge_id', '=', id)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.url);
}

/** What a sort key orders by: a column, or the vote score the presenter shows. */
const sortExpression = (sort: ListKnowledgeQuery['sort']) =>
  sort === 'vote_score' ? sql`(upvotes - downvotes)` : sql.ref(sort);

/** Operators' list: merged duplicates, deleted items and ideas the viewer may not see are left out. */
export function listKnowledge(db: Db, q: ListKnowledgeQuery, viewer: Viewer) {
  let base = db
    .selectFrom('knowledge')
    .where('deleted_at', 'is', null)
    .where('merged_into_id', 'is', null)
    .where(visibleTo(viewer));
  if (q.search) {
    const p = likePattern(q.search);
    base = base.where((eb) =>
      eb.or([eb('title', 'ilike', p), eb('summary', 'ilike', p), eb('source_url', 'ilike', p)]),
    );
  }
  if (q.category) base = base.where(sql<boolean>`categories @> ARRAY[${q.category}]::text[]`);
  if (q.tag) base = base.where(sql<boolean>`(tags @> ARRAY[${q.tag}]::text[] OR keywords @> ARRAY[${q.tag}]::text[])`);
  if (q.profit_level) base = base.where('profit_potential', '=', q.profit_level);
  if (q.visibility) base = base.where('visibility', '=', q.visibility);
  if (q.job_id) base = base.where('job_id', '=', q.job_id);
  if (q.enriched) base = base.where('enriched_at', q.enriched === 'true' ? 'is not' : 'is', null);
  return pageOf(
    base,
    (b) =>
      b
        .select(KNOWLEDGE_COLUMNS)
        .orderBy(sql`${sortExpression(q.sort)} ${sql.raw(q.order)} nulls last`)
        .orderBy('id', q.order),
    q,
  );
}

/** Full-text search (websearch syntax) ranked by weighted title, summary and body matches. */
export function searchKnowledge(db: Db, q: { q: string; page: number; page_size: number }, viewer: Viewer) {
  const query = sql`websearch_to_tsquery('english', ${q.q})`;
  const base = db
    .selectFrom('knowledge')
    .where('deleted_at', 'is', null)
    .where('merged_into_id', 'is', null)
    .where(visibleTo(viewer))
    .where(sql<boolean>`search @@ ${query}`);
  return pageOf(
    base,
    (b) =>
      b
        .select([...KNOWLEDGE_COLUMNS, sql<number>`ts_rank_cd(search, ${query})`.as('rank')])
        .orderBy('rank', 'desc')
        .orderBy('id', 'desc'),
    q,
  );
}
