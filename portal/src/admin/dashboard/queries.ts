import type { z } from 'zod';
import type {
  databaseStatusSchema,
  errorRatesSchema,
  jobStatsSchema,
  JobStatsPeriod,
  queueMetricsSchema,
  systemStatusSchema,
  workerStatsSchema,
} from '@ideamine/shared/contract/dashboard-health';
import type { ApiClient } from '../../api/client';

// The operations dashboard's calls, one function each, so widgets and the desktop console's
// cache share them.

export const adminKeys = {
  systemStatus: ['admin', 'system-status'] as const,
  queueMetrics: ['admin', 'queue-metrics'] as const,
  overview: ['admin', 'overview-counts'] as const,
  recentJobs: ['admin', 'recent-jobs'] as const,
  workerStats: ['admin', 'worker-stats'] as const,
  jobStats: (period: string) => ['admin', 'job-stats', period] as const,
  errorRates: ['admin', 'error-rates'] as const,
  databaseStatus: ['admin', 'database-status'] as const,
};

export type SystemStatus = z.infer<typeof systemStatusSchema>;
export type QueueMetrics = z.infer<typeof queueMetricsSchema>;
export type WorkerStats = z.infer<typeof workerStatsSchema>;
export type JobStats = z.infer<typeof jobStatsSchema>;
export type ErrorRates = z.infer<typeof errorRatesSchema>;
export type DatabaseStatus = z.infer<typeof databaseStatusSchema>;

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

/** The total of a paged list call, read from one row's page. */
export const total = async (client: ApiClient, path: string, query: Record<string, string>) =>
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

export const fetchWorkerStats = async (client: ApiClient) =>
  (await client.get<WorkerStats>('/dashboard/worker-stats')).data;

export const fetchJobStats = async (client: ApiClient, period: JobStatsPeriod) =>
  (await client.get<JobStats>('/dashboard/job-stats', { query: { period } })).data;

export const fetchErrorRates = async (client: ApiClient) =>
  (await client.get<ErrorRates>('/dashboard/error-rates')).data;

export const fetchDatabaseStatus = async (client: ApiClient) =>
  (await client.get<DatabaseStatus>('/dashboard/database-status')).data;

/** A dashboard call's data: the Knowledge & Insights widgets differ only in path and query. */
export const fetchDashboard = async <T>(client: ApiClient, path: string, query?: Record<string, string>) =>
  (await client.get<T>(`/dashboard/${path}`, { query })).data;
