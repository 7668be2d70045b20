import { z } from 'zod';
import { auditEntrySchema, auditLogQuery } from '@ideamine/shared/contract/audit-log';
import { paginate } from '@ideamine/shared/envelope';
import { role } from '@ideamine/shared/permissions';
import { likePrefix, pageOf } from '@ideamine/server/queries/paging';
import { defineRoute, ok } from '../define';

// Every admin change of every feature lands in audit_log; operators read it here.

export const auditLogRoutes = [
  defineRoute({
    id: 'audit_log.list',
    method: 'GET',
    path: '/admin/audit-log',
    summary: 'Audit entries, newest first; filter by actor, action (prefix, e.g. "backup."), entity and dates',
    tag: 'Admin: audit log',
    requirement: role('admin'),
    query: auditLogQuery,
    response: z.array(auditEntrySchema),
    handler: async ({ app, query }) => {
      let base = app.db.selectFrom('audit_log');
      if (query.actor_id) base = base.where('actor_id', '=', query.actor_id);
      if (query.action) base = base.where('action', 'like', likePrefix(query.action));
      if (query.entity_type) base = base.where('entity_type', '=', query.entity_type);
      if (query.entity_id) base = base.where('entity_id', '=', query.entity_id);
      if (query.date_from) base = base.where('created_at', '>=', query.date_from);
      if (query.date_to) base = base.where('created_at', '<=', query.date_to);
      const { rows, total } = await pageOf(base, (b) => b.selectAll().orderBy('id', 'desc'), query);
      return ok(
        rows.map((r) => ({ ...r, id: Number(r.id), created_at: r.created_at.toISOString() })),
        { pagination: paginate(total, query.page, query.page_size) },
      );
    },
  }),
];
