import { Button, Card, H5 } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useAuth } from '../../auth/AuthProvider';
import { FormErrorCallout } from '../../features/account/FormErrors';
import { QueryState } from '../../features/common/QueryState';
import { backupKeys } from '../api/backups';
import { NumberField, TextField } from '../common/fields';
import { useAdminMutation } from '../common/use-admin-mutation';
import { fetchBackupSchedule, saveBackupSchedule, type BackupSchedule } from './backup-settings';

// When scheduled backups run and how many are kept (settings backup.schedule_cron and
// backup.retention_count); the workers' minute tick takes them.

function ScheduleForm(props: { initial: BackupSchedule }) {
  const { client } = useAuth();
  const [fields, setFields] = useState(props.initial);
  const save = useAdminMutation({
    mutationFn: (schedule: BackupSchedule) => saveBackupSchedule(client, schedule),
    invalidate: [backupKeys.settings],
    success: (_, s) =>
      s.cron.trim()
        ? `Backups scheduled at "${s.cron.trim()}" (UTC), keeping ${s.retention}`
        : 'Scheduled backups turned off',
    errorFallback: 'Failed to save the backup schedule',
    toastErrors: false,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (fields.retention !== undefined) save.mutate(fields);
  };
  return (
    <form onSubmit={submit} aria-label="Backup schedule">
      <FormErrorCallout
        error={save.error}
        fields={['cron', 'retention']}
        fallback="Failed to save the backup schedule"
      />
      <div className="im-form-row">
        <TextField
          name="cron"
          label="Schedule (cron, UTC)"
          error={save.error}
          value={fields.cron}
          maxLength={100}
          placeholder="0 3 * * *"
          help={
            fields.cron.trim() ? 'Five fields: minute hour day month weekday.' : 'Empty: scheduled backups are off.'
          }
          onChange={(cron) => setFields({ ...fields, cron })}
        />
        <NumberField
          name="retention"
          label="Scheduled backups kept"
          min={1}
          max={1000}
          error={save.error}
          value={fields.retention}
          help="Older scheduled backups are deleted; manual ones are kept."
          onChange={(retention) => setFields({ ...fields, retention: retention as number })}
        />
      </div>
      <Button
        type="submit"
        text="Save schedule"
        icon="time"
        loading={save.isPending}
        disabled={fields.retention === undefined}
      />
    </form>
  );
}

export function BackupSchedulePanel() {
  const { client } = useAuth();
  const schedule = useQuery({ queryKey: backupKeys.settings, queryFn: () => fetchBackupSchedule(client) });
  return (
    <Card className="im-section" role="region" aria-label="Schedule and retention">
      <H5>Schedule and retention</H5>
      <QueryState query={schedule} errorFallback="Failed to fetch the backup schedule">
        {(data) => <ScheduleForm key={`${data.cron}|${data.retention}`} initial={data} />}
      </QueryState>
    </Card>
  );
}
