// Built-in sample data each widget shows, under its warning banner, when its call fails (spec
// s4, s8). Plainly sample: round numbers, names that say so.

const now = () => new Date().toISOString();

import type { DatabaseStatus, ErrorRates, JobStats, QueueMetrics, SystemStatus, WorkerStats } from './queries';

const hoursBack = (n: number) => new Date(Date.now() - n * 3600_000).toISOString();
const daysBack = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

export const SAMPLE_SYSTEM_STATUS = (): SystemStatus => ({
  components: [
    { name: 'database (sample)', status: 'healthy' as const, last_checked: now(), message: 'Sample data' },
    { name: 'queue (sample)', status: 'healthy' as const, last_checked: now(), message: 'Sample data' },
    { name: 'llm (sample)', status: 'degraded' as const, last_checked: now(), message: 'Sample data' },
  ],
  overall_status: 'degraded' as const,
  timestamp: now(),
  cached: false,
  process: {
    started_at: now(),
    uptime_seconds: 0,
    memory: { rss_mb: 0, heap_used_mb: 0, heap_total_mb: 0 },
    event_loop_lag_ms: { mean: 0, p99: 0, max: 0 },
    node_version: 'sample',
    postgres_version: 'sample',
  },
});

export const SAMPLE_QUEUE_METRICS = (): QueueMetrics => ({
  crawl_tasks_queue: { depth: 120, trend: 'increasing' as const, change_percentage: 12 },
  transform_tasks_queue: { depth: 40, trend: 'decreasing' as const, change_percentage: -8 },
  dead_letter_queue: { depth: 3, alert: false, threshold: 100 },
  timestamp: now(),
});

export const SAMPLE_OVERVIEW = () => ({ totalJobs: 100, activeJobs: 4, completedJobs: 80, activeSchedules: 3 });

export const SAMPLE_WORKER_STATS = (): WorkerStats => ({
  active_crawl_workers: 2,
  active_transform_workers: 1,
  hourly_throughput: [5, 4, 3, 2, 1, 0].map((h) => ({
    timestamp: hoursBack(h),
    crawl_tasks: 100 + h * 10,
    transform_tasks: 60 + h * 5,
  })),
  daily_throughput: [6, 5, 4, 3, 2, 1, 0].map((d) => ({
    date: daysBack(d),
    crawl_tasks: 2000 + d * 100,
    transform_tasks: 1200 + d * 50,
  })),
  timestamp: now(),
});

export const SAMPLE_JOB_STATS = (period: JobStats['period']): JobStats => ({
  period,
  new_jobs: { total: 20, manual: 12, scheduled: 8 },
  completed_jobs: 15,
  active_jobs: 2,
  failed_jobs: { total: 3, by_reason: [{ reason: 'Sample reason', count: 3 }] },
  previous_period_change: {
    new_jobs_percentage: 10,
    completed_jobs_percentage: 5,
    failed_jobs_percentage: -20,
    active_jobs_percentage: 0,
  },
  timestamp: now(),
});

export const SAMPLE_ERROR_RATES = (): ErrorRates => ({
  crawl_task_errors: { rate: 2, threshold: 10, alert: false },
  transform_task_errors: { rate: 8, threshold: 10, alert: false },
  llm_analysis_errors: { rate: 12, threshold: 10, alert: true },
  timestamp: now(),
});

export const SAMPLE_DATABASE_STATUS = (): DatabaseStatus => ({
  connection_status: 'connected',
  storage_utilization: { used_mb: 512, total_mb: 10240, percentage: 5 },
  query_performance: { avg_response_time_ms: 2, samples: 10 },
  record_counts: [{ entity: 'knowledge (sample)', count: 100, estimated: false }],
  timestamp: now(),
});
