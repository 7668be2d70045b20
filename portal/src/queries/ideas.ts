import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AboutScores, DidYouMean, IdeaCard, TrendingKeyword } from '@ideamine/shared/contract/public';
import type { ScoreEvidence } from '@ideamine/shared/contract/knowledge';
import type { ApiClient, Query } from '../api/client';
import { keys } from './keys';
import { fetchPage, fetchPageWithMeta, type Page } from './paged';

// Public idea reads: the lists, one idea, categories, trending keywords, search and suggestions.

export interface Category {
  slug: string;
  name: string;
  description: string;
  count: number;
}

export type PublicIdea = IdeaCard & {
  body: string;
  keywords: string[];
  tags: string[];
  source_url: string;
  sources: string[];
  author: string | null;
  published_at: string | null;
  business_model_innovation_score: number | null;
  technology_innovation_score: number | null;
  market_disruption_potential_score: number | null;
  approach_novelty_score: number | null;
  score_evidence: ScoreEvidence | null;
  model_version: string | null;
  updated_at: string;
};

/** The idea lists of the portal, each one API call with its own query. */
export type IdeaListKind = 'all' | 'editor-picks' | 'community-favorites' | 'high-potential' | 'trending';

export function ideaListPath(kind: IdeaListKind): string {
  switch (kind) {
    case 'editor-picks':
      return '/public/editor-picks';
    case 'community-favorites':
      return '/public/ideas/top-voted';
    default:
      return '/public/ideas';
  }
}

export const ideaListQuery = (client: ApiClient, kind: IdeaListKind, params: Query) =>
  queryOptions({
    queryKey: keys.ideas.list(kind, params),
    queryFn: () => fetchPage<IdeaCard>(client, ideaListPath(kind), params),
    placeholderData: keepPreviousData,
  });

/** The model behind the scores and its held-out figures ("About the scores"); changes only with a release. */
export const aboutScoresQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: keys.aboutScores,
    queryFn: async () => (await client.get<AboutScores>('/public/about-scores')).data,
    staleTime: Infinity,
  });

export const ideaQuery = (client: ApiClient, id: number) =>
  queryOptions({
    queryKey: keys.ideas.detail(id),
    // Each load records a view; its token lets the page report the time spent on it.
    queryFn: async () => {
      const result = await client.get<PublicIdea>(`/public/ideas/${id}`);
      return {
        idea: result.data,
        viewToken: typeof result.meta.view_token === 'string' ? result.meta.view_token : null,
      };
    },
    staleTime: 60_000,
  });

export const categoriesQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: keys.categories,
    queryFn: async () => (await client.get<Category[]>('/public/categories')).data,
    staleTime: 60_000,
  });

export const trendingQuery = (client: ApiClient, params: Query) =>
  queryOptions({
    queryKey: keys.trending(params),
    queryFn: () => fetchPage<TrendingKeyword>(client, '/public/trending-keywords', params),
    placeholderData: keepPreviousData,
  });

/** A search's page, and for a search that found nothing a respelling that finds ideas. */
export interface SearchAnswer extends Page<IdeaCard & { rank: number | null }> {
  didYouMean: DidYouMean | null;
}

export const searchQuery = (client: ApiClient, params: Query) =>
  queryOptions({
    queryKey: keys.search(params),
    queryFn: async (): Promise<SearchAnswer> => {
      const { page, meta } = await fetchPageWithMeta<IdeaCard & { rank: number | null }>(
        client,
        '/public/search',
        params,
      );
      return { ...page, didYouMean: (meta.did_you_mean as DidYouMean | undefined) ?? null };
    },
    placeholderData: keepPreviousData,
  });

export interface Suggestion {
  text: string;
  type: 'idea' | 'category' | 'keyword';
  id: number | null;
  slug: string | null;
}

export const suggestionsQuery = (client: ApiClient, q: string) =>
  queryOptions({
    queryKey: keys.suggestions(q),
    queryFn: async () => (await client.get<Suggestion[]>('/public/search/suggestions', { query: { q } })).data,
    enabled: q.trim().length >= 2,
    staleTime: 30_000,
  });
