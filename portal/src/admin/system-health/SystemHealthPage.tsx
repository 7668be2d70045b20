import { Button, Switch } from '@blueprintjs/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatTimestamp } from '@ideamine/shared/format';
import { useAuth } from '../../auth/AuthProvider';
import { messageOf } from '../../api/errors';
import { ButtonLink } from '../../features/account/ButtonLink';
import { useNotifications } from '../../layout/Notifications';
import { SETTING_KEYS, useSetting } from '../../settings/local-settings';
import { fetchTaskFailures, systemHealthKeys, type TaskFailure } from '../api/system-health';
import { AdminPage } from '../common/AdminPage';
import { DatabaseStatusWidget } from '../dashboard/DatabaseStatusWidget';
import { ErrorRatesWidget } from '../dashboard/ErrorRatesWidget';
import { QueueMetricsWidget } from '../dashboard/QueueMetricsWidget';
import { adminKeys, fetchSystemStatus } from '../dashboard/queries';
import { SystemStatusWidget } from '../dashboard/SystemStatusWidget';
import { WorkerPerformanceWidget } from '../dashboard/WorkerPerformanceWidget';
import { DataTable, type DataColumn } from '../table/DataTable';
import { useRemoteRows } from '../table/row-source';
import { ProcessFacts } from './ProcessFacts';

// /admin/system-health (also /system-logs): every component's probe, the API process, queues,
// workers, error rates, the database, and the pipeline's error log (failed tasks with reasons).

const FAILURE_COLUMNS: DataColumn<TaskFailure>[] = [
  { id: 'finished_at', name: 'When', width: 160, text: (r) => formatTimestamp(r.finished_at ?? r.updated_at) },
  { id: 'kind', name: 'Kind', width: 90, text: (r) => r.kind },
  { id: 'job_id', name: 'Job', width: 70, text: (r) => (r.job_id === null ? '' : String(r.job_id)) },
  { id: 'url', name: 'URL', width: 300, text: (r) => r.url ?? '' },
  { id: 'error', name: 'Error', width: 380, text: (r) => r.error ?? r.skip_reason ?? '' },
  { id: 'attempts', name: 'Attempts', width: 80, text: (r) => String(r.attempts) },
];

export function SystemHealthPage() {
  const { client } = useAuth();
  const queryClient = useQueryClient();
  const { notify } = useNotifications();
  const [autoRefresh, setAutoRefresh] = useSetting<boolean>(SETTING_KEYS.autoRefresh, false);
  const [probing, setProbing] = useState(false);
  // Shares the System Status widget's cache entry: one call feeds both.
  const status = useQuery({ queryKey: adminKeys.systemStatus, queryFn: () => fetchSystemStatus(client), retry: false });
  const failures = useRemoteRows({
    queryKey: systemHealthKeys.failures,
    fetchPage: (page, size) => fetchTaskFailures(client, page, size),
  });

  async function probeNow() {
    setProbing(true);
    try {
      await queryClient.fetchQuery({
        queryKey: adminKeys.systemStatus,
        queryFn: () => fetchSystemStatus(client, true),
        staleTime: 0,
      });
      notify('Every component probed again', 'success');
    } catch (error) {
      notify(messageOf(error, 'Failed to fetch system status'), 'error');
    } finally {
      setProbing(false);
    }
  }

  return (
    <AdminPage
      title="System health"
      description="Probes of every component, the API process, queues, workers, error rates and the database. Probes are cached for 10 s; Probe now skips the cache."
      actions={
        <>
          <Switch
            label="Auto-refresh (30 s)"
            checked={autoRefresh}
            onChange={(e) => setAutoRefresh(e.currentTarget.checked)}
            style={{ marginBottom: 0 }}
          />
          <Button icon="pulse" text="Probe now" loading={probing} onClick={() => void probeNow()} />
        </>
      }
    >
      <div className="im-widget-grid">
        <SystemStatusWidget autoRefresh={autoRefresh} />
        <ProcessFacts status={status.data} />
        <QueueMetricsWidget autoRefresh={autoRefresh} />
        <ErrorRatesWidget />
        <WorkerPerformanceWidget autoRefresh={autoRefresh} />
        <DatabaseStatusWidget />
      </div>
      <div className="im-section-head">
        <h3>Error log</h3>
        <ButtonLink to="/admin/tasks" search={{ status: 'failed' }} icon="th-list" text="Open in Tasks" />
      </div>
      <DataTable
        label="Failed tasks"
        columns={FAILURE_COLUMNS}
        rows={failures}
        rowKey={(r) => `${r.kind}:${r.id}`}
        unit="failed tasks"
        emptyMessage="No errors recorded"
        errorFallback="Failed to fetch the error log"
        height={360}
      />
    </AdminPage>
  );
}
