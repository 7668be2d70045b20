import type { z } from 'zod';
import type {
  createRawDataBody,
  rawDataDetailSchema,
  rawDataSchema,
  updateRawDataBody,
} from '@ideamine/shared/contract/pipeline-config';
import type { ApiClient } from '../../api/client';
import { fetchPage } from '../../queries/paged';

// Raw pages (role developer): what the crawler fetched, or what an operator pasted in by hand.
// Creating or changing one queues its transform, so the workers turn it into ideas.

export type RawData = z.infer<typeof rawDataSchema>;
export type RawDataDetail = z.infer<typeof rawDataDetailSchema>;
export type RawDataInput = z.input<typeof createRawDataBody>;
export type RawDataChanges = z.input<typeof updateRawDataBody>;
export type RawContentType = RawDataInput['content_type'];
export interface RawDataFilters {
  job_id?: number | undefined;
  search?: string | undefined;
  order?: 'asc' | 'desc';
}

export const RAW_CONTENT_TYPES: RawContentType[] = [
  'text/html',
  'application/json',
  'application/rss+xml',
  'application/atom+xml',
  'application/xml',
  'text/plain',
];

export const rawDataKeys = {
  all: ['admin', 'raw-data'] as const,
  list: (filters: RawDataFilters) => ['admin', 'raw-data', 'list', filters] as const,
  byJob: (jobId: number) => ['admin', 'raw-data', 'by-job', jobId] as const,
  detail: (id: number) => ['admin', 'raw-data', 'detail', id] as const,
};

export const fetchRawDataList = (client: ApiClient, filters: RawDataFilters, page: number, pageSize: number) =>
  fetchPage<RawData>(client, '/data/raw', { ...filters, page, page_size: pageSize });

export const fetchRawDataByJob = (client: ApiClient, jobId: number, page: number, pageSize: number) =>
  fetchPage<RawData>(client, `/data/raw/by_job/${jobId}`, { page, page_size: pageSize });

export const fetchRawData = async (client: ApiClient, id: number) =>
  (await client.get<RawDataDetail>(`/data/raw/${id}`)).data;

export const createRawData = async (client: ApiClient, body: RawDataInput) =>
  (await client.post<RawDataDetail>('/data/raw', body)).data;

export const updateRawData = async (client: ApiClient, id: number, body: RawDataChanges) =>
  (await client.put<RawDataDetail>(`/data/raw/${id}`, body)).data;

export const deleteRawData = async (client: ApiClient, id: number) =>
  (await client.delete<{ message: string }>(`/data/raw/${id}`)).data;
