import type { z } from 'zod';
import type {
  createJobBody,
  crawlTaskSchema,
  jobCountsSchema,
  jobDetailSchema,
  jobSchema,
  ListJobsQuery,
  transformTaskSchema,
} from '@ideamine/shared/contract/jobs';
import type { knowledgeListItemSchema } from '@ideamine/shared/contract/knowledge';
import type { ApiClient } from '../../api/client';
import { fetchPage } from '../../queries/paged';

// Crawl jobs (jobs:read, jobs:write, jobs:delete): list, detail with counts, create, rename,
// cancel, delete; and what one job produced (its tasks, raw pages and ideas).

export type Job = z.infer<typeof jobSchema>;
export type JobCounts = z.infer<typeof jobCountsSchema>;
export type JobDetail = z.infer<typeof jobDetailSchema>;
export type CrawlTask = z.infer<typeof crawlTaskSchema>;
export type TransformTask = z.infer<typeof transformTaskSchema>;
export type JobIdea = z.infer<typeof knowledgeListItemSchema>;
export type JobInput = z.input<typeof createJobBody>;
export type JobFilters = Partial<Omit<ListJobsQuery, 'page' | 'page_size'>>;

export const jobKeys = {
  all: ['admin', 'jobs'] as const,
  list: (filters: JobFilters) => ['admin', 'jobs', 'list', filters] as const,
  job: (id: number) => ['admin', 'jobs', 'job', id] as const,
  detail: (id: number) => ['admin', 'jobs', 'detail', id] as const,
  /** Everything listed under one job (tasks, raw pages, ideas): reloaded together. */
  of: (id: number) => ['admin', 'jobs', 'of', id] as const,
};

/** Jobs the workers may still change: the detail screen follows them. */
export const isRunning = (status: Job['status']) => status === 'pending' || status === 'active';

export const fetchJobs = (client: ApiClient, filters: JobFilters, page: number, pageSize: number) =>
  fetchPage<Job>(client, '/jobs', { ...filters, page, page_size: pageSize });

export const fetchJob = async (client: ApiClient, id: number) => (await client.get<Job>(`/jobs/${id}`)).data;

export const fetchJobDetail = async (client: ApiClient, id: number) =>
  (await client.get<JobDetail>(`/jobs/${id}/detail`)).data;

export const createJob = async (client: ApiClient, body: JobInput) => (await client.post<Job>('/jobs', body)).data;

export const renameJob = async (client: ApiClient, id: number, tag: string) =>
  (await client.put<Job>(`/jobs/${id}`, { tag })).data;

export const cancelJob = async (client: ApiClient, id: number) =>
  (await client.put<Job>(`/jobs/${id}`, { action: 'cancel' })).data;

export const deleteJob = async (client: ApiClient, id: number) =>
  (await client.delete<{ message: string }>(`/jobs/${id}`)).data;

export const fetchJobCrawlTasks = (client: ApiClient, jobId: number, page: number, pageSize: number) =>
  fetchPage<CrawlTask>(client, '/tasks/crawl', { job_id: jobId, page, page_size: pageSize });

export const fetchJobTransformTasks = (client: ApiClient, jobId: number, page: number, pageSize: number) =>
  fetchPage<TransformTask>(client, '/tasks/transform', { job_id: jobId, page, page_size: pageSize });

export const fetchJobIdeas = (client: ApiClient, jobId: number, page: number, pageSize: number) =>
  fetchPage<JobIdea>(client, `/data/knowledge/by_job/${jobId}`, { page, page_size: pageSize });
