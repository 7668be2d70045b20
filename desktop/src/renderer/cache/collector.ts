import type { DesktopApi } from '@ideamine/shared/ipc';
import { JOB_STATS_PERIODS } from '@ideamine/shared/contract/dashboard-health';
import type { ApiClient } from '@ideamine/portal/api/client';
import {
  fetchDashboard,
  fetchDatabaseStatus,
  fetchErrorRates,
  fetchJobStats,
  fetchOverviewCounts,
  fetchQueueMetrics,
  fetchRecentJobs,
  fetchSystemStatus,
  fetchWorkerStats,
  type ErrorRates,
  type QueueMetrics,
} from '@ideamine/portal/admin/dashboard/queries';
import { evaluateAlerts, type AlertState } from './alerts';

// Every 30 s (while auto-refresh is on) the console fetches every call of the five dashboard
// tabs, with the widgets' default options, so each one has a fresh snapshot for offline review
// whichever tab is open; then it raises native notifications for thresholds crossed.

export const COLLECT_EVERY_MS = 30_000;

/** Every call of the five tabs by name, with the widgets' default options. */
export function dashboardCalls(client: ApiClient): Record<string, () => Promise<unknown>> {
  const calls: Record<string, () => Promise<unknown>> = {
    'system-status': () => fetchSystemStatus(client),
    'queue-metrics': () => fetchQueueMetrics(client),
    'worker-stats': () => fetchWorkerStats(client),
    'error-rates': () => fetchErrorRates(client),
    'database-status': () => fetchDatabaseStatus(client),
    'overview-counts': () => fetchOverviewCounts(client),
    'recent-jobs': () => fetchRecentJobs(client),
    'high-potential-ideas': () => fetchDashboard(client, 'high-potential-ideas', { limit: '5' }),
    'source-performance': () =>
      fetchDashboard(client, 'source-performance', { limit: '5', sort: 'data_volume', order: 'desc' }),
    'domain-health': () => fetchDashboard(client, 'domain-health', { limit: '5', issues_only: 'false' }),
  };
  for (const period of JOB_STATS_PERIODS) calls[`job-stats-${period}`] = () => fetchJobStats(client, period);
  for (const path of ['knowledge-metrics', 'tag-activity', 'idea-pipeline', 'profit-distribution', 'emerging-trends'])
    calls[path] = () => fetchDashboard(client, path);
  return calls;
}

export class SnapshotCollector {
  private timer: ReturnType<typeof setInterval> | null = null;
  private running: Promise<void> | null = null;
  private alerts: AlertState = {};

  constructor(
    private readonly client: ApiClient,
    private readonly api: Pick<DesktopApi, 'notifyShow'>,
  ) {}

  /** One round: every call, then the alert check. A round still running is not doubled. */
  collect(): Promise<void> {
    if (this.running) return this.running;
    this.running = this.round().finally(() => (this.running = null));
    return this.running;
  }

  setEnabled(enabled: boolean): void {
    if (enabled && !this.timer) {
      this.timer = setInterval(() => void this.collect(), COLLECT_EVERY_MS);
      void this.collect();
    } else if (!enabled && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }

  private async round(): Promise<void> {
    if (!this.client.session.accessToken) return;
    const calls = Object.entries(dashboardCalls(this.client));
    const answers = await Promise.all(calls.map(([, call]) => call().catch(() => undefined)));
    const answer = (name: string) => answers[calls.findIndex(([n]) => n === name)];
    const { state, notices } = evaluateAlerts(this.alerts, {
      queues: answer('queue-metrics') as QueueMetrics | undefined,
      errors: answer('error-rates') as ErrorRates | undefined,
    });
    this.alerts = state;
    for (const notice of notices) await this.api.notifyShow(notice).catch(() => undefined);
  }
}
