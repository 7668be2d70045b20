import type { z } from 'zod';
import type { backupSchema, verifyResultSchema } from '@ideamine/shared/contract/backups';
import type { ApiClient } from '../../api/client';
import { fetchPage } from '../../queries/paged';

// Backups (role admin): consistent snapshots, verification in a scratch database, restore.

export type Backup = z.infer<typeof backupSchema>;
export type BackupVerification = z.infer<typeof verifyResultSchema>;

export const backupKeys = {
  all: ['admin', 'backups'] as const,
  settings: ['admin', 'settings'] as const,
};

export const fetchBackups = (client: ApiClient, page: number, pageSize: number) =>
  fetchPage<Backup>(client, '/admin/backups', { page, page_size: pageSize });

export const createBackup = async (client: ApiClient) => (await client.post<Backup>('/admin/backups')).data;

export const verifyBackup = async (client: ApiClient, id: number) =>
  (await client.post<BackupVerification>(`/admin/backups/${id}/verify`)).data;

export const restoreBackup = async (client: ApiClient, id: number) =>
  (await client.post<Backup>(`/admin/backups/${id}/restore`, { confirm: true })).data;

export const deleteBackup = async (client: ApiClient, id: number) =>
  (await client.delete<{ message: string }>(`/admin/backups/${id}`)).data;

/** Saves the backup file through the browser (the download needs the bearer token). */
export async function downloadBackup(client: ApiClient, backup: Backup) {
  const blob = await client.getBlob(`/admin/backups/${backup.id}/download`);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = backup.file_name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
