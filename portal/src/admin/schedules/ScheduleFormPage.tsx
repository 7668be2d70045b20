import { Callout } from '@blueprintjs/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { formatTimestamp } from '@ideamine/shared/format';
import { can } from '@ideamine/shared/permissions';
import { useAuth } from '../../auth/AuthProvider';
import { ButtonLink } from '../../features/account/ButtonLink';
import { QueryState } from '../../features/common/QueryState';
import {
  createSchedule,
  deleteSchedule,
  fetchSchedule,
  scheduleKeys,
  updateSchedule,
  type Schedule,
  type ScheduleInput,
} from '../api/schedules';
import { AdminPage } from '../common/AdminPage';
import { DeleteButton } from '../common/DeleteButton';
import { InvalidId } from '../common/NotFound';
import { PropertyList } from '../common/PropertyList';
import { useAdminMutation } from '../common/use-admin-mutation';
import { useRecord } from '../common/use-record';
import { formatUntil } from './cron-hint';
import { newScheduleDraft, ScheduleForm, scheduleDraftOf } from './ScheduleForm';

// /admin/schedules/new and /admin/schedules/{id}: create a schedule, or see when one runs next
// and what it last started, change it, or delete it.

export function NewSchedulePage() {
  const { client } = useAuth();
  const navigate = useNavigate();
  const create = useAdminMutation({
    mutationFn: (body: ScheduleInput) => createSchedule(client, body),
    invalidate: [scheduleKeys.all],
    success: (s) => `Schedule ${s.name} created`,
    errorFallback: 'Failed to save the schedule',
    toastErrors: false,
    onSuccess: () => void navigate({ to: '/admin/schedules' }),
  });
  return (
    <AdminPage title="New schedule" actions={<ButtonLink to="/admin/schedules" text="Cancel" />}>
      <ScheduleForm
        initial={newScheduleDraft()}
        submitText="Create schedule"
        pending={create.isPending}
        error={create.error}
        onSubmit={(body) => create.mutate(body)}
      />
    </AdminPage>
  );
}

function Runs({ schedule: s }: { schedule: Schedule }) {
  return (
    <PropertyList
      label="Runs"
      items={[
        [
          'Next run',
          s.is_active && s.next_run_at
            ? `${formatTimestamp(s.next_run_at)} (${formatUntil(s.next_run_at)})`
            : s.is_active
              ? null
              : 'None while inactive',
        ],
        ['Last run', s.last_run_at ? formatTimestamp(s.last_run_at) : 'Never'],
        [
          'Last job',
          s.last_job_id === null ? null : (
            <Link key="job" to="/admin/jobs/$id" params={{ id: String(s.last_job_id) }}>
              Job {s.last_job_id}
            </Link>
          ),
        ],
        ['Origin', s.is_builtin ? 'Built-in' : 'Custom'],
      ]}
    />
  );
}

export function EditSchedulePage() {
  const { client, user } = useAuth();
  const navigate = useNavigate();
  const { id, query: schedule } = useRecord(scheduleKeys.detail, fetchSchedule);
  const update = useAdminMutation({
    mutationFn: (body: ScheduleInput) => updateSchedule(client, id, body),
    invalidate: [scheduleKeys.all],
    success: (s) => `Schedule ${s.name} saved`,
    errorFallback: 'Failed to save the schedule',
    toastErrors: false,
    onSuccess: () => void navigate({ to: '/admin/schedules' }),
  });
  const remove = useAdminMutation({
    mutationFn: () => deleteSchedule(client, id),
    invalidate: [scheduleKeys.all],
    success: (r) => r.message || 'Schedule deleted',
    errorFallback: 'Failed to delete the schedule',
    onSuccess: () => void navigate({ to: '/admin/schedules' }),
  });
  if (!Number.isFinite(id)) return <InvalidId what="schedule" back="/admin/schedules" />;
  const data = schedule.data;
  return (
    <AdminPage
      title={data ? `Schedule: ${data.name}` : 'Schedule'}
      actions={
        <>
          <ButtonLink to="/admin/schedules" text="Back to schedules" />
          {data && can(user, 'schedules', 'delete') && (
            <DeleteButton pending={remove.isPending} onConfirm={() => remove.mutate()}>
              Delete the schedule “{data.name}”? Jobs it already started stay.
            </DeleteButton>
          )}
        </>
      }
    >
      <QueryState query={schedule} errorFallback="Failed to fetch the schedule">
        {(s) => (
          <>
            <Runs schedule={s} />
            {s.is_builtin && (
              <Callout icon="info-sign" className="im-section">
                A built-in schedule for a public source. It crawls the real site when active.
              </Callout>
            )}
            <ScheduleForm
              key={s.updated_at}
              initial={scheduleDraftOf(s)}
              submitText="Save"
              pending={update.isPending}
              error={update.error}
              onSubmit={(body) => update.mutate(body)}
            />
          </>
        )}
      </QueryState>
    </AdminPage>
  );
}
