import { z } from 'zod';

// The pg-boss queues of the pipeline and their payloads. Each queue has a dead-letter queue
// named `<queue>.dead` that collects jobs whose retries ran out.

export const QUEUES = {
  crawl: { payload: z.object({ taskIds: z.array(z.number().int()).min(1) }), retryLimit: 3 },
  transform: { payload: z.object({ taskIds: z.array(z.number().int()).min(1) }), retryLimit: 3 },
  enrich: { payload: z.object({ knowledgeIds: z.array(z.number().int()).min(1) }), retryLimit: 3 },
  analyse: {
    // rescore: ideas already analysed, scored again by a newer idea model in place.
    payload: z.object({ knowledgeIds: z.array(z.number().int()).min(1), rescore: z.boolean().optional() }),
    retryLimit: 3,
  },
  'schedule-tick': { payload: z.object({}).passthrough(), retryLimit: 0 },
  'profit-analysis': { payload: z.object({ batchId: z.number().int() }), retryLimit: 3 },
  // One watchlist match to POST to its watchlist's webhook; retried with backoff (5 s, 10 s, ...).
  // Hourly: the watchlist email digests that are due (worker/src/jobs/digest.ts).
  digest: { payload: z.object({}).passthrough(), retryLimit: 0 },
  webhook: { payload: z.object({ deliveryId: z.number().int() }), retryLimit: 5 },
} as const;

export type QueueName = keyof typeof QUEUES;
export type QueuePayload<Q extends QueueName> = z.infer<(typeof QUEUES)[Q]['payload']>;

export const QUEUE_NAMES = Object.keys(QUEUES) as QueueName[];
export const deadLetterQueue = (q: QueueName) => `${q}.dead`;

/** How many tasks one queue message carries: the unit of batching for reads and writes. */
export const TASKS_PER_MESSAGE = 16;

/** Tries at delivering one webhook before it is recorded as failed (the first and the retries). */
export const WEBHOOK_MAX_ATTEMPTS = QUEUES.webhook.retryLimit + 1;
