import { z } from 'zod';

// The System Health tab of the admin dashboard (spec s2, field names from s3): component
// status, queue metrics, worker stats, job stats, error rates and database status.

export const healthStateSchema = z.enum(['healthy', 'degraded', 'down']);
export const trendSchema = z.enum(['increasing', 'decreasing', 'stable']);

const flag = (field: string) =>
  z
    .enum(['true', 'false'], { error: `${field} must be true or false` })
    .optional()
    .transform((v) => v === 'true');

export const systemStatusQuery = z.strictObject({ forceRefresh: flag('forceRefresh') });

export const systemComponentSchema = z
  .object({
    name: z.string(),
    status: healthStateSchema,
    last_checked: z.string(),
    message: z.string(),
  })
  .meta({ id: 'SystemComponent' });

/** Facts about the API process that answered (not cached). */
export const processFactsSchema = z
  .object({
    started_at: z.string(),
    uptime_seconds: z.number(),
    memory: z.object({ rss_mb: z.number(), heap_used_mb: z.number(), heap_total_mb: z.number() }),
    event_loop_lag_ms: z.object({ mean: z.number(), p99: z.number(), max: z.number() }),
    node_version: z.string(),
    postgres_version: z.string(),
  })
  .meta({ id: 'ProcessFacts' });

export const systemStatusSchema = z
  .object({
    components: z.array(systemComponentSchema),
    overall_status: healthStateSchema,
    timestamp: z.string(),
    /** True when the component probes come from the in-process cache (at most 10 s old). */
    cached: z.boolean(),
    process: processFactsSchema,
  })
  .meta({ id: 'SystemStatus' });

const queueDepthSchema = z.object({ depth: z.number(), trend: trendSchema, change_percentage: z.number() });

export const queueMetricsSchema = z
  .object({
    crawl_tasks_queue: queueDepthSchema,
    transform_tasks_queue: queueDepthSchema,
    dead_letter_queue: z.object({ depth: z.number(), alert: z.boolean(), threshold: z.number() }),
    timestamp: z.string(),
  })
  .meta({ id: 'QueueMetrics' });

export const workerStatsSchema = z
  .object({
    active_crawl_workers: z.number(),
    active_transform_workers: z.number(),
    hourly_throughput: z.array(
      z.object({ timestamp: z.string(), crawl_tasks: z.number(), transform_tasks: z.number() }),
    ),
    daily_throughput: z.array(z.object({ date: z.string(), crawl_tasks: z.number(), transform_tasks: z.number() })),
    timestamp: z.string(),
  })
  .meta({ id: 'WorkerStats' });

export const JOB_STATS_PERIODS = ['24h', '7d', '30d'] as const;
export type JobStatsPeriod = (typeof JOB_STATS_PERIODS)[number];

export const jobStatsQuery = z.strictObject({
  period: z.enum(JOB_STATS_PERIODS, { error: 'period must be 24h, 7d or 30d' }).default('24h'),
});

export const jobStatsSchema = z
  .object({
    period: z.enum(JOB_STATS_PERIODS),
    new_jobs: z.object({ total: z.number(), manual: z.number(), scheduled: z.number() }),
    completed_jobs: z.number(),
    active_jobs: z.number(),
    failed_jobs: z.object({
      total: z.number(),
      by_reason: z.array(z.object({ reason: z.string(), count: z.number() })),
    }),
    previous_period_change: z.object({
      new_jobs_percentage: z.number(),
      completed_jobs_percentage: z.number(),
      failed_jobs_percentage: z.number(),
      active_jobs_percentage: z.number(),
    }),
    timestamp: z.string(),
  })
  .meta({ id: 'JobStats' });

const errorRateSchema = z.object({ rate: z.number(), threshold: z.number(), alert: z.boolean() });

export const errorRatesSchema = z
  .object({
    crawl_task_errors: errorRateSchema,
    transform_task_errors: errorRateSchema,
    llm_analysis_errors: errorRateSchema,
    timestamp: z.string(),
  })
  .meta({ id: 'ErrorRates' });

export const databaseStatusSchema = z
  .object({
    connection_status: z.enum(['connected', 'disconnected']),
    storage_utilization: z.object({ used_mb: z.number(), total_mb: z.number(), percentage: z.number() }),
    query_performance: z.object({ avg_response_time_ms: z.number(), samples: z.number() }),
    record_counts: z.array(z.object({ entity: z.string(), count: z.number(), estimated: z.boolean() })),
    timestamp: z.string(),
  })
  .meta({ id: 'DatabaseStatus' });
