import type { Selectable } from 'kysely';
import type { KnowledgeTable } from '../db/schema';

// What a card of the public lists shows (the list, search, projects, a user's dashboard).

export const CARD_COLUMNS = [
  'id',
  'slug',
  'title',
  'summary',
  'categories',
  'key_strengths',
  'profit_potential',
  'profit_score',
  'problem_severity_score',
  'market_demand_score',
  'monetization_score',
  'implementation_score',
  'overall_score',
  'editor_pick',
  'editor_pick_message',
  'upvotes',
  'downvotes',
  'source_domain',
  'created_at',
] as const;

/** A card of the public lists, with its sort value as text for the next page's cursor. */
export type CardRow = Pick<Selectable<KnowledgeTable>, (typeof CARD_COLUMNS)[number]> & { seek_value: string | null };
