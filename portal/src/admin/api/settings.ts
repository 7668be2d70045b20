import type { z } from 'zod';
import type { settingSchema } from '@ideamine/shared/contract/pipeline-config';
import type { ApiClient } from '../../api/client';

// System settings: known keys, each with a JSON value, a default and a description.

export type Setting = z.infer<typeof settingSchema>;

export const settingKeys = { all: ['admin', 'settings'] as const };

export const fetchSettings = async (client: ApiClient) => (await client.get<Setting[]>('/settings')).data;

export const createSetting = async (client: ApiClient, key: string, value: unknown) =>
  (await client.post<Setting>('/settings', { key, value })).data;

export const updateSetting = async (client: ApiClient, key: string, value: unknown) =>
  (await client.put<Setting>(`/settings/${encodeURIComponent(key)}`, { value })).data;

/** Returns the setting to its default; the answer's message, when the API gives one. */
export const deleteSetting = async (client: ApiClient, key: string) =>
  (await client.delete<{ message?: string } | null>(`/settings/${encodeURIComponent(key)}`)).data;
