import { Alert, Button, ButtonGroup } from '@blueprintjs/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { formatCount } from '@ideamine/shared/format';
import { useAuth } from '../../auth/AuthProvider';
import { jobKeys } from '../api/jobs';
import { queueKeys } from '../api/queues';
import {
  deleteTask,
  retryTask,
  searchTasks,
  taskKeys,
  type BulkAction,
  type TaskHit,
  type TaskSearch,
} from '../api/tasks';
import { AdminPage } from '../common/AdminPage';
import { useSearchState } from '../common/screen';
import { useAdminMutation } from '../common/use-admin-mutation';
import { isFinishedTask } from '../jobs/StatusTag';
import { statusColumn, taskProblem, when } from '../jobs/task-columns';
import { DataTable, type DataColumn, type RowKey } from '../table/DataTable';
import { useRemoteRows } from '../table/row-source';
import { BulkDialog, type BulkScope } from './BulkDialog';
import { CancelTaskDialog } from './CancelTaskDialog';
import { QueuesPanel } from './QueuesPanel';
import { filtersForRows, filtersForSearch, taskRowKey } from './task-filter';
import { TaskFilters, taskSearchSchema } from './TaskFilters';

// /admin/tasks (tasks:read, admin): crawl and transform tasks across jobs with the operations
// API's queue control. Filters live in the URL; bulk retry, cancel or delete act on the filtered
// set or the checked rows after a counted confirmation with a reason; single tasks can be
// retried, cancelled or deleted from their row. The queues panel pauses, resumes and replays.

type RowAction = { action: 'cancel' | 'delete'; task: TaskHit } | null;

function columns(act: (a: NonNullable<RowAction>) => void, retry: (t: TaskHit) => void): DataColumn<TaskHit>[] {
  return [
    { id: 'kind', name: 'Kind', width: 70, text: (t) => t.kind },
    { id: 'id', name: 'Id', width: 65, text: (t) => String(t.id) },
    {
      id: 'job_id',
      name: 'Job',
      width: 60,
      text: (t) => (t.job_id === null ? '' : String(t.job_id)),
      render: (t) =>
        t.job_id === null ? (
          <span className="im-muted">none</span>
        ) : (
          <Link to="/admin/jobs/$id" params={{ id: String(t.job_id) }}>
            {t.job_id}
          </Link>
        ),
    },
    statusColumn<TaskHit>(),
    {
      id: 'actions',
      name: 'Actions',
      width: 100,
      text: () => '',
      render: (t) => (
        <ButtonGroup variant="minimal" size="small">
          <Button
            icon="refresh"
            aria-label={`Retry ${t.kind} task ${t.id}`}
            title="Retry"
            disabled={!isFinishedTask(t.status)}
            onClick={() => retry(t)}
          />
          <Button
            icon="disable"
            aria-label={`Cancel ${t.kind} task ${t.id}`}
            title="Cancel (pending tasks)"
            disabled={t.status !== 'pending'}
            onClick={() => act({ action: 'cancel', task: t })}
          />
          <Button
            icon="trash"
            intent="danger"
            aria-label={`Delete ${t.kind} task ${t.id}`}
            title="Delete"
            disabled={t.status === 'active'}
            onClick={() => act({ action: 'delete', task: t })}
          />
        </ButtonGroup>
      ),
    },
    { id: 'url', name: 'URL', width: 195, text: (t) => t.url ?? '' },
    { id: 'problem', name: 'Error or skip reason', width: 200, text: taskProblem },
    { id: 'attempts', name: 'Attempts', width: 70, text: (t) => String(t.attempts) },
    { id: 'finished_at', name: 'Finished', width: 110, text: (t) => when(t.finished_at) },
    { id: 'updated_at', name: 'Updated', width: 110, text: (t) => when(t.updated_at) },
  ];
}

