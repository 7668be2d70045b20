import { z } from 'zod';
import { MAX_PATTERNS_PER_JOB } from '../pattern';
import { MAX_ID, orderQuery, pageQuery, patternList, text } from './common';
import { knowledgeListItemSchema } from './knowledge';

// Jobs: one crawl of a start URL within a budget, and what it produced.

export const JOB_STATUSES = ['pending', 'active', 'completed', 'failed', 'partially_completed', 'skipped'] as const;
export const TASK_STATUSES = ['pending', 'active', 'completed', 'failed', 'skipped'] as const;

export const jobStatusSchema = z.enum(JOB_STATUSES, { error: `status must be one of ${JOB_STATUSES.join(', ')}` });
export const taskStatusSchema = z.enum(TASK_STATUSES, { error: `status must be one of ${TASK_STATUSES.join(', ')}` });

export const httpUrlField = (field: string) =>
  z
    .string({ error: `${field} must be a string` })
    .trim()
    .max(2000, { error: `${field} must be at most 2000 characters` })
    .refine(
      (v) => {
        try {
          const u = new URL(v);
          return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname;
        } catch {
          return false;
        }
      },
      { error: `${field} must be an absolute http(s) URL` },
    );

/**
 * Whether a feed's items are read in full from their links: 'auto' when an item's own text is
 * under 300 characters (most feeds give a line or two), 'always', or 'never'.
 */
export const FOLLOW_FEED_ITEMS = ['auto', 'always', 'never'] as const;

/** The crawl budget and scope, shared by jobs and schedule templates. */
export const jobSettingsShape = {
  tag: text('tag', 100).optional(),
  schema_id: z.number({ error: 'schema_id must be a number' }).int().positive().max(MAX_ID).nullable().optional(),
  max_pages: z
    .number({ error: 'max_pages must be a number' })
    .int()
    .min(1, { error: 'max_pages must be 1 to 10000' })
    .max(10_000, { error: 'max_pages must be 1 to 10000' })
    .optional(),
  max_depth: z
    .number({ error: 'max_depth must be a number' })
    .int()
    .min(0, { error: 'max_depth must be 0 to 10' })
    .max(10, { error: 'max_depth must be 0 to 10' })
    .optional(),
  same_domain: z.boolean({ error: 'same_domain must be true or false' }).optional(),
  include_patterns: patternList('include_patterns').optional(),
  exclude_patterns: patternList('exclude_patterns').optional(),
  time_limit_seconds: z
    .number({ error: 'time_limit_seconds must be a number' })
    .int()
    .min(10, { error: 'time_limit_seconds must be 10 to 86400' })
    .max(86_400, { error: 'time_limit_seconds must be 10 to 86400' })
    .optional(),
  follow_feed_items: z
    .enum(FOLLOW_FEED_ITEMS, { error: "follow_feed_items must be 'auto', 'always' or 'never'" })
    .optional(),
};

export const createJobBody = z
  .strictObject({ initial_url: httpUrlField('initial_url'), ...jobSettingsShape })
  .refine((b) => (b.include_patterns?.length ?? 0) + (b.exclude_patterns?.length ?? 0) <= MAX_PATTERNS_PER_JOB, {
    error: `include_patterns and exclude_patterns may hold at most ${MAX_PATTERNS_PER_JOB} patterns together`,
    path: ['exclude_patterns'],
  })
  .meta({ id: 'CreateJob' });
export type CreateJobBody = z.infer<typeof createJobBody>;

export const updateJobBody = z
  .strictObject({
    tag: text('tag', 100).optional(),
    action: z.literal('cancel', { error: "action must be 'cancel'" }).optional(),
  })
  .refine((b) => b.tag !== undefined || b.action !== undefined, { error: 'Provide tag or action' })
  .meta({ id: 'UpdateJob' });

export const JOB_SORTS = ['created_at', 'status', 'tag', 'initial_url'] as const;
export const listJobsQuery = z.strictObject({
  ...pageQuery,
  status: jobStatusSchema.optional(),
  tag: text('tag', 100).optional(),
  search: text('search', 200).optional(),
  sort: z.enum(JOB_SORTS, { error: `sort must be one of ${JOB_SORTS.join(', ')}` }).default('created_at'),
  order: orderQuery.default('desc'),
});
export type ListJobsQuery = z.infer<typeof listJobsQuery>;

/** One stage of a job: its tasks (crawl, transform) or its ideas (enrich, analyse) done, failed and in all. */
export const stageCountSchema = z.object({ done: z.number(), failed: z.number(), total: z.number() });

export const JOB_STAGES = ['crawl', 'transform', 'enrich', 'analyse'] as const;

