import type { Selectable } from 'kysely';
import type { Knowledge } from '@ideamine/shared/contract/knowledge';
import type { KnowledgeTable } from '@ideamine/server/db/schema';
import { iso } from './time';

// The pipeline's bookkeeping (re-scoring marks, failed tries, whether re-filing may change the
// categories) is not part of an idea as shown.
export type KnowledgeRow = Omit<
  Selectable<KnowledgeTable>,
  | 'search'
  | 'rescore_queued_at'
  | 'pipeline_attempts'
  | 'pipeline_error'
  | 'pipeline_failed_at'
  | 'categories_edited_at'
>;

export function presentKnowledge(k: KnowledgeRow, sources: string[]): Knowledge {
  return { ...presentKnowledgeListItem(k), body: k.body, sources, score_evidence: k.score_evidence };
}

export function presentKnowledgeListItem(
  k: Omit<KnowledgeRow, 'body' | 'score_evidence'>,
): Omit<Knowledge, 'body' | 'sources' | 'score_evidence'> {
  return {
    id: k.id,
    slug: k.slug,
    title: k.title,
    summary: k.summary,
    source_url: k.source_url,
    source_domain: k.source_domain,
    author: k.author,
    published_at: iso(k.published_at),
    job_id: k.job_id,
    raw_data_id: k.raw_data_id,
    user_id: k.user_id,
    visibility: k.visibility,
    categories: k.categories,
    keywords: k.keywords,
    tags: k.tags,
    key_strengths: k.key_strengths,
    profit_potential: k.profit_potential,
    profit_score: k.profit_score,
    problem_severity_score: k.problem_severity_score,
    market_demand_score: k.market_demand_score,
    monetization_score: k.monetization_score,
    implementation_score: k.implementation_score,
    overall_score: k.overall_score,
    business_model_innovation_score: k.business_model_innovation_score,
    technology_innovation_score: k.technology_innovation_score,
    market_disruption_potential_score: k.market_disruption_potential_score,
    approach_novelty_score: k.approach_novelty_score,
    model_version: k.model_version,
    editor_pick: k.editor_pick,
    editor_pick_message: k.editor_pick_message,
    upvotes: k.upvotes,
    downvotes: k.downvotes,
    vote_score: k.upvotes - k.downvotes,
    merged_into_id: k.merged_into_id,
    enriched_at: iso(k.enriched_at),
    analyzed_at: iso(k.analyzed_at),
    deleted_at: iso(k.deleted_at),
    created_at: k.created_at.toISOString(),
    updated_at: k.updated_at.toISOString(),
  };
}
