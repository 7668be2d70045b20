import { formatTimestamp } from '@ideamine/shared/format';
import type { DataColumn } from '../table/DataTable';
import { StatusTag, statusLabel } from './StatusTag';

// Columns every task table has, whether it lists one job's tasks or all of them.

/** A time for a table cell; empty while it has not happened. */
export const when = (v: string | null) => (v ? formatTimestamp(v) : '');

/** Why a task failed or was skipped. */
export const taskProblem = (t: { error: string | null; skip_reason: string | null }) => t.error ?? t.skip_reason ?? '';

export const statusColumn = <T extends { status: string }>(): DataColumn<T> => ({
  id: 'status',
  name: 'Status',
  width: 100,
  text: (t) => statusLabel(t.status),
  render: (t) => <StatusTag status={t.status} />,
});
