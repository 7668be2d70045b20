import { Switch, Tag } from '@blueprintjs/core';
import { Link } from '@tanstack/react-router';
import { z } from 'zod';
import { formatRelative, formatTimestamp } from '@ideamine/shared/format';
import { can } from '@ideamine/shared/permissions';
import { useAuth } from '../../auth/AuthProvider';
import { ButtonLink } from '../../features/account/ButtonLink';
import { fetchSchedules, scheduleKeys, updateSchedule, type Schedule } from '../api/schedules';
import { AdminPage } from '../common/AdminPage';
import { FilterSelect } from '../common/filters';
import { useSearchState } from '../common/screen';
import { useAdminMutation } from '../common/use-admin-mutation';
import { DataTable, type DataColumn } from '../table/DataTable';
import { useRemoteRows } from '../table/row-source';
import { booleanParam, booleanQuery, YES_NO } from '../users/search-params';
import { describeCron } from './cron-hint';
import { SourcesCatalogue } from './SourcesCatalogue';

// /admin/schedules: every schedule with its next run; the Active switch turns one on or off at
// once (schedules:write). The active filter lives in the URL.

const searchSchema = z.object({ is_active: booleanParam() });

const templateUrl = (s: Schedule) => (typeof s.job_template.initial_url === 'string' ? s.job_template.initial_url : '');

function ActiveSwitch({ schedule }: { schedule: Schedule }) {
  const { client } = useAuth();
  const toggle = useAdminMutation({
    mutationFn: (active: boolean) => updateSchedule(client, schedule.id, { is_active: active }),
    invalidate: [scheduleKeys.all],
    success: (s) => `${s.name} ${s.is_active ? 'activated' : 'deactivated'}`,
    errorFallback: 'Failed to change the schedule',
  });
  const checked = toggle.isPending ? !!toggle.variables : schedule.is_active;
  return (
    <Switch
      className="im-table-check"
      role="switch"
      checked={checked}
      disabled={toggle.isPending}
      aria-label={`Active: ${schedule.name}`}
      label={checked ? 'On' : 'Off'}
      onChange={(e) => toggle.mutate(e.currentTarget.checked)}
    />
  );
}

function columns(canWrite: boolean): DataColumn<Schedule>[] {
  return [
    {
      id: 'name',
      name: 'Name',
      width: 200,
      text: (s) => s.name,
      render: (s) =>
        canWrite ? (
          <Link to="/admin/schedules/$id" params={{ id: String(s.id) }}>
            {s.name}
          </Link>
        ) : (
          s.name
        ),
    },
    {
      id: 'is_active',
      name: 'Active',
      width: 80,
      text: (s) => (s.is_active ? 'On' : 'Off'),
      render: (s) =>
        canWrite ? (
          <ActiveSwitch schedule={s} />
        ) : (
          <Tag minimal intent={s.is_active ? 'success' : undefined}>
            {s.is_active ? 'On' : 'Off'}
          </Tag>
        ),
    },
    { id: 'cron', name: 'Cron', width: 90, text: (s) => s.cron },
    { id: 'when', name: 'When', width: 200, text: (s) => `${describeCron(s.cron) ?? s.cron} (${s.timezone})` },
    {
      id: 'next_run_at',
      name: 'Next run',
      width: 130,
      text: (s) =>
        s.is_active && s.next_run_at ? formatTimestamp(s.next_run_at) : s.is_active ? '—' : 'Not while off',
    },
    {
      id: 'last_run_at',
      name: 'Last run',
      width: 110,
      text: (s) => (s.last_run_at ? formatRelative(s.last_run_at) : 'Never'),
    },
    { id: 'initial_url', name: 'Start URL', width: 220, text: templateUrl },
    { id: 'is_builtin', name: 'Origin', width: 80, text: (s) => (s.is_builtin ? 'Built-in' : 'Custom') },
  ];
}

export function SchedulesPage() {
  const { client, user } = useAuth();
  const [search, setSearch] = useSearchState(searchSchema);
  const canWrite = can(user, 'schedules', 'write');
  const active = booleanQuery(search.is_active);
  const rows = useRemoteRows({
    queryKey: scheduleKeys.list(active),
    fetchPage: (page, size) => fetchSchedules(client, active, page, size),
  });
  return (
    <AdminPage
      title="Schedules"
      description="Crawl jobs that start on a cron schedule. A schedule runs only while it is active."
      actions={canWrite && <ButtonLink to="/admin/schedules/new" intent="primary" icon="add" text="New schedule" />}
    >
      <SourcesCatalogue title="Built-in sources" />
      <DataTable
        label="Schedules"
        columns={columns(canWrite)}
        rows={rows}
        rowKey={(s) => s.id}
        unit="schedules"
        toolbar={
          <FilterSelect
            label="Active filter"
            anyText="Active and inactive"
            value={active}
            options={YES_NO}
            optionText={(v) => (v === 'true' ? 'Active only' : 'Inactive only')}
            onChange={(v) => setSearch({ is_active: v === undefined ? undefined : v === 'true' })}
          />
        }
        emptyMessage={active ? 'No schedules match this filter.' : 'No schedules yet.'}
        errorFallback="Failed to fetch schedules"
      />
    </AdminPage>
  );
}
