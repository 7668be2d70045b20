import { percentOf } from '@ideamine/shared/trend';
import {
  databaseStatusSchema,
  errorRatesSchema,
  jobStatsQuery,
  jobStatsSchema,
  queueMetricsSchema,
  systemStatusQuery,
  systemStatusSchema,
  workerStatsSchema,
} from '@ideamine/shared/contract/dashboard-health';
import { role } from '@ideamine/shared/permissions';
import { readSetting } from '@ideamine/server/commands/settings';
import {
  averageProbeMs,
  baselineSample,
  databaseSize,
  deadLetterDepths,
  depthTrend,
  errorRates,
  jobStats,
  liveWorkers,
  pendingDepths,
  probeDatabase,
  recordCounts,
  recordSampleIfDue,
  throughput,
} from '@ideamine/server/queries/dashboard-health';
import { processFacts, systemComponents, worst } from '@ideamine/server/queries/dashboard-health-status';
import { defineRoute, ok } from '../define';

// The System Health tab of the admin dashboard (spec s2, s3). /admin is admin-only, so is this.

const tag = 'Admin dashboard';
const ADMIN = role('admin');
const now = () => new Date().toISOString();

export const dashboardHealthRoutes = [
  defineRoute({
    id: 'dashboard.system_status',
    method: 'GET',
    path: '/dashboard/system-status',
    summary:
      'Health of the database, queue, each worker group, the LLM provider and the disk (probes cached 10 s; forceRefresh=true re-probes), plus process facts',
    tag,
    requirement: ADMIN,
    query: systemStatusQuery,
    response: systemStatusSchema,
    sharedCache: true,
    handler: async ({ app, query }) => {
      const [{ components, cached }, facts] = await Promise.all([
        systemComponents(app, query.forceRefresh),
        processFacts(app),
      ]);
      return ok({
        components,
        overall_status: worst(components.map((c) => c.status)),
        timestamp: now(),
        cached,
        process: facts,
      });
    },
  }),

  defineRoute({
    id: 'dashboard.queue_metrics',
    method: 'GET',
    path: '/dashboard/queue-metrics',
    summary: 'Pending crawl and transform tasks with their trend over ~15 minutes, and the dead-letter depth',
    tag,
    requirement: ADMIN,
    response: queueMetricsSchema,
    sharedCache: true,
    handler: async ({ app }) => {
      const [depths, dead, threshold, baseline, probeMs] = await Promise.all([
        pendingDepths(app.db),
        deadLetterDepths(app.db),
        readSetting(app.db, 'queue.dead_letter_alert_threshold'),
        baselineSample(app.db),
        probeDatabase(app.db),
      ]);
      const deadDepth = [...dead.values()].reduce((a, b) => a + b, 0);
      await recordSampleIfDue(app.db, { ...depths, deadLetter: deadDepth, probeMs });
      return ok({
        crawl_tasks_queue: depthTrend(depths.crawl, baseline?.crawl_depth),
        transform_tasks_queue: depthTrend(depths.transform, baseline?.transform_depth),
        dead_letter_queue: { depth: deadDepth, alert: deadDepth >= threshold, threshold },
        timestamp: now(),
      });
    },
  }),

  defineRoute({
    id: 'dashboard.worker_stats',
    method: 'GET',
    path: '/dashboard/worker-stats',
    summary: 'Live crawl and transform workers, and tasks processed per hour (6 h) and per day (7 days)',
    tag,
    requirement: ADMIN,
    response: workerStatsSchema,
    sharedCache: true,
    handler: async ({ app }) => {
      const [live, series] = await Promise.all([liveWorkers(app.db), throughput(app.db)]);
      return ok({
        active_crawl_workers: live.get('crawl') ?? 0,
        active_transform_workers: live.get('transform') ?? 0,
        ...series,
        timestamp: now(),
      });
    },
  }),

  defineRoute({
    id: 'dashboard.job_stats',
    method: 'GET',
    path: '/dashboard/job-stats',
    summary:
      'New, completed, active and failed jobs in the period (24h, 7d, 30d) and the change against the one before',
    tag,
    requirement: ADMIN,
    query: jobStatsQuery,
    response: jobStatsSchema,
    sharedCache: true,
    handler: async ({ app, query }) => ok({ ...(await jobStats(app.db, query.period)), timestamp: now() }),
  }),

  defineRoute({
    id: 'dashboard.error_rates',
    method: 'GET',
    path: '/dashboard/error-rates',
    summary: 'Crawl, transform and LLM failure rates over the last 24 hours against their thresholds',
    tag,
    requirement: ADMIN,
    response: errorRatesSchema,
    sharedCache: true,
    handler: async ({ app }) => {
      const [rates, crawlT, transformT, llmT] = await Promise.all([
        errorRates(app.db),
        readSetting(app.db, 'dashboard.crawl_error_threshold'),
        readSetting(app.db, 'dashboard.transform_error_threshold'),
        readSetting(app.db, 'dashboard.llm_error_threshold'),
      ]);
      const entry = (rate: number, threshold: number) => ({ rate, threshold, alert: rate >= threshold && rate > 0 });
      return ok({
        crawl_task_errors: entry(rates.crawl, crawlT),
        transform_task_errors: entry(rates.transform, transformT),
        llm_analysis_errors: entry(rates.llm, llmT),
        timestamp: now(),
      });
    },
  }),

  defineRoute({
    id: 'dashboard.database_status',
    method: 'GET',
    path: '/dashboard/database-status',
    summary: 'Connection, storage against the configured quota, average probe time and record counts',
    tag,
    requirement: ADMIN,
    response: databaseStatusSchema,
    sharedCache: true,
    handler: async ({ app }) => {
      const probeMs = await probeDatabase(app.db).catch(() => null);
      if (probeMs === null)
        return ok({
          connection_status: 'disconnected' as const,
          storage_utilization: { used_mb: 0, total_mb: 0, percentage: 0 },
          query_performance: { avg_response_time_ms: 0, samples: 0 },
          record_counts: [],
          timestamp: now(),
        });
      const [size, quota, perf, counts, depths, dead] = await Promise.all([
        databaseSize(app.db),
        readSetting(app.db, 'dashboard.storage_quota_mb'),
        averageProbeMs(app.db, probeMs),
        recordCounts(app.db),
        pendingDepths(app.db),
        deadLetterDepths(app.db),
      ]);
      const deadDepth = [...dead.values()].reduce((a, b) => a + b, 0);
      await recordSampleIfDue(app.db, { ...depths, deadLetter: deadDepth, probeMs });
      const usedMb = Math.round((size.bytes / 1024 / 1024) * 10) / 10;
      return ok({
        connection_status: 'connected' as const,
        storage_utilization: {
          used_mb: usedMb,
          total_mb: quota,
          percentage: percentOf(usedMb, quota),
        },
        query_performance: perf,
        record_counts: counts,
        timestamp: now(),
      });
    },
  }),
];
