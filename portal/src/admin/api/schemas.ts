import type { z } from 'zod';
import type {
  createSchemaBody,
  extractionSchemaSchema,
  updateSchemaBody,
} from '@ideamine/shared/contract/pipeline-config';
import type { ApiClient } from '../../api/client';
import { fetchPage } from '../../queries/paged';

// Extraction schemas: how a page of a given kind (html, feed, json) becomes knowledge items.

export type ExtractionSchema = z.infer<typeof extractionSchemaSchema>;
export type SchemaInput = z.input<typeof createSchemaBody>;
export type SchemaChanges = z.input<typeof updateSchemaBody>;

export const schemaKeys = {
  all: ['admin', 'schemas'] as const,
  detail: (id: number) => ['admin', 'schemas', 'detail', id] as const,
};

export const fetchSchemas = (client: ApiClient, page: number, pageSize: number) =>
  fetchPage<ExtractionSchema>(client, '/schemas', { page, page_size: pageSize });

export const fetchSchema = async (client: ApiClient, id: number) =>
  (await client.get<ExtractionSchema>(`/schemas/${id}`)).data;

export const createSchema = async (client: ApiClient, body: SchemaInput) =>
  (await client.post<ExtractionSchema>('/schemas', body)).data;

export const updateSchema = async (client: ApiClient, id: number, body: SchemaChanges) =>
  (await client.put<ExtractionSchema>(`/schemas/${id}`, body)).data;

export const deleteSchema = async (client: ApiClient, id: number) =>
  (await client.delete<{ message: string }>(`/schemas/${id}`)).data;
