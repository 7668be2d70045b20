import type { IdeaCard } from '@ideamine/shared/contract/public';
import type { KnowledgeRow } from './knowledge';
import { iso } from './time';

type CardRow = Pick<
  KnowledgeRow,
  | 'id'
  | 'slug'
  | 'title'
  | 'summary'
  | 'categories'
  | 'key_strengths'
  | 'profit_potential'
  | 'profit_score'
  | 'problem_severity_score'
  | 'market_demand_score'
  | 'monetization_score'
  | 'implementation_score'
  | 'overall_score'
  | 'editor_pick'
  | 'editor_pick_message'
  | 'upvotes'
  | 'downvotes'
  | 'source_domain'
  | 'created_at'
>;

export function presentIdeaCard(k: CardRow): IdeaCard {
  return {
    id: k.id,
    slug: k.slug,
    title: k.title,
    summary: k.summary,
    categories: k.categories,
    key_strengths: k.key_strengths,
    profit_potential: k.profit_potential,
    profit_score: k.profit_score,
    problem_severity_score: k.problem_severity_score,
    market_demand_score: k.market_demand_score,
    monetization_score: k.monetization_score,
    implementation_score: k.implementation_score,
    overall_score: k.overall_score,
    editor_pick: k.editor_pick,
    editor_pick_message: k.editor_pick_message,
    upvotes: k.upvotes,
    downvotes: k.downvotes,
    vote_score: k.upvotes - k.downvotes,
    source_domain: k.source_domain,
    created_at: k.created_at.toISOString(),
  };
}

export function presentPublicIdea(k: KnowledgeRow, sources: string[]) {
  return {
    ...presentIdeaCard(k),
    body: k.body,
    keywords: k.keywords,
    tags: k.tags,
    source_url: k.source_url,
    sources,
    author: k.author,
    published_at: iso(k.published_at),
    business_model_innovation_score: k.business_model_innovation_score,
    technology_innovation_score: k.technology_innovation_score,
    market_disruption_potential_score: k.market_disruption_potential_score,
    approach_novelty_score: k.approach_novelty_score,
    score_evidence: k.score_evidence,
    model_version: k.model_version,
    updated_at: k.updated_at.toISOString(),
  };
}

type HighPotentialRow = Pick<
  KnowledgeRow,
  | 'id'
  | 'slug'
  | 'title'
  | 'summary'
  | 'overall_score'
  | 'business_model_innovation_score'
  | 'technology_innovation_score'
  | 'market_disruption_potential_score'
  | 'approach_novelty_score'
  | 'key_strengths'
  | 'profit_potential'
  | 'profit_score'
  | 'source_url'
  | 'created_at'
>;

export function presentHighPotentialIdea(k: HighPotentialRow) {
  return { ...k, overall_score: k.overall_score ?? 0, created_at: k.created_at.toISOString() };
}
