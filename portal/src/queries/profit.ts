import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { profitAnalysisSchema, profitBatchSchema } from '@ideamine/shared/contract/idea-storm';
import type { ApiClient } from '../api/client';
import { useAuth } from '../auth/AuthProvider';
import { keys } from './keys';
import { fetchPage } from './paged';

// Profit analysis of existing ideas: one now, or a batch queued for the workers whose progress
// the page polls while it runs.

export type ProfitAnalysis = z.infer<typeof profitAnalysisSchema>;
export type ProfitBatch = z.infer<typeof profitBatchSchema>;
export type BatchStatus = ProfitBatch['status'];

export const BATCH_POLL_MS = 2000;
export const BATCH_PAGE_SIZE = 5;

/** A batch is still running while it is pending or active. */
export function isBatchRunning(status: BatchStatus | undefined): boolean {
  return status === 'pending' || status === 'active';
}

export const profitBatchQuery = (client: ApiClient, id: number) =>
  queryOptions({
    queryKey: keys.profit.batch(id),
    queryFn: async () => (await client.get<ProfitBatch>(`/profit-analysis/batch/${id}`)).data,
    refetchInterval: (query) => (isBatchRunning(query.state.data?.status) ? BATCH_POLL_MS : false),
  });

export const profitBatchListQuery = (client: ApiClient, page: number) =>
  queryOptions({
    queryKey: keys.profit.batchList(page),
    queryFn: () => fetchPage<ProfitBatch>(client, '/profit-analysis/batch', { page, page_size: BATCH_PAGE_SIZE }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.items.some((b) => isBatchRunning(b.status)) ? BATCH_POLL_MS : false),
  });

/** One idea analysed inside the request; nothing cached changes. */
export function useRunProfitAnalysis() {
  const { client } = useAuth();
  return useMutation({
    mutationFn: async (knowledgeId: number) =>
      (await client.post<ProfitAnalysis>('/profit-analysis', { knowledge_id: knowledgeId })).data,
  });
}

export function useStartProfitBatch() {
  const { client } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (knowledgeIds: number[]) =>
      (await client.post<ProfitBatch>('/profit-analysis/batch', { knowledge_ids: knowledgeIds })).data,
    onSuccess: async (batch) => {
      queryClient.setQueryData(keys.profit.batch(batch.id), batch);
      await queryClient.invalidateQueries({ queryKey: keys.profit.batches });
    },
  });
}
