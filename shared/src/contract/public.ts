import { z } from 'zod';
import { TRENDING_DEFAULT_PAGE_SIZE, TRENDING_TIME_FILTERS } from '../limits';
import { MAX_ID, orderQuery, pageQuery, text } from './common';
import { profitLabelSchema, scoreEvidenceSchema } from './knowledge';

// What visitors see: public ideas, categories, trending keywords and search (spec s3, s7).

const count = (field: string, min: number, max: number, def: number) =>
  z.coerce
    .number({ error: `${field} must be a whole number from ${min} to ${max}` })
    .int({ error: `${field} must be a whole number from ${min} to ${max}` })
    .min(min, { error: `${field} must be a whole number from ${min} to ${max}` })
    .max(max, { error: `${field} must be a whole number from ${min} to ${max}` })
    .default(def);

/** The idea card of spec s3, plus the domain it came from and its overall score. */
export const ideaCardSchema = z
  .object({
    id: z.number(),
    slug: z.string(),
    title: z.string(),
    summary: z.string(),
    categories: z.array(z.string()),
    key_strengths: z.array(z.string()),
    profit_potential: profitLabelSchema.nullable(),
    profit_score: z.number().nullable(),
    problem_severity_score: z.number().nullable(),
    market_demand_score: z.number().nullable(),
    monetization_score: z.number().nullable(),
    implementation_score: z.number().nullable(),
    overall_score: z.number().nullable(),
    editor_pick: z.boolean(),
    editor_pick_message: z.string().nullable(),
    upvotes: z.number(),
    downvotes: z.number(),
    vote_score: z.number(),
    source_domain: z.string(),
    created_at: z.string(),
  })
  .meta({ id: 'IdeaCard' });
export type IdeaCard = z.infer<typeof ideaCardSchema>;

/** One public idea with everything a detail page shows. The body is plain text, never HTML. */
export const publicIdeaSchema = ideaCardSchema
  .extend({
    body: z.string(),
    keywords: z.array(z.string()),
    tags: z.array(z.string()),
    source_url: z.string(),
    sources: z.array(z.string()),
    author: z.string().nullable(),
    published_at: z.string().nullable(),
    business_model_innovation_score: z.number().nullable(),
    technology_innovation_score: z.number().nullable(),
    market_disruption_potential_score: z.number().nullable(),
    approach_novelty_score: z.number().nullable(),
    /** The sentences of the post that drove each sub-score; null for an idea not yet scored. */
    score_evidence: scoreEvidenceSchema.nullable(),
    model_version: z.string().nullable(),
    updated_at: z.string(),
  })
  .meta({ id: 'PublicIdea' });

export const highPotentialIdeaSchema = z
  .object({
    id: z.number(),
    slug: z.string(),
    title: z.string(),
    summary: z.string(),
    overall_score: z.number(),
    business_model_innovation_score: z.number().nullable(),
    technology_innovation_score: z.number().nullable(),
    market_disruption_potential_score: z.number().nullable(),
    approach_novelty_score: z.number().nullable(),
    key_strengths: z.array(z.string()),
    profit_potential: profitLabelSchema.nullable(),
    profit_score: z.number().nullable(),
    source_url: z.string(),
    created_at: z.string(),
  })
  .meta({ id: 'HighPotentialIdea' });

export const PUBLIC_IDEA_SORTS = ['created_at', 'profit_score', 'vote_score', 'overall_score', 'title'] as const;
const sortQuery = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `sort must be one of ${values.join(', ')}` });

/** user_filter: all ideas, only the caller's (signed in), only submitted by users, only crawled. */
export const USER_FILTERS = ['all', 'mine', 'community', 'crawled'] as const;

export const publicIdeasQuery = z.strictObject({
  ...pageQuery,
  search: text('search', 200).optional(),
  category: text('category', 100).optional(),
  profit_level: profitLabelSchema.optional(),
  /** This profit label or a better one ("High": High and Very High); with profit_level, both must hold. */
  min_profit_level: profitLabelSchema.optional(),
  user_filter: z.enum(USER_FILTERS, { error: `user_filter must be one of ${USER_FILTERS.join(', ')}` }).default('all'),
  sort: sortQuery(PUBLIC_IDEA_SORTS).default('created_at'),
  order: orderQuery.default('desc'),
  /** meta.pagination.next_cursor of the page before: the next page by seek, however deep. */
  cursor: text('cursor', 1500).optional(),
});
export type PublicIdeasQuery = z.infer<typeof publicIdeasQuery>;

export const topVotedQuery = z.strictObject({ ...pageQuery, min_votes: count('min_votes', 1, 1_000_000, 1) });
export const highPotentialQuery = z.strictObject({ limit: count('limit', 1, 50, 10) });

export const trendingQuery = z.strictObject({
  time_filter: z
    .enum(TRENDING_TIME_FILTERS, { error: `time_filter must be one of ${TRENDING_TIME_FILTERS.join(', ')}` })
    .default('30d'),
  limit: count('limit', 1, 100, 100),
  page: pageQuery.page,
  page_size: pageQuery.page_size.default(TRENDING_DEFAULT_PAGE_SIZE),
});
export type TrendingQuery = z.infer<typeof trendingQuery>;

