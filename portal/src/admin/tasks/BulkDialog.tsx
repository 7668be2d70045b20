import { Button, Callout, Dialog, DialogBody, DialogFooter, Radio, RadioGroup, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { MAX_BULK_TASKS } from '@ideamine/shared/contract/queue-control';
import { formatCount } from '@ideamine/shared/format';
import { useAuth } from '../../auth/AuthProvider';
import { messageOf } from '../../api/errors';
import { FormErrorCallout } from '../../features/account/FormErrors';
import { jobKeys } from '../api/jobs';
import { queueKeys } from '../api/queues';
import { bulkTasks, taskKeys, type BulkAction, type TaskFilter } from '../api/tasks';
import { TextAreaField } from '../common/fields';
import { useAdminMutation } from '../common/use-admin-mutation';

// A bulk action on tasks, in two steps: the API counts what the action would change (a dry run,
// confirm false), the operator reads "This will retry N tasks", gives a reason (audited) and
// confirms; only then does the API act (confirm true).

const VERB: Record<BulkAction, { verb: string; past: string; intent: 'primary' | 'warning' | 'danger'; note: string }> =
  {
    retry: {
      verb: 'retry',
      past: 'Retried',
      intent: 'primary',
      note: 'Finished tasks (completed, failed or skipped) go back to pending and their jobs reopen.',
    },
    cancel: {
      verb: 'cancel',
      past: 'Cancelled',
      intent: 'warning',
      note: 'Pending tasks become skipped, with your reason as the skip reason.',
    },
    delete: {
      verb: 'delete',
      past: 'Deleted',
      intent: 'danger',
      note: 'Tasks not in flight are removed for good.',
    },
  };

/** A placeholder for the dry run: the API wants a reason with every call but records only real runs. */
const COUNT_REASON = 'count before confirmation';
export const MIN_REASON = 3;

export type BulkScope = 'checked' | 'filter';

export function BulkDialog(props: {
  action: BulkAction;
  checked: number;
  /** Filters per kind for each scope. */
  scopes: Record<BulkScope, TaskFilter[]>;
  onClose(): void;
  onDone(scope: BulkScope): void;
}) {
  const { client } = useAuth();
  const [scope, setScope] = useState<BulkScope>(props.checked > 0 ? 'checked' : 'filter');
  const [reason, setReason] = useState('');
  const filters = props.scopes[scope];
  const v = VERB[props.action];
  const count = useQuery({
    queryKey: [...taskKeys.all, 'bulk-count', props.action, filters],
    queryFn: async () => {
      let n = 0;
      for (const filter of filters)
        n += (await bulkTasks(client, { action: props.action, filter, reason: COUNT_REASON, confirm: false })).matched;
      return n;
    },
    staleTime: 0,
    gcTime: 0,
  });
  const run = useAdminMutation({
    mutationFn: async () => {
      let affected = 0;
      for (const filter of filters)
        affected += (await bulkTasks(client, { action: props.action, filter, reason: reason.trim(), confirm: true }))
          .affected;
      return affected;
    },
    invalidate: [taskKeys.all, jobKeys.all, queueKeys.all],
    success: (n) => `${v.past} ${formatCount(n)} ${n === 1 ? 'task' : 'tasks'}`,
    errorFallback: `Failed to ${v.verb} the tasks`,
    toastErrors: false,
    onSuccess: () => props.onDone(scope),
  });
  const n = count.data;
  const tooMany = n !== undefined && n > MAX_BULK_TASKS;
  const reasonOk = reason.trim().length >= MIN_REASON;
  const title = `${v.verb[0]!.toUpperCase()}${v.verb.slice(1)} tasks`;
  return (
    <Dialog isOpen title={title} icon="layers" onClose={props.onClose} style={{ width: 520 }}>
      <DialogBody>
        {props.checked > 0 && (
          <RadioGroup
            label="Which tasks"
            selectedValue={scope}
            onChange={(e) => setScope(e.currentTarget.value as BulkScope)}
          >
            <Radio
              value="checked"
              label={`The ${formatCount(props.checked)} checked ${props.checked === 1 ? 'task' : 'tasks'}`}
            />
            <Radio value="filter" label="Every task the filter matches" />
          </RadioGroup>
        )}
        <p className="im-muted">{v.note}</p>
        <div role="status" aria-live="polite" className="im-section">
          {count.isPending ? (
            <span className="im-row">
              <Spinner size={16} /> Counting the tasks...
            </span>
          ) : count.error ? (
            <Callout intent="danger" icon="error">
              {messageOf(count.error, 'Failed to count the tasks')}{' '}
              <Button size="small" text="Retry" onClick={() => void count.refetch()} />
            </Callout>
          ) : n === 0 ? (
            <Callout icon="info-sign">No task here can be {v.past.toLowerCase()}: nothing to do.</Callout>
          ) : (
            <Callout intent={v.intent} icon="warning-sign">
              <strong>
                This will {v.verb} {formatCount(n)} {n === 1 ? 'task' : 'tasks'}.
              </strong>
              {tooMany && ` One call changes at most ${formatCount(MAX_BULK_TASKS)}: narrow the filter.`}
            </Callout>
          )}
        </div>
        <TextAreaField
          name="reason"
          label="Reason"
          required
          rows={2}
          maxLength={500}
          help="Recorded in the audit log with the tasks changed."
          error={run.error}
          value={reason}
          onChange={setReason}
        />
        <FormErrorCallout error={run.error} fields={['reason']} fallback={`Failed to ${v.verb} the tasks`} />
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Close" onClick={props.onClose} />
            <Button
              intent={v.intent}
              text={n ? `${title.split(' ')[0]} ${formatCount(n)} ${n === 1 ? 'task' : 'tasks'}` : title.split(' ')[0]}
              title={reasonOk ? undefined : `Give a reason of at least ${MIN_REASON} characters`}
              disabled={!n || tooMany || !reasonOk}
              loading={run.isPending}
              onClick={() => run.mutate()}
            />
          </>
        }
      />
    </Dialog>
  );
}
