import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { z } from 'zod';
import { idParam, MAX_ID, messageSchema, pageQuery } from '@ideamine/shared/contract/common';
import {
  createRawDataBody,
  listRawDataQuery,
  rawDataDetailSchema,
  rawDataSchema,
  updateRawDataBody,
} from '@ideamine/shared/contract/pipeline-config';
import { paginate } from '@ideamine/shared/envelope';
import { role } from '@ideamine/shared/permissions';
import { domainOf } from '@ideamine/shared/url';
import { writeAudit } from '@ideamine/server/commands/audit';
import type { Db } from '@ideamine/server/db/database';
import { ApiError, notFound } from '@ideamine/server/errors';
import { presentRawData } from '../../presenters/pipeline-config';
import { likePattern, pageOf } from '@ideamine/server/queries/paging';
import { backToPending, bossDb, sendMany } from '@ideamine/server/queue/boss';
import type PgBoss from 'pg-boss';
import { defineRoute, ok } from '../define';

const tag = 'Raw data';
const developer = role('developer');
const PREVIEW = 300;

const withPreview = sql<string>`left(content, ${PREVIEW})`.as('content_preview');
const summaryColumns = [
  'id',
  'job_id',
  'crawl_task_id',
  'url',
  'final_url',
  'domain',
  'content_type',
  'http_status',
  'etag',
  'last_modified',
  'content_hash',
  'size_bytes',
  'fetched_at',
  'created_by',
  'created_at',
  'updated_at',
] as const;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** (Re)queues the transform of one raw page, creating its transform task if needed. */
async function queueTransform(trx: Db, boss: PgBoss, rawId: number, jobId: number | null, schemaId: number | null) {
  const task = await trx
    .insertInto('transform_tasks')
    .values({ raw_data_id: rawId, job_id: jobId, schema_id: schemaId })
    .onConflict((oc) => oc.column('raw_data_id').doUpdateSet(backToPending()))
    .returning('id')
    .executeTakeFirstOrThrow();
  await sendMany(boss, 'transform', [{ taskIds: [task.id] }], { db: bossDb(trx) });
}

async function detail(db: Db, id: number) {
  const row = await db
    .selectFrom('raw_data')
    .select([...summaryColumns, 'content', withPreview])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('Raw data');
  return { ...presentRawData(row), content: row.content };
}

export const rawDataRoutes = [
  defineRoute({
    id: 'raw_data.list',
    method: 'GET',
    path: '/data/raw',
    summary: 'Raw pages (content previews), by job and URL text',
    tag,
    requirement: developer,
    query: listRawDataQuery,
    response: z.array(rawDataSchema),
    handler: async ({ app, query }) => {
      let base = app.db.selectFrom('raw_data');
      if (query.job_id) base = base.where('job_id', '=', query.job_id);
      if (query.search) base = base.where('url', 'ilike', likePattern(query.search));
      const { rows, total } = await pageOf(
        base,
        (b) => b.select([...summaryColumns, withPreview]).orderBy('id', query.order),
        query,
      );
      return ok(rows.map(presentRawData), { pagination: paginate(total, query.page, query.page_size) });
    },
  }),

  defineRoute({
    id: 'raw_data.by_job',
    method: 'GET',
    path: '/data/raw/by_job/:jobId',
    summary: 'Raw pages of one job',
    tag,
    requirement: developer,
    params: z.strictObject({
      jobId: z.coerce.number({ error: 'jobId must be a number' }).int().positive().max(MAX_ID),
    }),
    query: z.strictObject(pageQuery),
    response: z.array(rawDataSchema),
    handler: async ({ app, params, query }) => {
      const base = app.db.selectFrom('raw_data').where('job_id', '=', params.jobId);
      const { rows, total } = await pageOf(
        base,
        (b) => b.select([...summaryColumns, withPreview]).orderBy('id'),
        query,
      );
      return ok(rows.map(presentRawData), { pagination: paginate(total, query.page, query.page_size) });
    },
  }),

  defineRoute({
    id: 'raw_data.get',
    method: 'GET',
    path: '/data/raw/:id',
    summary: 'One raw page with its content',
    tag,
    requirement: developer,
    params: idParam,
    response: rawDataDetailSchema,
    handler: async ({ app, params }) => ok(await detail(app.db, params.id)),
  }),

  defineRoute({
    id: 'raw_data.create',
    method: 'POST',
    path: '/data/raw',
    summary: 'Add a page by hand; it is transformed into ideas like a crawled one',
    tag,
    requirement: developer,
    body: createRawDataBody,
    response: rawDataDetailSchema,
    successStatus: 201,
    handler: async ({ app, auth, body }) => {
      if (body.schema_id) {
        const found = await app.db
          .selectFrom('extraction_schemas')
          .select('id')
          .where('id', '=', body.schema_id)
          .executeTakeFirst();
        if (!found) throw new ApiError('VALIDATION_ERROR', `schema_id ${body.schema_id} does not exist`, 'schema_id');
      }
      const id = await app.db.transaction().execute(async (trx) => {
        const raw = await trx
          .insertInto('raw_data')
          .values({
            url: body.url,
            domain: domainOf(body.url),
            content: body.content,
            content_type: body.content_type,
            content_hash: sha256(body.content),
            size_bytes: Buffer.byteLength(body.content),
            created_by: auth!.user.id,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await queueTransform(trx, app.boss, raw.id, null, body.schema_id ?? null);
        return raw.id;
      });
      return ok(await detail(app.db, id));
    },
  }),

  defineRoute({
    id: 'raw_data.update',
    method: 'PUT',
    path: '/data/raw/:id',
    summary: 'Correct a raw page; it is transformed again',
    tag,
    requirement: developer,
    params: idParam,
    body: updateRawDataBody,
    response: rawDataDetailSchema,
    handler: async ({ app, params, body }) => {
      await app.db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('raw_data')
          .set({
            ...body,
            ...(body.url ? { domain: domainOf(body.url) } : {}),
            ...(body.content
              ? { content_hash: sha256(body.content), size_bytes: Buffer.byteLength(body.content) }
              : {}),
            updated_at: new Date(),
          })
          .where('id', '=', params.id)
          .returning(['id', 'job_id'])
          .executeTakeFirst();
        if (!row) throw notFound('Raw data');
        const task = await trx
          .selectFrom('transform_tasks')
          .select('schema_id')
          .where('raw_data_id', '=', row.id)
          .executeTakeFirst();
        await queueTransform(trx, app.boss, row.id, row.job_id, task?.schema_id ?? null);
      });
      return ok(await detail(app.db, params.id));
    },
  }),

  defineRoute({
    id: 'raw_data.delete',
    method: 'DELETE',
    path: '/data/raw/:id',
    summary: 'Delete a raw page (ideas made from it stay)',
    tag,
    requirement: developer,
    params: idParam,
    response: messageSchema,
    handler: async ({ app, auth, params, client, requestId }) => {
      await app.db.transaction().execute(async (trx) => {
        const gone = await trx
          .deleteFrom('raw_data')
          .where('id', '=', params.id)
          .returning(['id', 'url'])
          .executeTakeFirst();
        if (!gone) throw notFound('Raw data');
        await writeAudit(trx, {
          actorId: auth!.user.id,
          action: 'raw_data.delete',
          entityType: 'raw_data',
          entityId: params.id,
          before: gone,
          ip: client.ip,
          requestId,
        });
      });
      return ok({ message: 'Raw data deleted' });
    },
  }),
];
