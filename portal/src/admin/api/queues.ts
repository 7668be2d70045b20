import type { z } from 'zod';
import type { queueStateSchema, replayResultSchema } from '@ideamine/shared/contract/queue-control';
import type { ApiClient } from '../../api/client';

// The pipeline's queues (admin): waiting and dead-letter depth, pause and resume with a reason,
// dead-letter replay.

export type QueueState = z.infer<typeof queueStateSchema>;
export type ReplayResult = z.infer<typeof replayResultSchema>;

export const queueKeys = {
  all: ['admin', 'queues'] as const,
};

export const fetchQueues = async (client: ApiClient) => (await client.get<QueueState[]>('/admin/queues')).data;

export const setQueuePaused = async (client: ApiClient, queue: string, paused: boolean, reason: string) =>
  (await client.post<QueueState>(`/admin/queues/${queue}/${paused ? 'pause' : 'resume'}`, reason ? { reason } : {}))
    .data;

export const replayDeadLetters = async (client: ApiClient, queue: string, reason: string, limit: number) =>
  (await client.post<ReplayResult>(`/admin/queues/${queue}/dead-letter/replay`, { reason, limit })).data;
