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
  const result = await client.get<T[]>(path, { query });
  return { items: result.data, pagination: result.meta.pagination ?? EMPTY_PAGINATION };
}
