import { useQueries, type QueryKey } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { Pagination } from '@ideamine/shared/envelope';

// Where a dense table's rows come from. A remote source asks the API only for the pages on
// screen (100 rows each), so a list of 100,000 tasks scrolls like one of 100: the table knows the
// total from the first answer and fills rows in as their pages arrive.

export interface RowSource<T> {
  /** Rows the table has: the server's total for a remote list. */
  count: number;
  /** The row at an index, or undefined while its page loads. */
  rowAt(index: number): T | undefined;
  /** The table reports the rows on screen; a remote source loads their pages. */
  onVisibleRows(first: number, last: number): void;
  /** True until the first answer arrives. */
  isPending: boolean;
  error: unknown;
  fetching: boolean;
  /** Changes (by identity) whenever any loaded row may have changed, so the table redraws its cells. */
  version: unknown;
  refetch(): void;
}

export interface RowPage<T> {
  items: T[];
  pagination: Pagination;
}

export const REMOTE_PAGE_SIZE = 100;

/** Pages (1-based) holding rows first..last. */
export function pagesFor(first: number, last: number, pageSize: number): number[] {
  const from = Math.floor(Math.max(0, first) / pageSize) + 1;
  const to = Math.floor(Math.max(0, first, last) / pageSize) + 1;
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

export function useRemoteRows<T>(options: {
  queryKey: QueryKey;
  fetchPage(page: number, pageSize: number): Promise<RowPage<T>>;
  pageSize?: number;
  refetchInterval?: number | false;
}): RowSource<T> {
  const size = options.pageSize ?? REMOTE_PAGE_SIZE;
  const keyText = JSON.stringify(options.queryKey);
  // The pages on screen belong to one key: new filters or a new sort start at the top.
  const [view, setView] = useState({ key: keyText, pages: [1] });
  const pages = view.key === keyText ? view.pages : [1];
  const results = useQueries({
    queries: pages.map((page) => ({
      queryKey: [...options.queryKey, 'rows', page, size],
      queryFn: () => options.fetchPage(page, size),
      refetchInterval: options.refetchInterval,
    })),
  });
  // Keep the last known total while a new key loads, so the table does not collapse and jump.
  const lastCount = useRef(0);
  // The key whose first answer arrived: a jump far down (only unloaded pages on screen) is then
  // not "pending", so the table stays mounted at its scroll position instead of a spinner.
  const answeredKey = useRef<string | null>(null);
  const loaded = results.find((r) => r.data)?.data;
  if (loaded) {
    lastCount.current = loaded.pagination.total;
    answeredKey.current = keyText;
  }
  const version = results.reduce((sum, r) => sum + r.dataUpdatedAt, 0);
  const byPage = useMemo(() => {
    const map = new Map<number, T[]>();
    results.forEach((r, i) => r.data && map.set(pages[i]!, r.data.items));
    return map;
  }, [version, pages.join(',')]);

  const onVisibleRows = useCallback(
    (first: number, last: number) => {
      const wanted = pagesFor(first, last, size);
      setView((current) =>
        current.key === keyText && current.pages.join(',') === wanted.join(',')
          ? current
          : { key: keyText, pages: wanted },
      );
    },
    [keyText, size],
  );

  return {
    count: lastCount.current,
    rowAt: (index) => byPage.get(Math.floor(index / size) + 1)?.[index % size],
    onVisibleRows,
    isPending: !loaded && answeredKey.current !== keyText && results.some((r) => r.isPending),
    error: results.find((r) => r.error)?.error ?? null,
    fetching: results.some((r) => r.isFetching),
    version,
    refetch: () => results.forEach((r) => void r.refetch()),
  };
}

/** Rows already in memory (answers that are not paged, such as settings or a model's series). */
export function useLocalRows<T>(query: {
  data: T[] | undefined;
  error: unknown;
  isPending: boolean;
  isFetching: boolean;
  dataUpdatedAt: number;
  refetch(): unknown;
}): RowSource<T> {
  const items = query.data ?? [];
  return {
    count: items.length,
    rowAt: (index) => items[index],
    onVisibleRows: () => undefined,
    isPending: query.isPending,
    error: query.error,
    fetching: query.isFetching,
    version: query.data,
    refetch: () => void query.refetch(),
  };
}

/** Rows computed in the page (sorted or filtered from an answer): the array is the version. */
export function localRows<T>(items: readonly T[]): RowSource<T> {
  return {
    count: items.length,
    rowAt: (index) => items[index],
    onVisibleRows: () => undefined,
    isPending: false,
    error: null,
    fetching: false,
    version: items,
    refetch: () => undefined,
  };
}
