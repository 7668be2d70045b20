import type { z } from 'zod';
import type { ListUsersQuery, updateUserBody, userSchema } from '@ideamine/shared/contract/users';
import type { ApiClient } from '../../api/client';
import { fetchPage } from '../../queries/paged';

// User accounts (read: role developer; change and delete: role admin).

export type AdminUser = z.infer<typeof userSchema>;
export type UserFilters = Partial<Pick<ListUsersQuery, 'search' | 'role' | 'sort' | 'order'>>;
/** The change as sent: trial_expires_at an ISO date-time, or null to clear it. */
export type UserChanges = z.input<typeof updateUserBody>;

export const userKeys = {
  all: ['admin', 'users'] as const,
  list: (filters: UserFilters) => ['admin', 'users', 'list', filters] as const,
  detail: (id: number) => ['admin', 'users', 'detail', id] as const,
};

export const fetchUsers = (client: ApiClient, filters: UserFilters, page: number, pageSize: number) =>
  fetchPage<AdminUser>(client, '/users', { ...filters, page, page_size: pageSize });

export const fetchUser = async (client: ApiClient, id: number) => (await client.get<AdminUser>(`/users/${id}`)).data;

export const updateUser = async (client: ApiClient, id: number, body: UserChanges) =>
  (await client.put<AdminUser>(`/users/${id}`, body)).data;

export const deleteUser = async (client: ApiClient, id: number) =>
  (await client.delete<{ message: string }>(`/users/${id}`)).data;