export function TasksPage() {
  const { client } = useAuth();
  const [search, setSearch] = useSearchState(taskSearchSchema);
  const [selected, setSelected] = useState<Map<RowKey, TaskHit>>(new Map());
  const [bulk, setBulk] = useState<BulkAction | null>(null);
  const [rowAction, setRowAction] = useState<RowAction>(null);
  const filters: TaskSearch = search;
  const rows = useRemoteRows({
    queryKey: taskKeys.search(filters),
    fetchPage: (page, size) => searchTasks(client, filters, page, size),
  });
  const invalidate = [taskKeys.all, jobKeys.all, queueKeys.all];
  const retry = useAdminMutation({
    mutationFn: (t: TaskHit) => retryTask(client, t.kind, t.id),
    invalidate,
    success: (r, t) => `${t.kind === 'crawl' ? 'Crawl' : 'Transform'} task ${t.id}: ${r.message || 'queued'}`,
    errorFallback: 'Failed to retry the task',
  });
  const remove = useAdminMutation({
    mutationFn: (t: TaskHit) => deleteTask(client, t.kind, t.id),
    invalidate,
    success: (r, t) => `${t.kind === 'crawl' ? 'Crawl' : 'Transform'} task ${t.id} deleted`,
    errorFallback: 'Failed to delete the task',
    onSuccess: (_, t) => {
      const next = new Map(selected);
      next.delete(taskRowKey(t));
      setSelected(next);
    },
  });
  const filterAny = rows.count > 0;
  return (
    <AdminPage
      title="Tasks"
      description="Crawl and transform tasks of every job, with the queues that carry them. Bulk actions are counted first and need a reason."
    >
      <QueuesPanel />
      <TaskFilters
        search={search}
        set={(patch) => {
          setSelected(new Map());
          setSearch(patch);
        }}
      />
      <DataTable
        label="Tasks"
        columns={columns(setRowAction, (t) => retry.mutate(t))}
        rows={rows}
        rowKey={(t) => taskRowKey(t)}
        unit="tasks"
        selected={selected}
        onSelectedChange={setSelected}
        toolbar={
          <ButtonGroup>
            {(['retry', 'cancel', 'delete'] as const).map((action) => (
              <Button
                key={action}
                icon={action === 'retry' ? 'refresh' : action === 'cancel' ? 'disable' : 'trash'}
                intent={action === 'delete' ? 'danger' : undefined}
                text={`${action[0]!.toUpperCase()}${action.slice(1)}...`}
                title={
                  selected.size
                    ? `${action} the checked tasks or every task the filter matches`
                    : `${action} every task the filter matches`
                }
                disabled={!filterAny && selected.size === 0}
                onClick={() => setBulk(action)}
              />
            ))}
          </ButtonGroup>
        }
        emptyMessage="No tasks match these filters."
        errorFallback="Failed to fetch the tasks"
        height={520}
      />
      {bulk && (
        <BulkDialog
          action={bulk}
          checked={selected.size}
          scopes={{ checked: filtersForRows(selected.values()), filter: filtersForSearch(search) }}
          onClose={() => setBulk(null)}
          onDone={(scope: BulkScope) => {
            setBulk(null);
            if (scope === 'checked') setSelected(new Map());
          }}
        />
      )}
      {rowAction?.action === 'cancel' && <CancelTaskDialog task={rowAction.task} onClose={() => setRowAction(null)} />}
      <Alert
        isOpen={rowAction?.action === 'delete'}
        icon="trash"
        intent="danger"
        cancelButtonText="Cancel"
        confirmButtonText="Delete"
        onCancel={() => setRowAction(null)}
        onConfirm={() => {
          if (rowAction) remove.mutate(rowAction.task);
          setRowAction(null);
        }}
      >
        {rowAction &&
          `Delete ${rowAction.task.kind} task ${rowAction.task.id}${rowAction.task.url ? ` (${rowAction.task.url})` : ''}? It is removed for good.`}
      </Alert>
      {selected.size > 0 && (
        <p className="im-muted">
          {formatCount(selected.size)} checked. Bulk actions offer the checked tasks or every task the filter matches.
        </p>
      )}
    </AdminPage>
  );
}
