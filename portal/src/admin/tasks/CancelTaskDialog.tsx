import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useState } from 'react';
import { useAuth } from '../../auth/AuthProvider';
import { FormErrorCallout } from '../../features/account/FormErrors';
import { jobKeys } from '../api/jobs';
import { queueKeys } from '../api/queues';
import { cancelTask, taskKeys, type TaskHit } from '../api/tasks';
import { useAdminMutation } from '../common/use-admin-mutation';
import { MIN_REASON } from './BulkDialog';
import { ReasonField } from './ReasonField';

/** Cancel one pending task from its row: it becomes skipped, with the (audited) reason. */
export function CancelTaskDialog(props: { task: TaskHit; onClose(): void }) {
  const { client } = useAuth();
  const [reason, setReason] = useState('');
  const cancel = useAdminMutation({
    mutationFn: () => cancelTask(client, props.task.kind, props.task.id, reason.trim()),
    invalidate: [taskKeys.all, jobKeys.all, queueKeys.all],
    success: (r) => r.message || 'Task cancelled',
    errorFallback: 'Failed to cancel the task',
    toastErrors: false,
    onSuccess: props.onClose,
  });
  return (
    <Dialog
      isOpen
      title={`Cancel ${props.task.kind} task ${props.task.id}`}
      onClose={props.onClose}
      style={{ width: 480 }}
    >
      <DialogBody>
        <p>The task becomes skipped, with your reason as its skip reason.</p>
        <ReasonField value={reason} error={cancel.error} onChange={setReason} />
        <FormErrorCallout error={cancel.error} fields={['reason']} fallback="Failed to cancel the task" />
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Close" onClick={props.onClose} />
            <Button
              intent="warning"
              text="Cancel task"
              disabled={reason.trim().length < MIN_REASON}
              loading={cancel.isPending}
              onClick={() => cancel.mutate()}
            />
          </>
        }
      />
    </Dialog>
  );
}
