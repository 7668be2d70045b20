import { useQuery, type QueryKey } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client';
import { useAuth } from '../../auth/AuthProvider';
import { useIdParam } from './screen';

/**
 * The record a detail or edit screen's path names (`/admin/x/{id}`). An id that cannot exist is
 * never fetched: the screen shows `InvalidId` for it instead.
 */
export function useRecord<T>(keyOf: (id: number) => QueryKey, fetch: (client: ApiClient, id: number) => Promise<T>) {
  const { client } = useAuth();
  const id = useIdParam();
  const query = useQuery({ queryKey: keyOf(id), queryFn: () => fetch(client, id), enabled: Number.isFinite(id) });
  return { id, query };
}
