import { z } from 'zod';
import { MAX_ID, pageQuery, text } from './common';
import { QUEUE_NAMES, type QueueName } from '../jobs';
import { taskStatusSchema } from './jobs';

// Operator queue control (issue 5, beyond the spec): act on crawl and transform tasks one at a
// time or in bulk, replay dead-letter messages, pause and resume queues, search tasks.

export const TASK_KINDS = ['crawl', 'transform'] as const;
export const taskKindSchema = z.enum(TASK_KINDS, { error: 'kind must be crawl or transform' });
/** Replays of one message from its dead-letter queue before it is refused. */
export const MAX_DEAD_LETTER_REPLAYS = 3;
/** Tasks one bulk call may change; narrow the filter for more. */
export const MAX_BULK_TASKS = 50_000;
/** Task ids one bulk call may name (checked rows). */
export const MAX_BULK_IDS = 1000;

export const taskRefParams = z.strictObject({
  kind: taskKindSchema,
  id: z.coerce
    .number({ error: 'id must be a positive whole number' })
    .int({ error: 'id must be a positive whole number' })
    .positive({ error: 'id must be a positive whole number' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'id must be a positive whole number' }),
});

export const reasonSchema = text('reason', 500).pipe(
  z.string().min(3, { error: 'reason must be at least 3 characters' }),
);

export const taskFilterSchema = z.strictObject({
  kind: taskKindSchema,
  job_id: z.number({ error: 'job_id must be a number' }).int().positive().max(MAX_ID).optional(),
  status: taskStatusSchema.optional(),
  /** Case-insensitive text searched in the url (crawl), error and skip_reason. */
  error_contains: text('error_contains', 200).optional(),
  /** Only these tasks (rows an operator checked); the other conditions still apply. */
  ids: z
    .array(
      z
        .number({ error: 'ids must be positive whole numbers' })
        .int({ error: 'ids must be positive whole numbers' })
        .positive({ error: 'ids must be positive whole numbers' })
        .max(Number.MAX_SAFE_INTEGER, { error: 'ids must be positive whole numbers' }),
      { error: 'ids must be a list of task ids' },
    )
    .min(1, { error: 'ids must name at least one task' })
    .max(MAX_BULK_IDS, { error: `ids may name at most ${MAX_BULK_IDS} tasks` })
    .optional(),
});

export const bulkActionSchema = z.enum(['retry', 'cancel', 'delete'], {
  error: 'action must be retry, cancel or delete',
});

export const bulkTaskBody = z.strictObject({
  action: bulkActionSchema,
  filter: taskFilterSchema,
  reason: reasonSchema,
  /** false (default): only count the tasks the action would change. */
  confirm: z.boolean({ error: 'confirm must be true or false' }).default(false),
});

export const bulkTaskResultSchema = z
  .object({ action: bulkActionSchema, matched: z.number(), affected: z.number(), performed: z.boolean() })
  .meta({ id: 'BulkTaskResult' });

export const reasonBody = z.strictObject({ reason: reasonSchema.optional() });

export const queueParams = z.strictObject({
  queue: z.enum(QUEUE_NAMES as [QueueName, ...QueueName[]], {
    error: `queue must be one of ${QUEUE_NAMES.join(', ')}`,
  }),
});

export const queueStateSchema = z
  .object({
    queue: z.string(),
    paused: z.boolean(),
    paused_at: z.string().nullable(),
    reason: z.string().nullable(),
    waiting: z.number(),
    dead_letter: z.number(),
    /** Live workers that serve the queue, and how many of them have stopped fetching it (a pause takes hold within a second or two). */
    workers: z.number(),
    workers_paused: z.number(),
  })
  .meta({ id: 'QueueState' });

export const replayBody = z.strictObject({
  reason: reasonSchema,
  /** One dead-letter message by its pg-boss id; all of the queue's (up to limit) when absent. */
  message_id: z.uuid({ error: 'message_id must be a UUID' }).optional(),
  limit: z
    .number({ error: 'limit must be a whole number from 1 to 1000' })
    .int({ error: 'limit must be a whole number from 1 to 1000' })
    .min(1, { error: 'limit must be a whole number from 1 to 1000' })
    .max(1000, { error: 'limit must be a whole number from 1 to 1000' })
    .default(100),
});

export const replayResultSchema = z
  .object({ replayed: z.number(), refused: z.number(), max_replays: z.number() })
  .meta({ id: 'ReplayResult' });

export const taskSearchQuery = z.strictObject({
  ...pageQuery,
  kind: taskKindSchema.optional(),
  q: text('q', 200).optional(),
  status: taskStatusSchema.optional(),
  job_id: z.coerce.number({ error: 'job_id must be a number' }).int().positive().max(MAX_ID).optional(),
});

export const taskSearchHitSchema = z
  .object({
    kind: taskKindSchema,
    id: z.number(),
    job_id: z.number().nullable(),
    status: taskStatusSchema,
    url: z.string().nullable(),
    error: z.string().nullable(),
    skip_reason: z.string().nullable(),
    attempts: z.number(),
    finished_at: z.string().nullable(),
    updated_at: z.string(),
  })
  .meta({ id: 'TaskSearchHit' });
