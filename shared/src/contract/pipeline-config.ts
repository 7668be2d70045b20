import { z } from 'zod';
import { MAX_ID, orderQuery, pageQuery, patternList, text } from './common';
import { createJobBody, httpUrlField, patternProblemSchema } from './jobs';

// Raw data, extraction schemas, schedules, crawl rate limits and settings: the operator's
// configuration of the pipeline.

// ---- raw data
export const rawDataSchema = z
  .object({
    id: z.number(),
    job_id: z.number().nullable(),
    crawl_task_id: z.number().nullable(),
    url: z.string(),
    final_url: z.string().nullable(),
    domain: z.string(),
    content_type: z.string(),
    http_status: z.number().nullable(),
    content_hash: z.string(),
    size_bytes: z.number(),
    fetched_at: z.string(),
    created_by: z.number().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    content_preview: z.string(),
  })
  .meta({ id: 'RawData' });
export const rawDataDetailSchema = rawDataSchema.extend({ content: z.string() }).meta({ id: 'RawDataDetail' });

const CONTENT_TYPES = [
  'text/html',
  'application/json',
  'application/rss+xml',
  'application/atom+xml',
  'application/xml',
  'text/plain',
] as const;
export const createRawDataBody = z
  .strictObject({
    url: httpUrlField('url'),
    content: z
      .string({ error: 'content must be a string' })
      .min(1, { error: 'content must not be empty' })
      .max(5_000_000, { error: 'content must be at most 5,000,000 characters' }),
    content_type: z.enum(CONTENT_TYPES, { error: `content_type must be one of ${CONTENT_TYPES.join(', ')}` }),
    schema_id: z.number({ error: 'schema_id must be a number' }).int().positive().max(MAX_ID).nullable().optional(),
  })
  .meta({ id: 'CreateRawData' });
export const updateRawDataBody = z
  .strictObject({
    url: httpUrlField('url').optional(),
    content: z.string({ error: 'content must be a string' }).min(1).max(5_000_000).optional(),
    content_type: z
      .enum(CONTENT_TYPES, { error: `content_type must be one of ${CONTENT_TYPES.join(', ')}` })
      .optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { error: 'Provide at least one of url, content, content_type' })
  .meta({ id: 'UpdateRawData' });
export const listRawDataQuery = z.strictObject({
  ...pageQuery,
  job_id: z.coerce.number({ error: 'job_id must be a number' }).int().positive().max(MAX_ID).optional(),
  search: text('search', 200).optional(),
  order: orderQuery.default('desc'),
});

// ---- extraction schemas
const fieldSpec = text('fields value', 300);
export const schemaFieldsSchema = z
  .strictObject({
    title: fieldSpec.optional(),
    url: fieldSpec.optional(),
    body: fieldSpec.optional(),
    summary: fieldSpec.optional(),
    author: fieldSpec.optional(),
    published_at: fieldSpec.optional(),
    url_template: fieldSpec.optional(),
  })
  .meta({ id: 'SchemaFields' });
export type SchemaFields = z.infer<typeof schemaFieldsSchema>;

const schemaShape = {
  name: text('name', 100).pipe(z.string().min(1, { error: 'name is required' })),
  description: text('description', 1000).optional(),
  type: z.enum(['html', 'feed', 'json'], { error: 'type must be html, feed or json' }),
  item_selector: text('item_selector', 300).nullable().optional(),
  fields: schemaFieldsSchema.optional(),
  follow_patterns: patternList('follow_patterns').optional(),
};
const needsTitle = (b: { type?: string; item_selector?: string | null; fields?: { title?: string } }) =>
  !(b.type === 'json' || (b.type === 'html' && b.item_selector)) || !!b.fields?.title;
export const createSchemaBody = z
  .strictObject(schemaShape)
  .refine(needsTitle, {
    error: 'fields.title is required for json schemas and html schemas with an item_selector',
    path: ['fields', 'title'],
  })
  .meta({ id: 'CreateSchema' });
export const updateSchemaBody = z
  .strictObject({ ...schemaShape, name: schemaShape.name.optional(), type: schemaShape.type.optional() })
  .refine((b) => Object.keys(b).length > 0, { error: 'Provide at least one field to change' })
  .meta({ id: 'UpdateSchema' });
export const extractionSchemaSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    description: z.string(),
    type: z.enum(['html', 'feed', 'json']),
    item_selector: z.string().nullable(),
    fields: z.record(z.string(), z.string()),
    follow_patterns: z.array(z.string()),
    pattern_problems: z.array(patternProblemSchema),
    is_builtin: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'ExtractionSchema' });

