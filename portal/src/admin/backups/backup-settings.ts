import type { ApiClient } from '../../api/client';
import { ApiClientError } from '../../api/errors';

// The two settings that drive scheduled backups (shared/src/settings.ts): when they run (cron,
// UTC; empty turns them off) and how many scheduled backups are kept.

export const SCHEDULE_KEY = 'backup.schedule_cron';
export const RETENTION_KEY = 'backup.retention_count';

export interface BackupSchedule {
  cron: string;
  retention: number;
}

interface Setting {
  key: string;
  value: unknown;
}

export async function fetchBackupSchedule(client: ApiClient): Promise<BackupSchedule> {
  const settings = (await client.get<Setting[]>('/settings')).data;
  const value = (key: string) => settings.find((s) => s.key === key)?.value;
  return { cron: String(value(SCHEDULE_KEY) ?? ''), retention: Number(value(RETENTION_KEY) ?? 7) };
}

/** The API names `value` when it refuses a setting; the form has one field per setting. */
function forField(field: string) {
  return (error: unknown): never => {
    if (error instanceof ApiClientError && error.status === 400)
      throw new ApiClientError(error.code, error.message, error.status, { field });
    throw error;
  };
}

export async function saveBackupSchedule(client: ApiClient, schedule: BackupSchedule): Promise<void> {
  await client.put(`/settings/${SCHEDULE_KEY}`, { value: schedule.cron.trim() }).catch(forField('cron'));
  await client.put(`/settings/${RETENTION_KEY}`, { value: schedule.retention }).catch(forField('retention'));
}