export const jobCountsSchema = z.object({
  crawl_tasks: z.record(z.string(), z.number()),
  transform_tasks: z.record(z.string(), z.number()),
  /** Posts the pre-filter judged not to be ideas, and the transform tasks skipped because it kept none of theirs. */
  not_ideas: z.object({ posts: z.number(), pages: z.number() }),
  raw_data: z.number(),
  knowledge: z.number(),
  /** The job is completed only when every stage is done or failed for all its items. */
  stages: z.object({
    crawl: stageCountSchema,
    transform: stageCountSchema,
    enrich: stageCountSchema,
    analyse: stageCountSchema,
  }),
});

export const patternProblemSchema = z.object({ field: z.string(), pattern: z.string(), problem: z.string() }).meta({
  id: 'PatternProblem',
  description: 'A stored pattern the crawler skips because it cannot run in linear time',
});

export const jobSchema = z
  .object({
    id: z.number(),
    status: jobStatusSchema,
    tag: z.string(),
    initial_url: z.string(),
    origin: z.enum(['manual', 'scheduled']),
    schedule_id: z.number().nullable(),
    schema_id: z.number().nullable(),
    max_pages: z.number(),
    max_depth: z.number(),
    same_domain: z.boolean(),
    include_patterns: z.array(z.string()),
    exclude_patterns: z.array(z.string()),
    pattern_problems: z.array(patternProblemSchema),
    time_limit_seconds: z.number(),
    follow_feed_items: z.enum(FOLLOW_FEED_ITEMS),
    error: z.string().nullable(),
    /** Who started the job (null: a built-in schedule, or the account is gone). */
    created_by: z.number().nullable(),
    /** Their username, for the owner column operators see. */
    created_by_username: z.string().nullable(),
    created_at: z.string(),
    started_at: z.string().nullable(),
    finished_at: z.string().nullable(),
    cancelled_at: z.string().nullable(),
  })
  .meta({ id: 'Job' });
export type Job = z.infer<typeof jobSchema>;

export const crawlTaskSchema = z
  .object({
    id: z.number(),
    job_id: z.number(),
    url: z.string(),
    depth: z.number(),
    discovered_via: z.string(),
    status: taskStatusSchema,
    attempts: z.number(),
    http_status: z.number().nullable(),
    content_type: z.string().nullable(),
    bytes: z.number().nullable(),
    duration_ms: z.number().nullable(),
    error: z.string().nullable(),
    skip_reason: z.string().nullable(),
    created_at: z.string(),
    finished_at: z.string().nullable(),
  })
  .meta({ id: 'CrawlTask' });

export const transformTaskSchema = z
  .object({
    id: z.number(),
    job_id: z.number().nullable(),
    raw_data_id: z.number(),
    schema_id: z.number().nullable(),
    status: taskStatusSchema,
    attempts: z.number(),
    items_created: z.number(),
    error: z.string().nullable(),
    skip_reason: z.string().nullable(),
    /** The first items the pre-filter dropped from the page, each with its reason (all of them: GET .../dropped-items). */
    dropped_items: z.array(z.object({ title: z.string(), url: z.string(), reason: z.string() })),
    /** How many items the pre-filter dropped from the page. */
    dropped_count: z.number(),
    /** Items an operator overruled the pre-filter on: kept as ideas whatever the model says. */
    keep_urls: z.array(z.string()),
    created_at: z.string(),
    finished_at: z.string().nullable(),
  })
  .meta({ id: 'TransformTask' });

/** One item the pre-filter dropped from a transform task's page; position is its place on the page, from 0. */
export const droppedItemSchema = z
  .object({ position: z.number(), title: z.string(), url: z.string(), reason: z.string() })
  .meta({ id: 'DroppedItem' });

/** How many dropped items one keep-as-ideas call may name. */
export const MAX_KEEP_URLS = 500;

/** Which dropped items to keep as ideas, by URL; all the pre-filter dropped from the page when absent. */
export const keepAsIdeasBody = z
  .strictObject({
    urls: z
      .array(text('urls', 2000), { error: 'urls must be a list of item URLs' })
      .min(1, { error: 'urls must name at least one item; leave it out to keep every dropped item' })
      .max(MAX_KEEP_URLS, { error: `urls can name at most ${MAX_KEEP_URLS} items` })
      .optional(),
  })
  .meta({ id: 'KeepAsIdeas' });

/** How many of each list GET /jobs/{id}/detail carries; the paged task and data calls have the rest. */
export const JOB_DETAIL_LIMIT = 50;

export const rawDataSummarySchema = z
  .object({
    id: z.number(),
    url: z.string(),
    content_type: z.string(),
    http_status: z.number().nullable(),
    size_bytes: z.number(),
    fetched_at: z.string(),
  })
  .meta({ id: 'RawDataSummary' });

export const jobDetailSchema = z
  .object({
    job: jobSchema,
    counts: jobCountsSchema,
    crawl_tasks: z.array(crawlTaskSchema),
    transform_tasks: z.array(transformTaskSchema),
    raw_data: z.array(rawDataSummarySchema),
    knowledge_data: z.array(knowledgeListItemSchema),
  })
  .meta({ id: 'JobDetail' });
