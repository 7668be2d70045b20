import { z } from 'zod';
import { idParam, messageSchema, pageQuery } from '@ideamine/shared/contract/common';
import { createScheduleBody, scheduleSchema, updateScheduleBody } from '@ideamine/shared/contract/pipeline-config';
import { paginate } from '@ideamine/shared/envelope';
import { permission } from '@ideamine/shared/permissions';
import { normalizeUrl } from '@ideamine/shared/url';
import { writeAudit } from '@ideamine/server/commands/audit';
import { nextRunAt } from '@ideamine/server/commands/schedule-times';
import { ApiError, notFound } from '@ideamine/server/errors';
import type { AppContext } from '@ideamine/server/context';
import type { Db } from '@ideamine/server/db/database';
import { checkCrawlTarget } from '@ideamine/server/net/address-policy';
import { crawlAllowList } from '@ideamine/server/net/crawl-allow-list';
import { presentSchedule } from '../../presenters/pipeline-config';
import { createdWithin, ownerScopeOf } from '@ideamine/server/queries/owner-scope';
import { pageOf } from '@ideamine/server/queries/paging';
import { defineRoute, ok } from '../define';

// Schedules: a cron expression in a time zone and a job template. Workers tick every minute
// and create a job for each active schedule that is due, owned by the schedule's creator.
// Operators (developers, admins) reach every schedule; anyone else only those they created, and
// another user's schedule answers 404 (owner-scope.ts).

const tag = 'Schedules';

async function checkSchema(db: Db, template: { schema_id?: number | null } | undefined) {
  if (!template?.schema_id) return;
  const found = await db
    .selectFrom('extraction_schemas')
    .select('id')
    .where('id', '=', template.schema_id)
    .executeTakeFirst();
  if (!found)
    throw new ApiError(
      'VALIDATION_ERROR',
      `job_template.schema_id ${template.schema_id} does not exist`,
      'job_template.schema_id',
    );
}

/** A template's target must be one a job created now may crawl (the tick checks again). */
async function checkTarget(app: AppContext, template: { initial_url?: string } | undefined) {
  const url = template?.initial_url ? normalizeUrl(template.initial_url) : null;
  if (!url) return;
  const allow = await crawlAllowList(app.db, app.config.crawlAllowPrivate);
  const refusal = await checkCrawlTarget(url, allow);
  if (refusal)
    throw new ApiError(
      'VALIDATION_ERROR',
      `job_template.initial_url is not allowed: ${refusal}`,
      'job_template.initial_url',
    );
}

export const scheduleRoutes = [
  defineRoute({
    id: 'schedules.list',
    method: 'GET',
    path: '/schedules',
    summary: "Schedules with their next and last runs (a trial user's own; operators' every schedule)",
    tag,
    requirement: permission('schedules', 'read'),
    query: z.strictObject({
      ...pageQuery,
      is_active: z.enum(['true', 'false'], { error: 'is_active must be true or false' }).optional(),
    }),
    response: z.array(scheduleSchema),
    handler: async ({ app, auth, query }) => {
      let base = app.db.selectFrom('schedules').where(createdWithin(ownerScopeOf(auth!.user), 'schedules'));
      if (query.is_active) base = base.where('is_active', '=', query.is_active === 'true');
      const { rows, total } = await pageOf(base, (b) => b.selectAll().orderBy('id'), query);
      return ok(rows.map(presentSchedule), { pagination: paginate(total, query.page, query.page_size) });
    },
  }),

  defineRoute({
    id: 'schedules.get',
    method: 'GET',
    path: '/schedules/:id',
    summary: 'One schedule',
    tag,
    requirement: permission('schedules', 'read'),
    params: idParam,
    response: scheduleSchema,
    handler: async ({ app, auth, params }) => {
      const row = await app.db
        .selectFrom('schedules')
        .selectAll()
        .where('id', '=', params.id)
        .where(createdWithin(ownerScopeOf(auth!.user), 'schedules'))
        .executeTakeFirst();
      if (!row) throw notFound('Schedule');
      return ok(presentSchedule(row));
    },
  }),

  defineRoute({
    id: 'schedules.create',
    method: 'POST',
    path: '/schedules',
    summary: 'Create a schedule',
    tag,
    requirement: permission('schedules', 'write'),
    body: createScheduleBody,
    response: scheduleSchema,
    successStatus: 201,
    handler: async ({ app, auth, body, client, requestId }) => {
      const next = nextRunAt(body.cron, body.timezone);
      await checkSchema(app.db, body.job_template);
      await checkTarget(app, body.job_template);
      const row = await app.db.transaction().execute(async (trx) => {
        const created = await trx
          .insertInto('schedules')
          .values({
            name: body.name,
            cron: body.cron,
            timezone: body.timezone,
            job_template: JSON.stringify(body.job_template),
            is_active: body.is_active,
            next_run_at: next,
            created_by: auth!.user.id,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await writeAudit(trx, {
          actorId: auth!.user.id,
          action: 'schedule.create',
          entityType: 'schedule',
          entityId: created.id,
          after: presentSchedule(created),
          ip: client.ip,
          requestId,
        });
        return created;
      });
      return ok(presentSchedule(row));
    },
  }),

  defineRoute({
    id: 'schedules.update',
    method: 'PUT',
    path: '/schedules/:id',
    summary: 'Change a schedule, or switch it on and off with is_active',
    tag,
    requirement: permission('schedules', 'write'),
    params: idParam,
    body: updateScheduleBody,
    response: scheduleSchema,
    handler: async ({ app, auth, params, body, client, requestId }) => {
      await checkSchema(app.db, body.job_template);
      await checkTarget(app, body.job_template);
      const row = await app.db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('schedules')
          .selectAll()
          .where('id', '=', params.id)
          .where(createdWithin(ownerScopeOf(auth!.user), 'schedules'))
          .forUpdate()
          .executeTakeFirst();
        if (!before) throw notFound('Schedule');
        const cron = body.cron ?? before.cron;
        const timezone = body.timezone ?? before.timezone;
        const { job_template, ...rest } = body;
        const after = await trx
          .updateTable('schedules')
          .set({
            ...rest,
            ...(job_template ? { job_template: JSON.stringify(job_template) } : {}),
            next_run_at: nextRunAt(cron, timezone),
            updated_at: new Date(),
          })
          .where('id', '=', params.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await writeAudit(trx, {
          actorId: auth!.user.id,
          action: 'schedule.update',
          entityType: 'schedule',
          entityId: params.id,
          before: presentSchedule(before),
          after: presentSchedule(after),
          ip: client.ip,
          requestId,
        });
        return after;
      });
      return ok(presentSchedule(row));
    },
  }),

  defineRoute({
    id: 'schedules.delete',
    method: 'DELETE',
    path: '/schedules/:id',
    summary: 'Delete a schedule (jobs it created stay)',
    tag,
    requirement: permission('schedules', 'delete'),
    params: idParam,
    response: messageSchema,
    handler: async ({ app, auth, params, client, requestId }) => {
      await app.db.transaction().execute(async (trx) => {
        const gone = await trx
          .deleteFrom('schedules')
          .where('id', '=', params.id)
          .where(createdWithin(ownerScopeOf(auth!.user), 'schedules'))
          .returningAll()
          .executeTakeFirst();
        if (!gone) throw notFound('Schedule');
        await writeAudit(trx, {
          actorId: auth!.user.id,
          action: 'schedule.delete',
          entityType: 'schedule',
          entityId: params.id,
          before: presentSchedule(gone),
          ip: client.ip,
          requestId,
        });
      });
      return ok({ message: 'Schedule deleted' });
    },
  }),
];
