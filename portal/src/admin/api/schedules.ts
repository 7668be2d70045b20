import type { z } from 'zod';
import type { createScheduleBody, scheduleSchema, updateScheduleBody } from '@ideamine/shared/contract/pipeline-config';
import type { ApiClient } from '../../api/client';
import { fetchPage } from '../../queries/paged';

// Schedules: a cron expression in a time zone that creates a crawl job from its template.

export type Schedule = z.infer<typeof scheduleSchema>;
export type ScheduleInput = z.input<typeof createScheduleBody>;
export type ScheduleChanges = z.input<typeof updateScheduleBody>;
export type ActiveFilter = 'true' | 'false' | undefined;

export const scheduleKeys = {
  all: ['admin', 'schedules'] as const,
  list: (active: ActiveFilter) => ['admin', 'schedules', 'list', active ?? 'all'] as const,
  detail: (id: number) => ['admin', 'schedules', 'detail', id] as const,
};

export const fetchSchedules = (client: ApiClient, active: ActiveFilter, page: number, pageSize: number) =>
  fetchPage<Schedule>(client, '/schedules', { is_active: active, page, page_size: pageSize });

export const fetchSchedule = async (client: ApiClient, id: number) =>
  (await client.get<Schedule>(`/schedules/${id}`)).data;

export const createSchedule = async (client: ApiClient, body: ScheduleInput) =>
  (await client.post<Schedule>('/schedules', body)).data;

export const updateSchedule = async (client: ApiClient, id: number, body: ScheduleChanges) =>
  (await client.put<Schedule>(`/schedules/${id}`, body)).data;

export const deleteSchedule = async (client: ApiClient, id: number) =>
  (await client.delete<{ message: string }>(`/schedules/${id}`)).data;
