import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useState } from 'react';
import { MAX_KEEP_URLS } from '@ideamine/shared/contract/jobs';
import { formatCount, formatCountOf } from '@ideamine/shared/format';
import { useAuth } from '../../auth/AuthProvider';
import { jobKeys, type TransformTask } from '../api/jobs';
import { fetchDroppedItems, keepDroppedAsIdeas, taskKeys, type DroppedItem } from '../api/tasks';
import { useAdminMutation } from '../common/use-admin-mutation';
import { DataTable, type DataColumn, type RowKey } from '../table/DataTable';
import { useRemoteRows } from '../table/row-source';
import { isFinishedTask } from './StatusTag';

// Every item the pre-filter dropped from one transform task's page, a page at a time (a feed can
// drop thousands), each with its reason. An operator who may change tasks checks the ones the
// model got wrong and keeps them as ideas, or keeps them all; the task then runs again.

type Dropped = Pick<DroppedItem, 'title' | 'url' | 'reason'>;

/** A dropped item as a link to its page, named by its title (its URL when it has none). */
export function DroppedItemLink(props: { item: Dropped }) {
  return (
    <a href={props.item.url} target="_blank" rel="noopener noreferrer nofollow">
      {props.item.title || props.item.url}
    </a>
  );
}

/** Why an item was dropped, without the "not an idea: " every reason starts with. */
export const droppedReason = (d: Dropped) => d.reason.replace(/^not an idea: /, '');

const COLUMNS: DataColumn<DroppedItem>[] = [
  { id: 'position', name: '#', width: 55, text: (d) => formatCount(d.position + 1) },
  { id: 'title', name: 'Item', width: 330, text: (d) => d.title || d.url, render: (d) => <DroppedItemLink item={d} /> },
  { id: 'reason', name: 'Why it was dropped', width: 260, text: droppedReason },
];

export function DroppedItemsDialog(props: { task: TransformTask; canKeep: boolean; onClose(): void }) {
  const { client } = useAuth();
  const { task } = props;
  const [checked, setChecked] = useState<Map<RowKey, DroppedItem>>(new Map());
  const rows = useRemoteRows({
    queryKey: taskKeys.dropped(task.id),
    fetchPage: (page, pageSize) => fetchDroppedItems(client, task.id, page, pageSize),
  });
  const keep = useAdminMutation({
    mutationFn: (urls: string[] | undefined) => keepDroppedAsIdeas(client, task.id, urls),
    invalidate: [jobKeys.all, taskKeys.all],
    success: (r) => r.message || 'Task queued',
    errorFallback: 'Failed to keep the dropped items',
    onSuccess: props.onClose,
  });
  const finished = isFinishedTask(task.status);
  const urls = [...new Set([...checked.values()].map((d) => d.url))];
  return (
    <Dialog
      isOpen
      title={`Dropped from transform task ${task.id}`}
      onClose={props.onClose}
      className="im-dropped-dialog"
    >
      <DialogBody>
        <p>
          The pre-filter judged {formatCountOf(task.dropped_count, 'item')} on this page not to be ideas.
          {props.canKeep &&
            (finished
              ? ' Check the ones it got wrong and keep them as ideas: the task runs again and keeps them whatever the model says.'
              : ` The task is ${task.status}; items can be kept once it has finished.`)}
        </p>
        <DataTable
          label={`Items dropped from transform task ${task.id}`}
          columns={COLUMNS}
          rows={rows}
          rowKey={(d) => d.position}
          unit="items"
          emptyMessage="Nothing was dropped from this page"
          errorFallback="Failed to fetch the dropped items"
          height={360}
          {...(props.canKeep && finished ? { selected: checked, onSelectedChange: setChecked } : {})}
        />
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Close" onClick={props.onClose} />
            {props.canKeep && (
              <>
                <Button
                  icon="tick"
                  text={
                    urls.length > MAX_KEEP_URLS
                      ? `Check at most ${formatCount(MAX_KEEP_URLS)}`
                      : `Keep ${formatCount(urls.length)} checked`
                  }
                  disabled={!finished || !urls.length || urls.length > MAX_KEEP_URLS}
                  loading={keep.isPending && keep.variables !== undefined}
                  onClick={() => keep.mutate(urls)}
                />
                <Button
                  intent="primary"
                  icon="tick"
                  text={`Keep all ${formatCount(task.dropped_count)}`}
                  disabled={!finished}
                  loading={keep.isPending && keep.variables === undefined}
                  onClick={() => keep.mutate(undefined)}
                />
              </>
            )}
          </>
        }
      />
    </Dialog>
  );
}
