import { Button } from '@blueprintjs/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { formatCount, formatCountOf } from '@ideamine/shared/format';
import { useAuth } from '../../auth/AuthProvider';
import { jobKeys, type CrawlTask, type JobIdea, type TransformTask } from '../api/jobs';
import type { RawData } from '../api/raw-data';
import { rerunTask, taskKeys, type TaskKind } from '../api/tasks';
import { useAdminMutation } from '../common/use-admin-mutation';
import { profitText } from '../knowledge/profit-text';
import type { DataColumn } from '../table/DataTable';
import { DroppedItemLink, DroppedItemsDialog, droppedReason } from './DroppedItemsDialog';
import { isFinishedTask } from './StatusTag';
import { statusColumn, taskProblem, when } from './task-columns';

// The columns of the lists under one job: its crawl tasks, transform tasks, raw pages and ideas.

function RerunButton(props: { kind: TaskKind; id: number; status: string }) {
  const { client } = useAuth();
  const rerun = useAdminMutation({
    mutationFn: () => rerunTask(client, props.kind, props.id),
    invalidate: [jobKeys.all, taskKeys.all],
    success: (r) => r.message || 'Task queued',
    errorFallback: 'Failed to run the task again',
  });
  return (
    <Button
      size="small"
      variant="minimal"
      icon="play"
      text="Run again"
      aria-label={`Run again: ${props.kind} task ${props.id}`}
      disabled={!isFinishedTask(props.status)}
      loading={rerun.isPending}
      onClick={() => rerun.mutate()}
    />
  );
}

/** Opens the list of what the pre-filter dropped from a page: to read it all, or to keep some as ideas. */
function DroppedButton(props: { task: TransformTask; canKeep: boolean; text: string; icon?: 'tick' }) {
  const [open, setOpen] = useState(false);
  const count = formatCountOf(props.task.dropped_count, 'item');
  return (
    <>
      <Button
        size="small"
        variant="minimal"
        icon={props.icon}
        text={props.text}
        aria-label={`${props.text}: the ${count} the pre-filter dropped from transform task ${props.task.id}`}
        onClick={() => setOpen(true)}
      />
      {open && <DroppedItemsDialog task={props.task} canKeep={props.canKeep} onClose={() => setOpen(false)} />}
    </>
  );
}

/** What the pre-filter dropped from a page, the first items with their reasons; the rest a click away. */
function DroppedItems(props: { task: TransformTask; canKeep: boolean; canList: boolean }) {
  const { task } = props;
  if (!task.dropped_count) return <>{taskProblem(task)}</>;
  const more = task.dropped_count - task.dropped_items.length;
  return (
    <details>
      <summary>{taskProblem(task)}</summary>
      <ul className="im-dropped-list">
        {task.dropped_items.map((d) => (
          <li key={d.url}>
            <DroppedItemLink item={d} />: {droppedReason(d)}
          </li>
        ))}
      </ul>
      {more > 0 &&
        (props.canList ? (
          <DroppedButton task={task} canKeep={props.canKeep} text={`All ${formatCount(task.dropped_count)} dropped`} />
        ) : (
          <>and {formatCountOf(more, 'more item')}</>
        ))}
    </details>
  );
}

/** The "Run again" column, for users who may change tasks (tasks:write). */
function rerunColumn<T extends { id: number; status: string }>(kind: TaskKind): DataColumn<T>[] {
  return [
    {
      id: 'actions',
      name: 'Actions',
      width: 125,
      text: () => '',
      render: (t) => <RerunButton kind={kind} id={t.id} status={t.status} />,
    },
  ];
}

