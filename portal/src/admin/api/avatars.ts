import type { z } from 'zod';
import {
  AVATAR_DATA_FIELD,
  AVATAR_FILE_FIELD,
  type Avatar,
  type createAvatarBody,
  type updateAvatarBody,
} from '@ideamine/shared/contract/avatars';
import type { ApiClient } from '../../api/client';
import { fetchPage } from '../../queries/paged';

// Avatars (customer personas). With an image the call is multipart: the JSON fields in one text
// part (AVATAR_DATA_FIELD) and the file in AVATAR_FILE_FIELD; without one it is plain JSON.

export type { Avatar };
export type AvatarInput = z.input<typeof createAvatarBody>;
export type AvatarChanges = z.input<typeof updateAvatarBody>;
export interface AvatarFilters {
  search?: string;
  user_id?: number;
}

export const avatarKeys = {
  all: ['admin', 'avatars'] as const,
  list: (filters: AvatarFilters) => ['admin', 'avatars', 'list', filters] as const,
  image: (id: number, updatedAt: string) => ['admin', 'avatars', 'image', id, updatedAt] as const,
};

export const fetchAvatars = (client: ApiClient, filters: AvatarFilters, page: number, pageSize: number) =>
  fetchPage<Avatar>(client, '/avatars', { ...filters, page, page_size: pageSize });

function multipart(fields: object, file: File): FormData {
  const form = new FormData();
  form.append(AVATAR_DATA_FIELD, JSON.stringify(fields));
  form.append(AVATAR_FILE_FIELD, file, file.name);
  return form;
}

export const createAvatar = async (client: ApiClient, fields: AvatarInput, file: File | null) =>
  file
    ? (await client.post<Avatar>('/avatars', undefined, { form: multipart(fields, file) })).data
    : (await client.post<Avatar>('/avatars', fields)).data;

export const updateAvatar = async (client: ApiClient, id: number, fields: AvatarChanges, file: File | null) =>
  file
    ? (await client.put<Avatar>(`/avatars/${id}`, undefined, { form: multipart(fields, file) })).data
    : (await client.put<Avatar>(`/avatars/${id}`, fields)).data;

export const deleteAvatar = async (client: ApiClient, id: number) =>
  (await client.delete<{ message: string }>(`/avatars/${id}`)).data;

/** The image bytes: the route needs the Bearer token, so an <img src> cannot load it directly. */
export const fetchAvatarImage = (client: ApiClient, id: number, signal?: AbortSignal) =>
  client.getBlob(`/avatars/${id}/image`, { signal });
