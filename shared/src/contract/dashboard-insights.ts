import { z } from 'zod';
import { orderQuery, pageQuery } from './common';
import { PROFIT_LABELS } from './knowledge';
import { highPotentialIdeaSchema, TRENDS } from './public';

// The admin dashboard's Knowledge & Insights and Data Sources tabs (spec s2 widgets, s3 field
// names). Every number is computed from the database; an empty database answers zeros.

/** A whole-number query value in [min, max]; the message names the field. */
export const wholeQuery = (field: string, min: number, max: number, def: number) =>
  z.coerce
    .number({ error: `${field} must be a whole number from ${min} to ${max}` })
    .int({ error: `${field} must be a whole number from ${min} to ${max}` })
    .min(min, { error: `${field} must be a whole number from ${min} to ${max}` })
    .max(max, { error: `${field} must be a whole number from ${min} to ${max}` })
    .default(def);

export const INSIGHT_PERIODS = ['24h', '7d', '30d'] as const;
export type InsightPeriod = (typeof INSIGHT_PERIODS)[number];
export const PROFIT_PERIODS = [...INSIGHT_PERIODS, 'all'] as const;
export type ProfitPeriod = (typeof PROFIT_PERIODS)[number];

const periodQuery = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `period must be one of ${values.join(', ')}` });

const trendSchema = z.enum(TRENDS);

export const knowledgeMetricsSchema = z
  .object({
    total_items: z.number().int(),
    new_items_24h: z.number().int(),
    new_items_7d: z.number().int(),
    /** New ideas of the last 7 days against the 7 days before, percent with one decimal. */
    growth_rate_percentage: z.number(),
    enriched_count: z.number().int(),
    non_enriched_count: z.number().int(),
    analyzed_count: z.number().int(),
    non_analyzed_count: z.number().int(),
    /** Mean profit_score (0-10), two decimals; 0 without scored ideas. */
    avg_profit_potential: z.number(),
    /** The 7 largest source domains, then 'Other' for the rest (when there is a rest). */
    by_domain: z.array(z.object({ domain: z.string(), count: z.number().int(), percentage: z.number() })),
  })
  .meta({ id: 'KnowledgeMetrics' });
export type KnowledgeMetrics = z.infer<typeof knowledgeMetricsSchema>;

export const tagActivityQuery = z.strictObject({
  limit: wholeQuery('limit', 1, 100, 20),
  period: periodQuery(INSIGHT_PERIODS).default('7d'),
});
export const tagActivitySchema = z
  .object({
    period: z.enum(INSIGHT_PERIODS),
    top_tags: z.array(
      z.object({ tag: z.string(), count: z.number().int(), trend: trendSchema, change_percentage: z.number() }),
    ),
  })
  .meta({ id: 'TagActivity' });
export type TagActivity = z.infer<typeof tagActivitySchema>;

export const ideaPipelineSchema = z
  .object({
    raw_data_items: z.number().int(),
    knowledge_items: z.number().int(),
    enriched_ideas: z.number().int(),
    analyzed_ideas: z.number().int(),
    /** Percent with one decimal; 0 when the denominator is 0. */
    conversion_rates: z.object({
      raw_to_knowledge: z.number(),
      knowledge_to_enriched: z.number(),
      enriched_to_analyzed: z.number(),
    }),
    /** Re-scoring after the idea model changed: analysed ideas still scored by an older version. */
    rescoring: z.object({ model_version: z.string(), stale: z.number().int(), analysed: z.number().int() }),
    /**
     * Filing ideas again after the category rules changed: the share of ideas looked at (percent,
     * one decimal) and how many moved so far; null when every idea is filed under the current rules.
     */
    refiling: z.object({ percent_done: z.number(), moved: z.number().int() }).nullable(),
  })
  .meta({ id: 'IdeaPipeline' });
export type IdeaPipeline = z.infer<typeof ideaPipelineSchema>;

export const profitDistributionQuery = z.strictObject({ period: periodQuery(PROFIT_PERIODS).default('all') });
const profitCategory = z.enum(PROFIT_LABELS);
export const profitDistributionSchema = z
  .object({
    period: z.enum(PROFIT_PERIODS),
    /** All five categories, always, in spec s9 order. */
    distribution: z.array(z.object({ category: profitCategory, count: z.number().int(), percentage: z.number() })),
    previous_period_change: z.array(z.object({ category: profitCategory, change_percentage: z.number() })),
  })
  .meta({ id: 'ProfitDistribution' });
export type ProfitDistribution = z.infer<typeof profitDistributionSchema>;

export const adminHighPotentialQuery = z.strictObject({
  limit: wholeQuery('limit', 1, 50, 5),
  page: pageQuery.page,
});
export const adminHighPotentialIdeaSchema = highPotentialIdeaSchema
  .extend({ visibility: z.enum(['public', 'private']) })
  .meta({ id: 'AdminHighPotentialIdea' });

export const emergingTrendsQuery = z.strictObject({ limit: wholeQuery('limit', 1, 50, 12) });
export const emergingTrendsSchema = z
  .object({
    keywords: z.array(z.object({ keyword: z.string(), frequency: z.number().int(), trend: trendSchema })),
    themes: z.array(z.object({ theme: z.string(), frequency: z.number().int(), trend: trendSchema })),
  })
  .meta({ id: 'EmergingTrends' });
export type EmergingTrends = z.infer<typeof emergingTrendsSchema>;

export const SOURCE_SORTS = [
  'data_volume',
  'knowledge_extraction_rate',
  'idea_generation_rate',
  'avg_profit_potential',
  'domain',
] as const;
export type SourceSort = (typeof SOURCE_SORTS)[number];
export const sourcePerformanceQuery = z.strictObject({
  limit: wholeQuery('limit', 1, 100, 20),
  sort: z.enum(SOURCE_SORTS, { error: `sort must be one of ${SOURCE_SORTS.join(', ')}` }).default('data_volume'),
  order: orderQuery.default('desc'),
});
export type SourcePerformanceQuery = z.infer<typeof sourcePerformanceQuery>;
export const sourcePerformanceSchema = z
  .object({
    sources: z.array(
      z.object({
        domain: z.string(),
        data_volume: z.number().int(),
        knowledge_extraction_rate: z.number(),
        idea_generation_rate: z.number(),
        avg_profit_potential: z.number(),
        trend: trendSchema,
      }),
    ),
  })
  .meta({ id: 'SourcePerformance' });
export type SourcePerformance = z.infer<typeof sourcePerformanceSchema>;

export const CRAWL_ERROR_TYPES = ['HTTP 429', 'HTTP 5xx', 'HTTP 4xx', 'Timeout', 'Robots', 'Network', 'Other'] as const;
export const domainHealthQuery = z.strictObject({
  limit: wholeQuery('limit', 1, 100, 20),
  issues_only: z
    .enum(['true', 'false'], { error: 'issues_only must be true or false' })
    .default('false')
    .transform((v) => v === 'true'),
});
export const domainHealthSchema = z
  .object({
    domains: z.array(
      z.object({
        domain: z.string(),
        success_rate: z.number(),
        error_types: z.array(z.object({ type: z.enum(CRAWL_ERROR_TYPES), count: z.number().int() })),
        retry_count: z.number().int(),
        has_persistent_issues: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'DomainHealth' });
export type DomainHealth = z.infer<typeof domainHealthSchema>;
