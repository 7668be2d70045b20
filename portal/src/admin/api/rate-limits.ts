import type { z } from 'zod';
import type { rateLimitSchema } from '@ideamine/shared/contract/pipeline-config';
import type { ApiClient } from '../../api/client';
import { fetchPage } from '../../queries/paged';

// Crawl rate limits per domain pattern (role developer).

export type RateLimit = z.infer<typeof rateLimitSchema>;
export interface RateLimitFields {
  domain_pattern: string;
  requests_per_minute: number | undefined;
  burst: number | undefined;
  max_concurrency: number | undefined;
}

export const rateLimitKeys = {
  all: ['admin', 'rate-limits'] as const,
  detail: (id: number) => ['admin', 'rate-limits', 'detail', id] as const,
};

export const fetchRateLimits = (client: ApiClient, page: number, pageSize: number) =>
  fetchPage<RateLimit>(client, '/rate-limits', { page, page_size: pageSize });

export const fetchRateLimit = async (client: ApiClient, id: number) =>
  (await client.get<RateLimit>(`/rate-limits/${id}`)).data;

export const createRateLimit = async (client: ApiClient, body: RateLimitFields) =>
  (await client.post<RateLimit>('/rate-limits', body)).data;

export const updateRateLimit = async (client: ApiClient, id: number, body: Partial<RateLimitFields>) =>
  (await client.put<RateLimit>(`/rate-limits/${id}`, body)).data;

export const deleteRateLimit = async (client: ApiClient, id: number) => {
  await client.delete(`/rate-limits/${id}`);
};
