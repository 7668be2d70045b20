import { useQuery, type QueryKey } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

// Spec s4 and s8: every widget loads its own call; on failure it shows built-in sample data under
// the warning banner 'Failed to fetch {name}. Using mock data instead.' The auto-refresh (30 s)
// pauses while the window is hidden and never starts a request while one is running.

export const AUTO_REFRESH_MS = 30_000;

export interface WidgetData<T> {
  data: T | undefined;
  /** True when `data` is the built-in sample because the call failed. */
  sample: boolean;
  banner: string | null;
  loading: boolean;
  updatedAt: number | null;
  refresh(): void;
}

function usePageVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState !== 'hidden');
  useEffect(() => {
    const onChange = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  return visible;
}

export function useWidgetData<T>(options: {
  name: string;
  queryKey: QueryKey;
  queryFn: () => Promise<T>;
  sample: T;
  autoRefresh?: boolean;
}): WidgetData<T> {
  const visible = usePageVisible();
  const query = useQuery({
    queryKey: options.queryKey,
    queryFn: options.queryFn,
    retry: false,
    // TanStack Query waits for the running fetch before the next interval tick starts another.
    refetchInterval: options.autoRefresh && visible ? AUTO_REFRESH_MS : false,
    refetchIntervalInBackground: false,
  });
  const failed = query.isError && query.data === undefined;
  return {
    data: failed ? options.sample : query.data,
    sample: failed,
    banner: failed ? `Failed to fetch ${options.name}. Using mock data instead.` : null,
    loading: query.isFetching,
    updatedAt: query.dataUpdatedAt || (failed ? query.errorUpdatedAt : null),
    refresh: () => void query.refetch(),
  };
}
