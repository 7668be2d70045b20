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
import { deleteKnowledge, queueEnrichment, updateKnowledge } from '@ideamine/server/commands/knowledge';
import { notFound } from '@ideamine/server/errors';
import { recordWatchlistMatches } from '@ideamine/server/commands/watchlist-deliveries';
import { presentKnowledge, presentKnowledgeListItem } from '../../presenters/knowledge';
import {
  findKnowledge,
  KNOWLEDGE_COLUMNS,
  listKnowledge,
  searchKnowledge,
  sourcesOf,
} from '@ideamine/server/queries/knowledge';
import { visibleTo, type Viewer } from '@ideamine/server/queries/knowledge-visibility';
import { pageOf } from '@ideamine/server/queries/paging';
import { createdWithin, ownerScopeOf } from '@ideamine/server/queries/owner-scope';
import type { AppContext } from '@ideamine/server/context';
import { defineRoute, ok } from '../define';

const tag = 'Knowledge';
const read = permission('knowledge', 'read');

async function detail(app: AppContext, viewer: Viewer, id: number, slug?: string) {
  const row = await findKnowledge(app.db, id, viewer);
  if (!row || (slug !== undefined && row.slug !== slug)) throw notFound('Knowledge item');
  return ok(presentKnowledge(row, await sourcesOf(app.db, id)));
}

/** 404 unless the caller may see the idea (a private idea of someone else does not exist for them). */
async function mustSee(app: AppContext, viewer: Viewer, id: number): Promise<void> {
  if (!(await findKnowledge(app.db, id, viewer))) throw notFound('Knowledge item');
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
    handler: async ({ app, auth, query }) => {
      const { rows, total } = await listKnowledge(app.db, query, auth!.user);
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
    handler: async ({ app, auth, query }) => {
      const { rows, total } = await searchKnowledge(app.db, query, auth!.user);
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
    summary: "Ideas one job produced (404 for a job the caller may not see: a trial user's jobs are their own)",
    tag,
    requirement: read,
    params: z.strictObject({
      jobId: z.coerce.number({ error: 'jobId must be a number' }).int().positive().max(MAX_ID),
    }),
    query: z.strictObject(pageQuery),
    response: z.array(knowledgeListItemSchema),
    handler: async ({ app, auth, params, query }) => {
      // Another user's job is not there for a trial user (owner-scope.ts), here as on /jobs.
      const job = await app.db
        .selectFrom('jobs')
        .select('id')
        .where('id', '=', params.jobId)
        .where(createdWithin(ownerScopeOf(auth!.user), 'jobs'))
        .executeTakeFirst();
      if (!job) throw notFound('Job');
      const base = app.db
        .selectFrom('knowledge')
        .where('job_id', '=', params.jobId)
        .where('deleted_at', 'is', null)
        .where(visibleTo(auth!.user));
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
    handler: ({ app, auth, params }) => detail(app, auth!.user, params.id, params.slug),
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
    handler: ({ app, auth, params }) => detail(app, auth!.user, params.id),
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
    handler: ({ app, auth, params }) => detail(app, auth!.user, params.id),
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
      await mustSee(app, auth!.user, params.id);
      const row = await updateKnowledge(app.db, { id: auth!.user.id, ip: client.ip, requestId }, params.id, body);
      // An edit can make it match a watchlist it did not (new words, another category); pairs
      // matched before are not told again.
      await recordWatchlistMatches(app.db, app.boss, [params.id]);
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
      await mustSee(app, auth!.user, params.id);
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
    handler: async ({ app, auth, params }) => {
      await mustSee(app, auth!.user, params.id);
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
    handler: async ({ app, auth, body }) => {
      // Ideas the caller may not see count as not found, like ids that do not exist.
      const visible = await app.db
        .selectFrom('knowledge')
        .select('id')
        .where('id', 'in', body.knowledge_ids)
        .where(visibleTo(auth!.user))
        .execute();
      const ids = new Set(visible.map((r) => r.id));
      const result = ids.size ? await queueEnrichment(app.db, app.boss, [...ids]) : { queued: 0, not_found: [] };
      const hidden = body.knowledge_ids.filter((id) => !ids.has(id));
      return ok({ ...result, not_found: [...new Set([...result.not_found, ...hidden])] });
    },
  }),
];
