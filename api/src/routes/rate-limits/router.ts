import { z } from 'zod';
import { idParam, messageSchema, pageQuery } from '@ideamine/shared/contract/common';
import { createRateLimitBody, rateLimitSchema, updateRateLimitBody } from '@ideamine/shared/contract/pipeline-config';
import { paginate } from '@ideamine/shared/envelope';
import { role } from '@ideamine/shared/permissions';
import { writeAudit } from '@ideamine/server/commands/audit';
import { conflict, notFound } from '@ideamine/server/errors';
import { presentRateLimit } from '../../presenters/pipeline-config';
import { pageOf } from '@ideamine/server/queries/paging';
import { defineRoute, ok } from '../define';

// Crawl politeness per domain pattern: the most specific pattern wins; '*' is the default.

const tag = 'Rate limits';
const developer = role('developer');
const patternTaken = (err: unknown): never => {
  if ((err as { code?: string }).code === '23505')
    throw conflict('A rule for this domain pattern already exists', 'domain_pattern');
  throw err;
};

export const rateLimitRoutes = [
  defineRoute({
    id: 'rate_limits.list',
    method: 'GET',
    path: '/rate-limits',
    summary: 'Crawl rate limits per domain pattern',
    tag,
    requirement: developer,
    query: z.strictObject(pageQuery),
    response: z.array(rateLimitSchema),
    handler: async ({ app, query }) => {
      const { rows, total } = await pageOf(
        app.db.selectFrom('rate_limits'),
        (b) => b.selectAll().orderBy('domain_pattern'),
        query,
      );
      return ok(rows.map(presentRateLimit), { pagination: paginate(total, query.page, query.page_size) });
    },
  }),

  defineRoute({
    id: 'rate_limits.get',
    method: 'GET',
    path: '/rate-limits/:id',
    summary: 'One rate limit rule',
    tag,
    requirement: developer,
    params: idParam,
    response: rateLimitSchema,
    handler: async ({ app, params }) => {
      const row = await app.db.selectFrom('rate_limits').selectAll().where('id', '=', params.id).executeTakeFirst();
      if (!row) throw notFound('Rate limit');
      return ok(presentRateLimit(row));
    },
  }),

  defineRoute({
    id: 'rate_limits.create',
    method: 'POST',
    path: '/rate-limits',
    summary: 'Add a rate limit rule (requests per minute, burst, concurrency)',
    tag,
    requirement: developer,
    body: createRateLimitBody,
    response: rateLimitSchema,
    successStatus: 201,
    handler: async ({ app, auth, body, client, requestId }) => {
      const row = await app.db
        .transaction()
        .execute(async (trx) => {
          const created = await trx.insertInto('rate_limits').values(body).returningAll().executeTakeFirstOrThrow();
          await writeAudit(trx, {
            actorId: auth!.user.id,
            action: 'rate_limit.create',
            entityType: 'rate_limit',
            entityId: created.id,
            after: presentRateLimit(created),
            ip: client.ip,
            requestId,
          });
          return created;
        })
        .catch(patternTaken);
      return ok(presentRateLimit(row));
    },
  }),

  defineRoute({
    id: 'rate_limits.update',
    method: 'PUT',
    path: '/rate-limits/:id',
    summary: 'Change a rate limit rule',
    tag,
    requirement: developer,
    params: idParam,
    body: updateRateLimitBody,
    response: rateLimitSchema,
    handler: async ({ app, auth, params, body, client, requestId }) => {
      const row = await app.db
        .transaction()
        .execute(async (trx) => {
          const before = await trx
            .selectFrom('rate_limits')
            .selectAll()
            .where('id', '=', params.id)
            .forUpdate()
            .executeTakeFirst();
          if (!before) throw notFound('Rate limit');
          const after = await trx
            .updateTable('rate_limits')
            .set({ ...body, updated_at: new Date() })
            .where('id', '=', params.id)
            .returningAll()
            .executeTakeFirstOrThrow();
          await writeAudit(trx, {
            actorId: auth!.user.id,
            action: 'rate_limit.update',
            entityType: 'rate_limit',
            entityId: params.id,
            before: presentRateLimit(before),
            after: presentRateLimit(after),
            ip: client.ip,
            requestId,
          });
          return after;
        })
        .catch(patternTaken);
      return ok(presentRateLimit(row));
    },
  }),

  defineRoute({
    id: 'rate_limits.delete',
    method: 'DELETE',
    path: '/rate-limits/:id',
    summary: 'Remove a rate limit rule',
    tag,
    requirement: developer,
    params: idParam,
    response: messageSchema,
    handler: async ({ app, auth, params, client, requestId }) => {
      await app.db.transaction().execute(async (trx) => {
        const gone = await trx.deleteFrom('rate_limits').where('id', '=', params.id).returningAll().executeTakeFirst();
        if (!gone) throw notFound('Rate limit');
        await writeAudit(trx, {
          actorId: auth!.user.id,
          action: 'rate_limit.delete',
          entityType: 'rate_limit',
          entityId: params.id,
          before: presentRateLimit(gone),
          ip: client.ip,
          requestId,
        });
      });
      return ok({ message: 'Rate limit deleted' });
    },
  }),
];
