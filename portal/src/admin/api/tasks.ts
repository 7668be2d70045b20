import type { z } from 'zod';
import type {
  bulkActionSchema,
  bulkTaskResultSchema,
  taskFilterSchema,
  taskKindSchema,
  taskSearchHitSchema,
} from '@ideamine/shared/contract/queue-control';
import type { droppedItemSchema, TASK_STATUSES } from '@ideamine/shared/contract/jobs';
import type { ApiClient } from '../../api/client';
import { fetchPage } from '../../queries/paged';

// Crawl and transform tasks as the queue control of the operations API sees them (admin):
// search, one task at a time (retry, cancel, delete) and in bulk over a filter, counted first.
// Re-running one task of a job (tasks:write) goes through /tasks/{kind}/{id}/run.

export type TaskKind = z.infer<typeof taskKindSchema>;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export type TaskHit = z.infer<typeof taskSearchHitSchema>;
export type BulkAction = z.infer<typeof bulkActionSchema>;
export type BulkResult = z.infer<typeof bulkTaskResultSchema>;
export type TaskFilter = z.input<typeof taskFilterSchema>;
export type DroppedItem = z.infer<typeof droppedItemSchema>;
export interface TaskSearch {
  kind?: TaskKind | undefined;
  q?: string | undefined;
  status?: TaskStatus | undefined;
  job_id?: number | undefined;
}

export const taskKeys = {
  all: ['admin', 'tasks'] as const,
  search: (filters: TaskSearch) => ['admin', 'tasks', 'search', filters] as const,
  dropped: (id: number) => ['admin', 'tasks', 'dropped', id] as const,
};

export const searchTasks = (client: ApiClient, filters: TaskSearch, page: number, pageSize: number) =>
  fetchPage<TaskHit>(client, '/admin/queues/tasks', { ...filters, page, page_size: pageSize });

/** Counts (confirm false) or changes (confirm true) the tasks a filter matches. */
export const bulkTasks = async (
  client: ApiClient,
  body: { action: BulkAction; filter: TaskFilter; reason: string; confirm: boolean },
) => (await client.post<BulkResult>('/admin/queues/tasks/bulk', body)).data;

export const retryTask = async (client: ApiClient, kind: TaskKind, id: number) =>
  (await client.post<{ message: string }>(`/admin/queues/tasks/${kind}/${id}/retry`)).data;

export const cancelTask = async (client: ApiClient, kind: TaskKind, id: number, reason: string) =>
  (await client.post<{ message: string }>(`/admin/queues/tasks/${kind}/${id}/cancel`, reason ? { reason } : {})).data;

export const deleteTask = async (client: ApiClient, kind: TaskKind, id: number) =>
  (await client.delete<{ message: string }>(`/admin/queues/tasks/${kind}/${id}`)).data;

/** Every item the pre-filter dropped from a transform task's page, a page at a time (tasks:read). */
export const fetchDroppedItems = (client: ApiClient, id: number, page: number, pageSize: number) =>
  fetchPage<DroppedItem>(client, `/tasks/transform/${id}/dropped-items`, { page, page_size: pageSize });

/**
 * Overrules the pre-filter: the task runs again keeping the named items it dropped as ideas, or
 * every one when none are named (tasks:write).
 */
export const keepDroppedAsIdeas = async (client: ApiClient, id: number, urls?: string[]) =>
  (await client.post<{ message: string }>(`/tasks/transform/${id}/keep-as-ideas`, urls ? { urls } : {})).data;

/** Runs one task of a job again (tasks:write); its job reopens. */
export const rerunTask = async (client: ApiClient, kind: TaskKind, id: number) =>
  (await client.post<{ message: string }>(`/tasks/${kind}/${id}/run`)).data;
