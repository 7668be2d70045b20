import type { LlmCall, LlmModelDetail, LlmMonitoring } from '@ideamine/shared/contract/llm-monitoring';
import type { ApiClient } from '../../api/client';
import { EMPTY_PAGINATION } from '../../queries/paged';

// LLM monitoring (role admin): calls, errors, tokens, latency and cost per provider and model.

export type Period = '24h' | '7d' | '30d';
export const PERIODS: Period[] = ['24h', '7d', '30d'];

export const llmKeys = {
  all: ['admin', 'llm-monitoring'] as const,
  overview: (period: Period) => ['admin', 'llm-monitoring', 'overview', period] as const,
  model: (model: string, period: Period) => ['admin', 'llm-monitoring', 'model', model, period] as const,
  calls: (model: string) => ['admin', 'llm-monitoring', 'calls', model] as const,
};

export const fetchLlmMonitoring = async (client: ApiClient, period: Period) =>
  (await client.get<LlmMonitoring>('/admin/llm-monitoring', { query: { period } })).data;

/** Model names may hold slashes ('meta/llama-3'): one encoded path segment. */
const modelPath = (model: string) => `/admin/llm-monitoring/models/${encodeURIComponent(model)}`;

export const fetchLlmModel = async (client: ApiClient, model: string, period: Period) =>
  (await client.get<LlmModelDetail>(modelPath(model), { query: { period, page: 1, page_size: 1 } })).data;

/** One page of the model's calls, newest first (all time). */
export async function fetchLlmCalls(client: ApiClient, model: string, page: number, pageSize: number) {
  const result = await client.get<LlmModelDetail>(modelPath(model), {
    query: { period: '24h', page, page_size: pageSize },
  });
  return { items: result.data.recent_calls as LlmCall[], pagination: result.meta.pagination ?? EMPTY_PAGINATION };
}
