import { z } from 'zod';
import { MAX_ID, orderQuery, pageQuery, text } from './common';

// Knowledge items ("ideas") as operators see them, with every score.

export const PROFIT_LABELS = ['Very High', 'High', 'Medium', 'Low', 'Speculative'] as const;
export const profitLabelSchema = z.enum(PROFIT_LABELS);
export type ProfitLabel = (typeof PROFIT_LABELS)[number];

/**
 * The labels a list keeps for its profit filters: the one label asked for, a label and those
 * above it, both (only a label at least the minimum), or undefined for any label.
 */
export function profitLabelsOf(q: {
  profit_level?: ProfitLabel | undefined;
  min_profit_level?: ProfitLabel | undefined;
}): ProfitLabel[] | undefined {
  const atLeast = q.min_profit_level
    ? PROFIT_LABELS.slice(0, PROFIT_LABELS.indexOf(q.min_profit_level) + 1)
    : undefined;
  if (!q.profit_level) return atLeast;
  return !atLeast || atLeast.includes(q.profit_level) ? [q.profit_level] : [];
}

/** Per profit sub-score, the sentences of the source that drove it ("Why this score"). */
export const scoreEvidenceSchema = z
  .object({
    severity: z.array(z.string()),
    demand: z.array(z.string()),
    monetization: z.array(z.string()),
    implementation: z.array(z.string()),
  })
  .meta({ id: 'ScoreEvidence' });
export type ScoreEvidence = z.infer<typeof scoreEvidenceSchema>;

export const knowledgeSchema = z
  .object({
    id: z.number(),
    slug: z.string(),
    title: z.string(),
    summary: z.string(),
    body: z.string(),
    source_url: z.string(),
    source_domain: z.string(),
    sources: z.array(z.string()),
    author: z.string().nullable(),
    published_at: z.string().nullable(),
    job_id: z.number().nullable(),
    raw_data_id: z.number().nullable(),
    user_id: z.number().nullable(),
    visibility: z.enum(['public', 'private']),
    categories: z.array(z.string()),
    keywords: z.array(z.string()),
    tags: z.array(z.string()),
    key_strengths: z.array(z.string()),
    profit_potential: profitLabelSchema.nullable(),
    profit_score: z.number().nullable(),
    problem_severity_score: z.number().nullable(),
    market_demand_score: z.number().nullable(),
    monetization_score: z.number().nullable(),
    implementation_score: z.number().nullable(),
    overall_score: z.number().nullable(),
    business_model_innovation_score: z.number().nullable(),
    technology_innovation_score: z.number().nullable(),
    market_disruption_potential_score: z.number().nullable(),
    approach_novelty_score: z.number().nullable(),
    score_evidence: scoreEvidenceSchema.nullable(),
    /** The model that gave the scores: the idea model's version, or the OpenAI-compatible model. */
    model_version: z.string().nullable(),
    editor_pick: z.boolean(),
    editor_pick_message: z.string().nullable(),
    upvotes: z.number(),
    downvotes: z.number(),
    vote_score: z.number(),
    merged_into_id: z.number().nullable(),
    enriched_at: z.string().nullable(),
    analyzed_at: z.string().nullable(),
    deleted_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Knowledge' });
export type Knowledge = z.infer<typeof knowledgeSchema>;

/** Lists return everything but the body, which can be long. */
export const knowledgeListItemSchema = knowledgeSchema
  .omit({ body: true, sources: true, score_evidence: true })
  .meta({ id: 'KnowledgeListItem' });

export const KNOWLEDGE_SORTS = [
  'created_at',
  'updated_at',
  'profit_score',
  'overall_score',
  'title',
  'visibility',
  'editor_pick',
  'vote_score',
] as const;
export const listKnowledgeQuery = z.strictObject({
  ...pageQuery,
  search: text('search', 200).optional(),
  category: text('category', 100).optional(),
  /** A tag or keyword, as the dashboard's tag activity counts them. */
  tag: text('tag', 100).optional(),
  profit_level: profitLabelSchema.optional(),
  visibility: z.enum(['public', 'private'], { error: 'visibility must be public or private' }).optional(),
  job_id: z.coerce.number({ error: 'job_id must be a number' }).int().positive().max(MAX_ID).optional(),
  enriched: z.enum(['true', 'false'], { error: 'enriched must be true or false' }).optional(),
  sort: z.enum(KNOWLEDGE_SORTS, { error: `sort must be one of ${KNOWLEDGE_SORTS.join(', ')}` }).default('created_at'),
  order: orderQuery.default('desc'),
});
export type ListKnowledgeQuery = z.infer<typeof listKnowledgeQuery>;

export const searchKnowledgeQuery = z.strictObject({
  ...pageQuery,
  q: text('q', 200).pipe(z.string().min(1, { error: 'q is required' })),
});

const stringList = (field: string, max: number) =>
  z
    .array(text(field, 100), { error: `${field} must be a list of strings` })
    .max(max, { error: `${field} may hold at most ${max} entries` });

export const updateKnowledgeBody = z
  .strictObject({
    title: text('title', 300)
      .pipe(z.string().min(1, { error: 'title must not be empty' }))
      .optional(),
    summary: text('summary', 2000).optional(),
    body: text('body', 100_000).optional(),
    categories: stringList('categories', 10).optional(),
    keywords: stringList('keywords', 30).optional(),
    tags: stringList('tags', 30).optional(),
    key_strengths: stringList('key_strengths', 10).optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { error: 'Provide at least one field to change' })
  .meta({ id: 'UpdateKnowledge' });

export const batchEnrichBody = z
  .strictObject({
    knowledge_ids: z
      .array(z.number({ error: 'knowledge_ids must hold numbers' }).int().positive().max(MAX_ID), {
        error: 'knowledge_ids must be a list of ids',
      })
      .min(1, { error: 'knowledge_ids must not be empty' })
      .max(500, { error: 'knowledge_ids may hold at most 500 ids' }),
  })
  .meta({ id: 'BatchEnrich' });

export const queuedSchema = z.object({ queued: z.number(), not_found: z.array(z.number()) }).meta({ id: 'Queued' });

export const slugParams = z.strictObject({
  id: z.coerce.number({ error: 'id must be a positive whole number' }).int().positive().max(MAX_ID),
  slug: text('slug', 200),
});
