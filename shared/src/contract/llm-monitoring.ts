import { z } from 'zod';
import { pageQuery, text } from './common';
import { INSIGHT_PERIODS } from './dashboard-insights';

// /admin/llm-monitoring: what the pipeline's LLM calls cost, how fast and how often they fail.

export const LLM_CALL_STATUSES = ['ok', 'error', 'skipped'] as const;

export const llmMonitoringQuery = z.strictObject({
  period: z.enum(INSIGHT_PERIODS, { error: `period must be one of ${INSIGHT_PERIODS.join(', ')}` }).default('7d'),
});
export type LlmMonitoringQuery = z.infer<typeof llmMonitoringQuery>;

/** Aggregates over the calls of a period; latency percentiles leave skipped calls out. */
export const llmStatsSchema = z.object({
  calls: z.number().int(),
  errors: z.number().int(),
  /** errors / calls, percent with one decimal; 0 without calls. */
  error_rate: z.number(),
  prompt_tokens: z.number().int(),
  completion_tokens: z.number().int(),
  total_tokens: z.number().int(),
  latency_p50_ms: z.number(),
  latency_p95_ms: z.number(),
  cost_usd: z.number(),
});
export type LlmStats = z.infer<typeof llmStatsSchema>;

export const llmModelStatsSchema = llmStatsSchema
  .extend({ provider: z.string(), model: z.string() })
  .meta({ id: 'LlmModelStats' });

/** Series granularity per period: hourly buckets for 24h, daily otherwise. */
export const SERIES_GRANULARITY = { '24h': 'hour', '7d': 'day', '30d': 'day' } as const;

/**
 * One bucket of the time series: an hour for 24h, a day otherwise (UTC), 24, 7 or 30 buckets
 * ending with the current one. The first bucket starts on the hour (or at midnight), so calls
 * from the part of the period before it count in the totals but in no bucket.
 */
export const llmSeriesPointSchema = z.object({
  timestamp: z.string(),
  calls: z.number().int(),
  errors: z.number().int(),
  total_tokens: z.number().int(),
  cost_usd: z.number(),
});

export const llmMonitoringSchema = z
  .object({
    period: z.enum(INSIGHT_PERIODS),
    granularity: z.enum(['hour', 'day']),
    totals: llmStatsSchema,
    models: z.array(llmModelStatsSchema),
    series: z.array(llmSeriesPointSchema),
  })
  .meta({ id: 'LlmMonitoring' });
export type LlmMonitoring = z.infer<typeof llmMonitoringSchema>;

export const llmModelParams = z.strictObject({
  modelName: text('modelName', 200).refine((v) => v.length > 0, { error: 'modelName must not be empty' }),
});

export const llmModelQuery = llmMonitoringQuery.extend({ ...pageQuery });
export type LlmModelQuery = z.infer<typeof llmModelQuery>;

export const llmCallSchema = z
  .object({
    id: z.number(),
    provider: z.string(),
    purpose: z.string(),
    status: z.enum(LLM_CALL_STATUSES),
    prompt_tokens: z.number().int(),
    completion_tokens: z.number().int(),
    total_tokens: z.number().int(),
    latency_ms: z.number().int(),
    cost_usd: z.number(),
    error: z.string().nullable(),
    knowledge_id: z.number().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'LlmCall' });
export type LlmCall = z.infer<typeof llmCallSchema>;

/** A model is known once it has any call; one without calls in the period answers zero stats. */
export const llmModelDetailSchema = z
  .object({
    model: z.string(),
    providers: z.array(z.string()),
    period: z.enum(INSIGHT_PERIODS),
    granularity: z.enum(['hour', 'day']),
    stats: llmStatsSchema,
    series: z.array(llmSeriesPointSchema),
    /** Newest first, paged by page and page_size (meta.pagination); all time, not only the period. */
    recent_calls: z.array(llmCallSchema),
    /** The 20 newest failed calls, all time. */
    recent_errors: z.array(llmCallSchema),
  })
  .meta({ id: 'LlmModelDetail' });
export type LlmModelDetail = z.infer<typeof llmModelDetailSchema>;