// ---- schedules
export const cronField = z
  .string({ error: 'cron must be a string' })
  .trim()
  .regex(/^(\S+\s+){4}\S+$/, { error: 'cron must have five fields: minute hour day-of-month month day-of-week' });
export const timezoneField = z.string({ error: 'timezone must be a string' }).refine(
  (tz) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  },
  { error: 'timezone must be an IANA time zone such as UTC or Europe/Berlin' },
);
export const createScheduleBody = z
  .strictObject({
    name: text('name', 100).pipe(z.string().min(1, { error: 'name is required' })),
    cron: cronField,
    timezone: timezoneField.default('UTC'),
    job_template: createJobBody,
    is_active: z.boolean({ error: 'is_active must be true or false' }).default(false),
  })
  .meta({ id: 'CreateSchedule' });
export const updateScheduleBody = z
  .strictObject({
    name: text('name', 100).pipe(z.string().min(1)).optional(),
    cron: cronField.optional(),
    timezone: timezoneField.optional(),
    job_template: createJobBody.optional(),
    is_active: z.boolean({ error: 'is_active must be true or false' }).optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { error: 'Provide at least one field to change' })
  .meta({ id: 'UpdateSchedule' });
export const scheduleSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    cron: z.string(),
    timezone: z.string(),
    job_template: z.record(z.string(), z.unknown()),
    is_active: z.boolean(),
    next_run_at: z.string().nullable(),
    last_run_at: z.string().nullable(),
    last_job_id: z.number().nullable(),
    is_builtin: z.boolean(),
    /** Who created the schedule; the jobs it starts are theirs (null: built in, or the account is gone). */
    created_by: z.number().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Schedule' });

// ---- rate limits
const domainPattern = z
  .string({ error: 'domain_pattern must be a string' })
  .trim()
  .toLowerCase()
  .regex(/^(\*|(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*|\d{1,3}(\.\d{1,3}){3})$/, {
    error: "domain_pattern must be a host (example.com), a wildcard (*.example.com) or '*'",
  });
const rateShape = {
  domain_pattern: domainPattern,
  requests_per_minute: z
    .number({ error: 'requests_per_minute must be a number' })
    .int()
    .min(1, { error: 'requests_per_minute must be 1 to 100000' })
    .max(100_000, { error: 'requests_per_minute must be 1 to 100000' }),
  burst: z
    .number({ error: 'burst must be a number' })
    .int()
    .min(1, { error: 'burst must be 1 to 1000' })
    .max(1000, { error: 'burst must be 1 to 1000' })
    .default(1),
  max_concurrency: z
    .number({ error: 'max_concurrency must be a number' })
    .int()
    .min(1, { error: 'max_concurrency must be 1 to 256' })
    .max(256, { error: 'max_concurrency must be 1 to 256' })
    .default(2),
};
export const createRateLimitBody = z.strictObject(rateShape).meta({ id: 'CreateRateLimit' });
export const updateRateLimitBody = z
  .strictObject({
    domain_pattern: rateShape.domain_pattern.optional(),
    requests_per_minute: rateShape.requests_per_minute.optional(),
    burst: z.number().int().min(1).max(1000).optional(),
    max_concurrency: z.number().int().min(1).max(256).optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { error: 'Provide at least one field to change' })
  .meta({ id: 'UpdateRateLimit' });
export const rateLimitSchema = z
  .object({
    id: z.number(),
    domain_pattern: z.string(),
    requests_per_minute: z.number(),
    burst: z.number(),
    max_concurrency: z.number(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'RateLimit' });

// ---- settings
export const settingSchema = z
  .object({
    key: z.string(),
    value: z.unknown(),
    default: z.unknown(),
    description: z.string(),
    is_default: z.boolean(),
    updated_at: z.string().nullable(),
  })
  .meta({ id: 'Setting' });
export const settingKeyParam = z.strictObject({ key: text('key', 100) });
export const createSettingBody = z
  .strictObject({ key: text('key', 100), value: z.unknown() })
  .meta({ id: 'CreateSetting' });
export const updateSettingBody = z.strictObject({ value: z.unknown() }).meta({ id: 'UpdateSetting' });
