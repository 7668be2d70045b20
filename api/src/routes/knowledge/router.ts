import { z } from 'zod';
import { idParam, MAX_ID, messageSchema } from '@ideamine/shared/contract/common';
import {
  batchEnrichBody,
  knowledgeListItemSchema,
  knowledgeSchema,
  listKnowledgeQuery,
  queuedSchema,
  searchKnowledgeQuery,
  slugParams,
  updateKnowledgeBody,
} from '@ideamine/shared/contract/knowledge';
import { pageQuery } from '@ideamine/shared/contract/common';
import { paginate } from '@ideamine/shared/envelope';
import { permission } from '@ideamine/shared/permissions';
import { deleteKnowledge, queueEnrichment, updateKnowledge } from '../../commands/knowledge';
import { notFound } from '../../errors';
import { presentKnowledge, presentKnowledgeListItem } from '../../presenters/knowledge';
import { findKnowledge, KNOWLEDGE_COLUMNS, listKnowledge, searchKnowledge, sourcesOf } from '../../queries/knowledge';
import { pageOf } from '../../queries/paging';
import type { AppContext } from '../../context';
import { defineRoute, ok } from '../define';

const tag = 'Knowledge';
const read = permission('knowledge', 'read');

async function detail(app: AppContext, id: number, slug?: string) {
  const row = await findKnowledge(app.db, id);
  if (!row || (slug !== undefined && row.slug !== slug)) throw notFound('Knowledge item');
  return ok(presentKnowledge(row, await sourcesOf(app.db, id)));
}

export const knowledgeRoutes = [
  defineRoute({
    id: 'knowledge.list',
    method: 'GET',
    path: '/data/knowledge',
    summary: 'Ideas with filters (text, category, profit level, visibility, job, enrichment), sorting and paging',
    tag,
    requirement: read,
    query: listKnowledgeQuery,
    response: z.array(knowledgeListItemSchema),
    handler: async ({ app, query }) => {
      const { rows, total } = await listKnowledge(app.db, query);
      return ok(rows.map(presentKnowledgeListItem), { pagination: paginate(total, query.page, query.page_size) });
    },
  }),

  defineRoute({
    id: 'knowledge.search',
    method: 'GET',
    path: '/data/knowledge/search',
    summary: 'Full-text search (web search syntax: "quoted phrases", -exclusions, or) ranked by relevance',
    tag,
    requirement: read,
    query: searchKnowledgeQuery,
    response: z.array(knowledgeListItemSchema.extend({ rank: z.number() })),
    handler: async ({ app, query }) => {
      const { rows, total } = await searchKnowledge(app.db, query);
      return ok(
        rows.map((r) => ({ ...presentKnowledgeListItem(r), rank: Number(r.rank) })),
        { pagination: paginate(total, query.page, query.page_size) },
      );
    },
  }),

  defineRoute({
    id: 'knowledge.by_job',
    method: 'GET',
    path: '/data/knowledge/by_job/:jobId',
    summary: 'Ideas one job produced',
    tag,
    requirement: read,
    params: z.strictObject({
      jobId: z.coerce.number({ error: 'jobId must be a number' }).int().positive().max(MAX_ID),
    }),
    query: z.strictObject(pageQuery),
    response: z.array(knowledgeListItemSchema),
    handler: async ({ app, params, query }) => {
      const base = app.db.selectFrom('knowledge').where('job_id', '=', params.jobId).where('deleted_at', 'is', null);
      const { rows, total } = await pageOf(base, (b) => b.select(KNOWLEDGE_COLUMNS).orderBy('id'), query);
      return ok(rows.map(presentKnowledgeListItem), { pagination: paginate(total, query.page, query.page_size) });
    },
  }),

  defineRoute({
    id: 'knowledge.by_slug',
    method: 'GET',
    path: '/data/knowledge/slug/:id/:slug',
    summary: 'One idea by id and slug; 404 when the slug does not match',
    tag,
    requirement: read,
    params: slugParams,
    response: knowledgeSchema,
    handler: ({ app, params }) => detail(app, params.id, params.slug),
  }),

  defineRoute({
    id: 'knowledge.by_id_slug',
    method: 'GET',
    path: '/data/knowledge/id/:id/:slug',
    summary: 'One idea by id; the slug is ignored (old links keep working after a title change)',
    tag,
    requirement: read,
    params: slugParams,
    response: knowledgeSchema,
    handler: ({ app, params }) => detail(app, params.id),
  }),

  defineRoute({
    id: 'knowledge.get',
    method: 'GET',
    path: '/data/knowledge/:id',
    summary: 'One idea with its body and every source URL',
    tag,
    requirement: read,
    params: idParam,
    response: knowledgeSchema,
    handler: ({ app, params }) => detail(app, params.id),
  }),

  defineRoute({
    id: 'knowledge.update',
    method: 'PUT',
    path: '/data/knowledge/:id',
    summary: 'Edit an idea (audited)',
    tag,
    requirement: permission('knowledge', 'write'),
    params: idParam,
    body: updateKnowledgeBody,
    response: knowledgeSchema,
    handler: async ({ app, auth, params, body, client, requestId }) => {
      const row = await updateKnowledge(app.db, { id: auth!.user.id, ip: client.ip, requestId }, params.id, body);
      return ok(presentKnowledge(row, await sourcesOf(app.db, params.id)));
    },
  }),

  defineRoute({
    id: 'knowledge.delete',
    method: 'DELETE',
    path: '/data/knowledge/:id',
    summary: 'Delete an idea (soft: it can be restored from Recovery; audited)',
    tag,
    requirement: permission('knowledge', 'delete'),
    params: idParam,
    response: messageSchema,
    handler: async ({ app, auth, params, client, requestId }) => {
      await deleteKnowledge(app.db, { id: auth!.user.id, ip: client.ip, requestId }, params.id);
      return ok({ message: 'Knowledge item deleted' });
    },
  }),

  defineRoute({
    id: 'knowledge.enrich',
    method: 'POST',
    path: '/data/knowledge/:id/enrich',
    summary: 'Enrich and analyse one idea again',
    tag,
    requirement: permission('knowledge', 'enrich'),
    params: idParam,
    response: queuedSchema,
    successStatus: 201,
    handler: async ({ app, params }) => {
      const result = await queueEnrichment(app.db, app.boss, [params.id]);
      if (result.queued === 0) throw notFound('Knowledge item');
      return ok(result);
    },
  }),

  defineRoute({
    id: 'knowledge.batch_enrich',
    method: 'POST',
    path: '/data/knowledge/batch-enrich',
    summary: 'Enrich and analyse many ideas again (up to 500)',
    tag,
    requirement: permission('knowledge', 'enrich'),
    body: batchEnrichBody,
    response: queuedSchema,
    successStatus: 201,
    handler: async ({ app, body }) => ok(await queueEnrichment(app.db, app.boss, body.knowledge_ids)),
  }),
];