export function crawlColumns(canRun: boolean): DataColumn<CrawlTask>[] {
  return [
    { id: 'id', name: 'Id', width: 60, text: (t) => String(t.id) },
    { id: 'url', name: 'URL', width: 220, text: (t) => t.url },
    statusColumn<CrawlTask>(),
    ...(canRun ? rerunColumn<CrawlTask>('crawl') : []),
    { id: 'depth', name: 'Depth', width: 55, text: (t) => String(t.depth) },
    { id: 'http_status', name: 'HTTP', width: 50, text: (t) => (t.http_status === null ? '' : String(t.http_status)) },
    { id: 'attempts', name: 'Attempts', width: 70, text: (t) => String(t.attempts) },
    {
      id: 'duration_ms',
      name: 'Time',
      width: 60,
      text: (t) => (t.duration_ms === null ? '' : `${formatCount(t.duration_ms)} ms`),
    },
    { id: 'finished_at', name: 'Finished', width: 110, text: (t) => when(t.finished_at) },
    { id: 'problem', name: 'Error or skip reason', width: 250, text: taskProblem },
  ];
}

/** canList: the user may page through every dropped item (tasks:read); others see the preview and the count. */
export function transformColumns(canRun: boolean, showRaw: boolean, canList: boolean): DataColumn<TransformTask>[] {
  return [
    { id: 'id', name: 'Id', width: 70, text: (t) => String(t.id) },
    {
      id: 'raw_data_id',
      name: 'Raw page',
      width: 85,
      text: (t) => String(t.raw_data_id),
      render: (t) =>
        showRaw ? (
          <Link to="/admin/data/raw/$id" params={{ id: String(t.raw_data_id) }}>
            {t.raw_data_id}
          </Link>
        ) : (
          t.raw_data_id
        ),
    },
    statusColumn<TransformTask>(),
    ...(canRun ? rerunColumn<TransformTask>('transform') : []),
    ...(canRun
      ? [
          {
            id: 'keep',
            name: 'Overrule',
            width: 145,
            text: () => '',
            render: (t: TransformTask) =>
              t.dropped_count ? <DroppedButton task={t} canKeep text="Keep as ideas" icon="tick" /> : null,
          },
        ]
      : []),
    { id: 'items_created', name: 'Ideas made', width: 90, text: (t) => formatCount(t.items_created) },
    { id: 'attempts', name: 'Attempts', width: 70, text: (t) => String(t.attempts) },
    { id: 'finished_at', name: 'Finished', width: 110, text: (t) => when(t.finished_at) },
    {
      id: 'problem',
      name: 'Error or skip reason',
      width: 300,
      text: taskProblem,
      render: (t) => <DroppedItems task={t} canKeep={canRun} canList={canList} />,
    },
  ];
}

export const RAW_COLUMNS: DataColumn<RawData>[] = [
  {
    id: 'id',
    name: 'Id',
    width: 70,
    text: (r) => String(r.id),
    render: (r) => (
      <Link to="/admin/data/raw/$id" params={{ id: String(r.id) }}>
        {r.id}
      </Link>
    ),
  },
  { id: 'url', name: 'URL', width: 380, text: (r) => r.url },
  { id: 'content_type', name: 'Content type', width: 140, text: (r) => r.content_type },
  { id: 'http_status', name: 'HTTP', width: 60, text: (r) => (r.http_status === null ? '' : String(r.http_status)) },
  { id: 'size_bytes', name: 'Bytes', width: 80, text: (r) => formatCount(r.size_bytes) },
  { id: 'fetched_at', name: 'Fetched', width: 130, text: (r) => when(r.fetched_at) },
];

export const IDEA_COLUMNS: DataColumn<JobIdea>[] = [
  { id: 'id', name: 'Id', width: 60, text: (k) => String(k.id) },
  {
    id: 'title',
    name: 'Title',
    width: 320,
    text: (k) => k.title,
    render: (k) => (
      <Link to="/admin/knowledge/$id" params={{ id: String(k.id) }}>
        {k.title}
      </Link>
    ),
  },
  { id: 'profit', name: 'Profit', width: 140, text: profitText },
  { id: 'categories', name: 'Categories', width: 160, text: (k) => k.categories.join(', ') },
  { id: 'created_at', name: 'Created', width: 125, text: (k) => when(k.created_at) },
  { id: 'source_url', name: 'Source', width: 300, text: (k) => k.source_url },
];
