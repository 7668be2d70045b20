import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  Notification,
  UpdateWatchlistBody,
  Watchlist,
  createWatchlistBody,
  watchlistLimitsSchema,
} from '@ideamine/shared/contract/watchlists';
import type { IdeaCard } from '@ideamine/shared/contract/public';
import type { ApiClient } from '../api/client';
import { useAuth } from '../auth/AuthProvider';
import { keys } from './keys';
import { EMPTY_PAGINATION, fetchPage, type Page } from './paged';

// The caller's watchlists and the notifications their matches make. Every change answers the
// whole watchlist; the list refetches (counts, limits).

export type NewWatchlist = z.input<typeof createWatchlistBody>;
export type WatchlistLimits = z.infer<typeof watchlistLimitsSchema>;
export type MatchCard = IdeaCard & { matched_at: string };

export const WATCHLIST_PAGE_SIZE = 10;
/** How often the bell asks for new matches while a page is open. */
export const NOTIFICATION_POLL_MS = 60_000;

export const watchlistListQuery = (client: ApiClient, page: number, pageSize = WATCHLIST_PAGE_SIZE) =>
  queryOptions({
    queryKey: [...keys.watchlists.list(page), pageSize],
    queryFn: async (): Promise<Page<Watchlist> & { limits: WatchlistLimits | null; emailEnabled: boolean }> => {
      const result = await client.get<Watchlist[]>('/watchlists', { query: { page, page_size: pageSize } });
      return {
        items: result.data,
        pagination: result.meta.pagination ?? EMPTY_PAGINATION,
        limits: (result.meta.limits as WatchlistLimits | undefined) ?? null,
        emailEnabled: result.meta.email_enabled === true,
      };
    },
    placeholderData: keepPreviousData,
  });

export const watchlistMatchesQuery = (client: ApiClient, id: number, page: number) =>
  queryOptions({
    queryKey: keys.watchlists.matches(id, page),
    queryFn: () => fetchPage<MatchCard>(client, `/watchlists/${id}/matches`, { page, page_size: 5 }),
    placeholderData: keepPreviousData,
  });

export const alertsPerDayQuery = (client: ApiClient, days: number) =>
  queryOptions({
    queryKey: [...keys.watchlists.all, 'alerts-per-day', days],
    queryFn: async () =>
      (await client.get<{ day: string; matches: number }[]>('/watchlists/alerts-per-day', { query: { days } })).data,
  });

function useWatchlistsChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: keys.watchlists.all });
}

export function useCreateWatchlist() {
  const { client } = useAuth();
  const changed = useWatchlistsChanged();
  return useMutation({
    mutationFn: async (body: NewWatchlist) => (await client.post<Watchlist>('/watchlists', body)).data,
    onSuccess: changed,
  });
}

export function useUpdateWatchlist(id: number) {
  const { client } = useAuth();
  const changed = useWatchlistsChanged();
  return useMutation({
    mutationFn: async (body: UpdateWatchlistBody) => (await client.put<Watchlist>(`/watchlists/${id}`, body)).data,
    onSuccess: changed,
  });
}

export function useDeleteWatchlist(id: number) {
  const { client } = useAuth();
  const changed = useWatchlistsChanged();
  return useMutation({
    mutationFn: async () => (await client.delete<{ message: string }>(`/watchlists/${id}`)).data,
    onSuccess: changed,
  });
}

export function useRotateFeed(id: number) {
  const { client } = useAuth();
  const changed = useWatchlistsChanged();
  return useMutation({
    mutationFn: async () => (await client.post<Watchlist>(`/watchlists/${id}/feed-token`)).data,
    onSuccess: changed,
  });
}

/** The newest ten matches and the unread count, asked again every minute while signed in. */
export function useMatchNotifications() {
  const { client, user } = useAuth();
  return useQuery({
    queryKey: keys.notifications,
    enabled: !!user,
    refetchInterval: NOTIFICATION_POLL_MS,
    queryFn: async () => {
      const result = await client.get<Notification[]>('/notifications', { query: { page: 1, page_size: 10 } });
      return { items: result.data, unread: Number(result.meta.unread_count ?? 0) };
    },
  });
}

export function useMarkMatchesRead() {
  const { client } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { all: true } | { items: { watchlist_id: number; knowledge_id: number }[] }) =>
      (await client.post<{ marked: number }>('/notifications/read', body)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.notifications }),
  });
}
