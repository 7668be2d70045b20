import { useQuery, type QueryKey } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApiClient } from '../../api/client';
import { useAuth } from '../../auth/AuthProvider';
import { PERIODS } from '../api/llm-monitoring';
import { useSearchState } from '../common/screen';

// The analytics and engagement screens: one overview call for the period and top-N limit kept in
// the URL, so a link or the back button shows the same numbers.

export const LIMITS = [10, 25, 50, 100] as const;
type Period = (typeof PERIODS)[number];
type Limit = (typeof LIMITS)[number];

const periodSearchSchema = z.object({
  period: z.enum(PERIODS).catch('7d').default('7d'),
  limit: z.coerce
    .number()
    .pipe(z.union(LIMITS.map((n) => z.literal(n))))
    .catch(10)
    .default(10),
});

export function usePeriodOverview<T>(
  keyOf: (period: Period, limit: Limit) => QueryKey,
  fetch: (client: ApiClient, period: Period, limit: Limit) => Promise<T>,
) {
  const { client } = useAuth();
  const [search, setSearch] = useSearchState(periodSearchSchema);
  const overview = useQuery({
    queryKey: keyOf(search.period, search.limit),
    queryFn: () => fetch(client, search.period, search.limit),
  });
  return { search, setSearch, overview };
}
