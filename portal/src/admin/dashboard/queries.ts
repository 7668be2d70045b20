import type { ApiClient } from '../../api/client';

// The operations dashboard's calls, one function each, so widgets and the desktop console's
// cache share them.

export const adminKeys = {
  systemStatus: ['admin', 'system-status'] as const,
  queueMetrics: ['admin', 'queue-metrics'] as const,
  overview: ['admin', 'overview-counts'] as const,
  recentJobs: ['admin', 'recent-jobs'] as const,
};

export interface SystemStatus {
  components: { name: string; status: string; last_checked: string; message: string }[];
  overall_status: string;
  timestamp: string;
}

interface QueueDepth {
  depth: number;
  trend: string;
  change_percentage: number;
}
export interface QueueMetrics {
  crawl_tasks_queue: QueueDepth;
  transform_tasks_queue: QueueDepth;
  dead_letter_queue: { depth: number; alert: boolean; threshold: number };
  timestamp: string;
}

export interface RecentJob {
  id: number;
  status: string;
  tag: string;
  initial_url: string;
  created_at: string;
}

export const fetchSystemStatus = async (client: ApiClient, forceRefresh = false) =>
  (await client.get<SystemStatus>('/dashboard/system-status', { query: { forceRefresh: forceRefresh || undefined } }))
    .data;

export const fetchQueueMetrics = async (client: ApiClient) =>
  (await client.get<QueueMetrics>('/dashboard/queue-metrics')).data;

const total = async (client: ApiClient, path: string, query: Record<string, string>) =>
  (await client.get<unknown[]>(path, { query: { page: 1, page_size: 1, ...query } })).meta.pagination?.total ?? 0;

/** The Overview stat cards: job totals by status and active schedules, from the list calls. */
export async function fetchOverviewCounts(client: ApiClient) {
  const [totalJobs, activeJobs, completedJobs, activeSchedules] = await Promise.all([
    total(client, '/jobs', {}),
    total(client, '/jobs', { status: 'active' }),
    total(client, '/jobs', { status: 'completed' }),
    total(client, '/schedules', { is_active: 'true' }),
  ]);
  return { totalJobs, activeJobs, completedJobs, activeSchedules };
}

/** Spec s9: recent jobs are the 5 newest by creation date; the list is empty on failure (s7). */
export const fetchRecentJobs = async (client: ApiClient) =>
  (
    await client
      .get<RecentJob[]>('/jobs', { query: { page: 1, page_size: 5, sort: 'created_at', order: 'desc' } })
      .catch(() => ({ data: [] as RecentJob[] }))
  ).data;
