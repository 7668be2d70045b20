import { can } from '@ideamine/shared/permissions';
import { useAuth } from '../../auth/AuthProvider';
import { cancelJob, isRunning, jobKeys, type Job } from '../api/jobs';
import { taskKeys } from '../api/tasks';
import { ConfirmButton } from '../common/ConfirmButton';
import { useAdminMutation } from '../common/use-admin-mutation';

/** Cancel while the job runs (jobs:write): pending tasks are skipped, what was crawled stays. */
export function CancelJobButton(props: { job: Job }) {
  const { client, user } = useAuth();
  const cancel = useAdminMutation({
    mutationFn: () => cancelJob(client, props.job.id),
    invalidate: [jobKeys.all, taskKeys.all],
    success: (j) => `Job ${j.id} cancelled`,
    errorFallback: 'Failed to cancel the job',
  });
  if (!can(user, 'jobs', 'write') || !isRunning(props.job.status)) return null;
  return (
    <ConfirmButton
      text="Cancel job"
      icon="stop"
      intent="warning"
      loading={cancel.isPending}
      onConfirm={() => cancel.mutate()}
    >
      Cancel job {props.job.id}? Its pending tasks are skipped; pages already crawled and ideas already made stay.
    </ConfirmButton>
  );
}
