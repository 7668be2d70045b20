import { z } from 'zod';
import { idParam, messageSchema, pageQuery, text } from '@ideamine/shared/contract/common';
import { knowledgeListItemSchema } from '@ideamine/shared/contract/knowledge';
import { paginate } from '@ideamine/shared/envelope';
import { role } from '@ideamine/shared/permissions';
import { purgeKnowledge, restoreKnowledge } from '@ideamine/server/commands/recovery';
import { presentKnowledgeListItem } from '../../presenters/knowledge';
import { KNOWLEDGE_COLUMNS } from '@ideamine/server/queries/knowledge';
import { likePattern, pageOf } from '@ideamine/server/queries/paging';
import { defineRoute, ok } from '../define';

// Spec s2: /admin/recovery (knowledge recovery), role admin.

const tag = 'Admin: recovery';
const admin = role('admin');
const listColumns = KNOWLEDGE_COLUMNS.filter((c) => c !== 'body');

export const recoveryRoutes = [
  defineRoute({
    id: 'recovery.knowledge.list',
    method: 'GET',
    path: '/admin/recovery/knowledge',
    summary: 'Deleted ideas waiting in Recovery, most recently deleted first',
    tag,
    requirement: admin,
    query: z.strictObject({ ...pageQuery, search: text('search', 200).optional() }),
    response: z.array(knowledgeListItemSchema),
    handler: async ({ app, query }) => {
      let base = app.db.selectFrom('knowledge').where('deleted_at', 'is not', null);
      if (query.search) base = base.where('title', 'ilike', likePattern(query.search));
      const { rows, total } = await pageOf(
        base,
        (b) => b.select(listColumns).orderBy('deleted_at', 'desc').orderBy('id', 'desc'),
        query,
      );
      return ok(rows.map(presentKnowledgeListItem), { pagination: paginate(total, query.page, query.page_size) });
    },
  }),

  defineRoute({
    id: 'recovery.knowledge.restore',
    method: 'POST',
    path: '/admin/recovery/knowledge/:id/restore',
    summary: 'Bring a deleted idea back; audited',
    tag,
    requirement: admin,
    params: idParam,
    body: z.strictObject({}),
    response: knowledgeListItemSchema,
    handler: async ({ app, auth, params, client, requestId }) =>
      ok(
        presentKnowledgeListItem(
          await restoreKnowledge(app.db, { id: auth!.user.id, ip: client.ip, requestId }, params.id),
        ),
      ),
  }),

  defineRoute({
    id: 'recovery.knowledge.purge',
    method: 'DELETE',
    path: '/admin/recovery/knowledge/:id',
    summary: 'Delete a deleted idea for good (409 unless it is in Recovery); audited',
    tag,
    requirement: admin,
    params: idParam,
    response: messageSchema,
    handler: async ({ app, auth, params, client, requestId }) => {
      await purgeKnowledge(app.db, { id: auth!.user.id, ip: client.ip, requestId }, params.id);
      return ok({ message: 'Idea purged' });
    },
  }),
];
