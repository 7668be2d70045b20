import type { Pagination } from '@ideamine/shared/envelope';
import type { ApiClient, Query } from '../api/client';

// One page of a list call: the items and the envelope's meta.pagination (an empty first page
// when the server sent none).

export interface Page<T> {
  items: T[];
  pagination: Pagination;
}

export const EMPTY_PAGINATION: Pagination = { total: 0, page: 1, page_size: 10, total_page: 0, total_pages: 0 };

export async function fetchPage<T>(client: ApiClient, path: string, query: Query): Promise<Page<T>> {
  return (await fetchPageWithMeta<T>(client, path, query)).page;
}

/** The page, and the rest of the envelope's meta for calls that say more (a search's did_you_mean). */
export async function fetchPageWithMeta<T>(
  client: ApiClient,
  path: string,
  query: Query,
): Promise<{ page: Page<T>; meta: Record<string, unknown> }> {
  const result = await client.get<T[]>(path, { query });
  return { page: { items: result.data, pagination: result.meta.pagination ?? EMPTY_PAGINATION }, meta: result.meta };
}
