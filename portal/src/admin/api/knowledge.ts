import type { z } from 'zod';
import type {
  knowledgeListItemSchema,
  knowledgeSchema,
  ListKnowledgeQuery,
  queuedSchema,
  updateKnowledgeBody,
} from '@ideamine/shared/contract/knowledge';
import type { ApiClient } from '../../api/client';
import { fetchPage } from '../../queries/paged';

// Knowledge items as operators manage them: list, detail, edit, enrich, soft delete, and the
// admin-only editor pick, visibility and ownership calls.

export type KnowledgeItem = z.infer<typeof knowledgeSchema>;
export type KnowledgeListItem = z.infer<typeof knowledgeListItemSchema>;
export type KnowledgeChanges = z.input<typeof updateKnowledgeBody>;
export type Queued = z.infer<typeof queuedSchema>;
export type KnowledgeFilters = Partial<Omit<ListKnowledgeQuery, 'page' | 'page_size'>>;

export const knowledgeKeys = {
  all: ['admin', 'knowledge'] as const,
  list: (filters: KnowledgeFilters) => ['admin', 'knowledge', 'list', filters] as const,
  detail: (id: number) => ['admin', 'knowledge', 'detail', id] as const,
};

export const fetchKnowledgeList = (client: ApiClient, filters: KnowledgeFilters, page: number, pageSize: number) =>
  fetchPage<KnowledgeListItem>(client, '/data/knowledge', { ...filters, page, page_size: pageSize });

export const fetchKnowledge = async (client: ApiClient, id: number) =>
  (await client.get<KnowledgeItem>(`/data/knowledge/${id}`)).data;

export const updateKnowledge = async (client: ApiClient, id: number, body: KnowledgeChanges) =>
  (await client.put<KnowledgeItem>(`/data/knowledge/${id}`, body)).data;

export const deleteKnowledge = async (client: ApiClient, id: number) =>
  (await client.delete<{ message: string }>(`/data/knowledge/${id}`)).data;

export const enrichKnowledge = async (client: ApiClient, id: number) =>
  (await client.post<Queued>(`/data/knowledge/${id}/enrich`)).data;

export const batchEnrichKnowledge = async (client: ApiClient, ids: number[]) =>
  (await client.post<Queued>('/data/knowledge/batch-enrich', { knowledge_ids: ids })).data;

export const toggleEditorPick = async (client: ApiClient, id: number, message?: string) =>
  (await client.post<KnowledgeItem>(`/admin/knowledge/${id}/editor-pick`, message ? { message } : {})).data;

export const setVisibility = async (client: ApiClient, id: number, visibility: 'public' | 'private') =>
  (await client.put<KnowledgeItem>(`/admin/knowledge/${id}/visibility`, { visibility })).data;

export const setOwner = async (client: ApiClient, id: number, userId: number | null) =>
  (await client.put<KnowledgeItem>(`/admin/knowledge/${id}/ownership`, { user_id: userId })).data;
