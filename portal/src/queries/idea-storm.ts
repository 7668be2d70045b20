import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  ideaEnhancementSchema,
  ideaEvaluationSchema,
  ideaInputBody,
  ideaStormAnalysisSchema,
} from '@ideamine/shared/contract/idea-storm';
import type { ApiClient } from '../api/client';
import { useAuth } from '../auth/AuthProvider';
import { keys } from './keys';
import { fetchPage } from './paged';

// Idea Storm: a signed-in user's own idea analysed or rewritten by the LLM, and the history of
// those runs.

export type IdeaInput = z.input<typeof ideaInputBody>;
export type IdeaEvaluation = z.infer<typeof ideaEvaluationSchema>;
export type IdeaEnhancement = z.infer<typeof ideaEnhancementSchema>;
export type IdeaStormAnalysis = z.infer<typeof ideaStormAnalysisSchema>;
export type IdeaStormKind = IdeaStormAnalysis['kind'];

export const HISTORY_PAGE_SIZE = 10;

export const ideaStormHistoryQuery = (client: ApiClient, page: number) =>
  queryOptions({
    queryKey: keys.ideaStorm.history(page),
    queryFn: () => fetchPage<IdeaStormAnalysis>(client, '/idea-storm/history', { page, page_size: HISTORY_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });

export interface IdeaStormRun {
  kind: IdeaStormKind;
  input: IdeaInput;
  /** Analyse and keep the idea as one of the user's ideas (POST /public/idea-storm/submit). */
  keep?: { visibility: 'public' | 'private' };
}

function runPath(run: IdeaStormRun): { path: string; body: object } {
  if (run.kind === 'analyze' && run.keep)
    return {
      path: '/public/idea-storm/submit',
      body: { ...run.input, save_as_idea: true, visibility: run.keep.visibility },
    };
  return { path: run.kind === 'analyze' ? '/idea-storm/analyze' : '/idea-storm/enhance', body: run.input };
}

/** Runs an analysis or a rewrite; the history gains a row, and a kept idea joins the idea lists. */
export function useRunIdeaStorm() {
  const { client } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (run: IdeaStormRun) => {
      const { path, body } = runPath(run);
      return (await client.post<IdeaStormAnalysis>(path, body)).data;
    },
    onSuccess: async (analysis) => {
      await queryClient.invalidateQueries({ queryKey: keys.ideaStorm.histories });
      if (analysis.knowledge_id !== null) await queryClient.invalidateQueries({ queryKey: keys.ideas.lists });
    },
  });
}

export function useDeleteAnalysis() {
  const { client } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await client.delete<{ message: string }>(`/idea-storm/${id}`)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.ideaStorm.histories }),
  });
}

export function isEvaluation(analysis: IdeaStormAnalysis): analysis is IdeaStormAnalysis & { result: IdeaEvaluation } {
  return analysis.kind === 'analyze';
}

export function isEnhancement(
  analysis: IdeaStormAnalysis,
): analysis is IdeaStormAnalysis & { kind: 'enhance'; result: IdeaEnhancement } {
  return analysis.kind === 'enhance';
}