export const TRENDS = ['increasing', 'decreasing', 'stable'] as const;
export const trendingKeywordSchema = z
  .object({
    keyword: z.string(),
    count: z.number(),
    previous_count: z.number(),
    trend: z.enum(TRENDS),
    change_percentage: z.number(),
  })
  .meta({ id: 'TrendingKeyword' });
export type TrendingKeyword = z.infer<typeof trendingKeywordSchema>;

export const categorySchema = z
  .object({ slug: z.string(), name: z.string(), description: z.string(), count: z.number() })
  .meta({ id: 'Category' });

/** A date or date-time; a bare date as an upper bound means the end of that day. */
const isoDate = (field: string, endOfDay = false) =>
  text(field, 40)
    .refine((v) => /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(v) && !isNaN(Date.parse(v)), {
      error: `${field} must be a date like 2026-01-31`,
    })
    .transform((v) => new Date(Date.parse(v) + (endOfDay && v.length === 10 ? 86_400_000 - 1 : 0)));

export const SEARCH_SORTS = ['relevance', 'created_at', 'profit_score', 'vote_score', 'overall_score'] as const;
export const publicSearchQuery = z
  .strictObject({
    ...pageQuery,
    q: text('q', 200).optional(),
    categories: text('categories', 1000)
      .transform((v) =>
        v
          .split(',')
          .map((c) => c.trim())
          .filter(Boolean),
      )
      .refine((list) => list.length <= 20, { error: 'categories may list at most 20 categories' })
      .optional(),
    profit_level: profitLabelSchema.optional(),
    date_from: isoDate('date_from').optional(),
    date_to: isoDate('date_to', true).optional(),
    sort: sortQuery(SEARCH_SORTS).default('relevance'),
    order: orderQuery.default('desc'),
    include_trending: z.enum(['true', 'false'], { error: 'include_trending must be true or false' }).default('false'),
  })
  .refine((q) => !q.date_from || !q.date_to || q.date_from <= q.date_to, {
    error: 'date_to must not be before date_from',
    path: ['date_to'],
  });
export type PublicSearchQuery = z.infer<typeof publicSearchQuery>;

/**
 * meta.did_you_mean of a search that found nothing: its words respelt as the ideas spell them
 * ("walpaper" -> "wallpaper", "to do" -> "todo"), with how many ideas that search finds.
 */
export const didYouMeanSchema = z.object({ q: z.string(), total: z.number().int() }).meta({ id: 'DidYouMean' });
export type DidYouMean = z.infer<typeof didYouMeanSchema>;

export const searchResultSchema = ideaCardSchema.extend({ rank: z.number().nullable() }).meta({ id: 'SearchResult' });
export type SearchResult = z.infer<typeof searchResultSchema>;

export const suggestionsQuery = z.strictObject({
  q: text('q', 100).pipe(z.string().min(1, { error: 'q is required' })),
  limit: count('limit', 1, 20, 8),
});
export const suggestionSchema = z
  .object({
    text: z.string(),
    type: z.enum(['idea', 'category', 'keyword']),
    id: z.number().nullable(),
    slug: z.string().nullable(),
  })
  .meta({ id: 'Suggestion' });

export const publicSlugParams = z.strictObject({
  id: z.coerce.number({ error: 'id must be a positive whole number' }).int().positive().max(MAX_ID),
  slug: text('slug', 200),
});

/** The "About the scores" page: the model, its training data, and its held-out figures. */
export const aboutScoresSchema = z
  .object({
    model_version: z.string(),
    trained_on: z.string(),
    training: z.object({
      posts: z.number(),
      ideas: z.number(),
      sources: z.array(z.object({ source: z.string(), posts: z.number(), ideas: z.number() })),
      /** Posts labelled by their dataset's authors, not by hand here; `weight` is what one counts against a hand-labelled post. */
      weakly_labelled: z
        .object({ source: z.string(), posts: z.number(), ideas: z.number(), weight: z.number() })
        .nullable(),
    }),
    /** The pretrained sentence encoder the model reads beside words, and how many opening words it reads; null when it reads words only. */
    sentence_encoder: z.object({ package: z.string(), words: z.number() }).nullable(),
    profit_weights: z.array(z.object({ sub_score: z.string(), weight: z.number() })),
    /** Each label's lowest profit score, and the share of the ideas the model keeps that score below it. */
    profit_scale: z.array(z.object({ label: z.string(), from_score: z.number(), kept_below: z.number() })),
    prefilter_threshold: z.number(),
    held_out: z.object({
      model_version: z.string(),
      posts: z.number(),
      ideas: z.number(),
      precision: z.number(),
      recall: z.number(),
      f1: z.number(),
      auc_end_to_end: z.number(),
      auc_among_scored: z.number(),
      spearman_with_strength: z.number(),
      correlation_with_length: z.number(),
      ms_per_post: z.number(),
      calibration: z.array(
        z.object({
          label: z.string(),
          posts: z.number(),
          share_ideas: z.number().nullable(),
          strong_ideas: z.number(),
          mean_strength_of_ideas: z.number().nullable(),
        }),
      ),
      sources: z.array(
        z.object({
          source: z.string(),
          posts: z.number(),
          ideas: z.number(),
          precision: z.number().nullable(),
          recall: z.number().nullable(),
          /** How well the profit score ranks the source's ideas above its noise; null where it holds only one of them. */
          auc: z.number().nullable(),
        }),
      ),
    }),
  })
  .meta({ id: 'AboutScores' });
export type AboutScores = z.infer<typeof aboutScoresSchema>;
