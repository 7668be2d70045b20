import type { z } from 'zod';
import type { knowledgeListItemSchema } from '@ideamine/shared/contract/knowledge';
import type { ApiClient } from '../../api/client';
import { fetchPage } from '../../queries/paged';

// Knowledge recovery (role admin): soft-deleted ideas, restored or purged for good.

export type DeletedIdea = z.infer<typeof knowledgeListItemSchema>;

export const recoveryKeys = { all: ['admin', 'recovery'] as const };

export const fetchDeletedIdeas = (client: ApiClient, search: string, page: number, pageSize: number) =>
  fetchPage<DeletedIdea>(client, '/admin/recovery/knowledge', { search, page, page_size: pageSize });

export const restoreIdea = async (client: ApiClient, id: number) =>
  (await client.post<DeletedIdea>(`/admin/recovery/knowledge/${id}/restore`)).data;

export const purgeIdea = async (client: ApiClient, id: number) =>
  (await client.delete<{ message: string }>(`/admin/recovery/knowledge/${id}`)).data;
