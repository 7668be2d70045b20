import type { z } from 'zod';
import type { taskSearchHitSchema } from '@ideamine/shared/contract/queue-control';
import type { ApiClient } from '../../api/client';
import { fetchPage } from '../../queries/paged';

// The system health screen's own reads; the widgets use dashboard/queries.ts.

export type TaskFailure = z.infer<typeof taskSearchHitSchema>;

export const systemHealthKeys = { failures: ['admin', 'system-health', 'failures'] as const };

/** Failed crawl and transform tasks with their errors, newest first: the pipeline's error log. */
export const fetchTaskFailures = (client: ApiClient, page: number, pageSize: number) =>
  fetchPage<TaskFailure>(client, '/admin/queues/tasks', { status: 'failed', page, page_size: pageSize });
