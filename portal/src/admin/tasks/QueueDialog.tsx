import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useState } from 'react';
import { MAX_DEAD_LETTER_REPLAYS } from '@ideamine/shared/contract/queue-control';
import { formatCount } from '@ideamine/shared/format';
import { useAuth } from '../../auth/AuthProvider';
import { FormErrorCallout } from '../../features/account/FormErrors';
import { queueKeys, replayDeadLetters, setQueuePaused, type QueueState } from '../api/queues';
import { taskKeys } from '../api/tasks';
import { NumberField } from '../common/fields';
import { useAdminMutation } from '../common/use-admin-mutation';
import { MIN_REASON } from './BulkDialog';
import { ReasonField } from './ReasonField';

// Pause or resume a queue, or send its dead letters back, each with an audited reason.

export type QueueAction = { kind: 'pause' | 'resume' | 'replay'; queue: QueueState };

export function QueueDialog(props: { pending: QueueAction; onClose(): void }) {
  const { client } = useAuth();
  const { kind, queue } = props.pending;
  const [reason, setReason] = useState('');
  const [limit, setLimit] = useState<number | undefined>(100);
  const invalidate = [queueKeys.all, taskKeys.all];
  const pause = useAdminMutation({
    mutationFn: () => setQueuePaused(client, queue.queue, kind === 'pause', reason.trim()),
    invalidate,
    success: (q) => (q.paused ? `Queue ${q.queue} paused` : `Queue ${q.queue} resumed`),
    errorFallback: `Failed to ${kind} the queue`,
    toastErrors: false,
    onSuccess: props.onClose,
  });
  const replay = useAdminMutation({
    mutationFn: () => replayDeadLetters(client, queue.queue, reason.trim(), limit ?? 100),
    invalidate,
    success: (r) =>
      `Replayed ${formatCount(r.replayed)} ${r.replayed === 1 ? 'message' : 'messages'}` +
      (r.refused ? `; ${formatCount(r.refused)} refused (replayed ${r.max_replays} times already)` : ''),
    errorFallback: 'Failed to replay the dead letters',
    toastErrors: false,
    onSuccess: props.onClose,
  });
  const mutation = kind === 'replay' ? replay : pause;
  const ok = reason.trim().length >= MIN_REASON && (kind !== 'replay' || (limit !== undefined && limit >= 1));
  const title =
    kind === 'replay'
      ? `Replay dead letters of ${queue.queue}`
      : `${kind === 'pause' ? 'Pause' : 'Resume'} queue ${queue.queue}`;
  return (
    <Dialog isOpen title={title} onClose={props.onClose} style={{ width: 480 }}>
      <DialogBody>
        <p>
          {kind === 'pause' &&
            `Workers stop taking ${queue.queue} messages within about a second; ${formatCount(queue.waiting)} waiting stay queued.`}
          {kind === 'resume' && `Workers take ${queue.queue} messages again.`}
          {kind === 'replay' &&
            `Sends up to the limit of the ${formatCount(queue.dead_letter)} dead-letter messages back to ${queue.queue}. A message replayed ${MAX_DEAD_LETTER_REPLAYS} times stays dead.`}
        </p>
        <ReasonField value={reason} error={mutation.error} onChange={setReason} />
        {kind === 'replay' && (
          <NumberField
            name="limit"
            label="At most"
            min={1}
            max={1000}
            error={mutation.error}
            value={limit}
            onChange={setLimit}
          />
        )}
        <FormErrorCallout error={mutation.error} fields={['reason', 'limit']} fallback="The queue refused the change" />
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Close" onClick={props.onClose} />
            <Button
              intent={kind === 'pause' ? 'warning' : 'primary'}
              text={kind === 'replay' ? 'Replay' : kind === 'pause' ? 'Pause' : 'Resume'}
              disabled={!ok}
              loading={mutation.isPending}
              onClick={() => mutation.mutate()}
            />
          </>
        }
      />
    </Dialog>
  );
}
