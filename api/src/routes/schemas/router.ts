import { z } from 'zod';
import { idParam, messageSchema, pageQuery } from '@ideamine/shared/contract/common';
import { createSchemaBody, extractionSchemaSchema, updateSchemaBody } from '@ideamine/shared/contract/pipeline-config';
import { paginate } from '@ideamine/shared/envelope';
import { permission } from '@ideamine/shared/permissions';
import { writeAudit } from '@ideamine/server/commands/audit';
import { conflict, notFound } from '@ideamine/server/errors';
import { presentSchema } from '../../presenters/pipeline-config';
import { pageOf } from '@ideamine/server/queries/paging';
import { defineRoute, ok } from '../define';

// Extraction schemas: how a page of a given kind becomes items.

const tag = 'Schemas';
const nameTaken = (err: unknown) => {
  if ((err as { code?: string }).code === '23505') throw conflict('A schema with this name already exists', 'name');
  throw err;
};

export const schemaRoutes = [
  defineRoute({
    id: 'schemas.list',
    method: 'GET',
    path: '/schemas',
    summary: 'Extraction schemas',
    tag,
    requirement: permission('schemas', 'read'),
    query: z.strictObject(pageQuery),
    response: z.array(extractionSchemaSchema),
    handler: async ({ app, query }) => {
      const { rows, total } = await pageOf(
        app.db.selectFrom('extraction_schemas'),
        (b) => b.selectAll().orderBy('id'),
        query,
      );
      return ok(rows.map(presentSchema), { pagination: paginate(total, query.page, query.page_size) });
    },
  }),

  defineRoute({
    id: 'schemas.get',
    method: 'GET',
    path: '/schemas/:id',
    summary: 'One extraction schema',
    tag,
    requirement: permission('schemas', 'read'),
    params: idParam,
    response: extractionSchemaSchema,
    handler: async ({ app, params }) => {
      const row = await app.db
        .selectFrom('extraction_schemas')
        .selectAll()
        .where('id', '=', params.id)
        .executeTakeFirst();
      if (!row) throw notFound('Schema');
      return ok(presentSchema(row));
    },
  }),

  defineRoute({
    id: 'schemas.create',
    method: 'POST',
    path: '/schemas',
    summary: 'Create an extraction schema (html selectors, feed, or json paths)',
    tag,
    requirement: permission('schemas', 'write'),
    body: createSchemaBody,
    response: extractionSchemaSchema,
    successStatus: 201,
    handler: async ({ app, auth, body }) => {
      const row = await app.db
        .insertInto('extraction_schemas')
        .values({
          name: body.name,
          description: body.description ?? '',
          type: body.type,
          item_selector: body.item_selector ?? null,
          fields: JSON.stringify(body.fields ?? {}),
          follow_patterns: body.follow_patterns ?? [],
          created_by: auth!.user.id,
        })
        .returningAll()
        .executeTakeFirstOrThrow()
        .catch(nameTaken);
      return ok(presentSchema(row));
    },
  }),

  defineRoute({
    id: 'schemas.update',
    method: 'PUT',
    path: '/schemas/:id',
    summary: 'Change an extraction schema',
    tag,
    requirement: permission('schemas', 'write'),
    params: idParam,
    body: updateSchemaBody,
    response: extractionSchemaSchema,
    handler: async ({ app, params, body }) => {
      const { fields, ...rest } = body;
      const row = await app.db
        .updateTable('extraction_schemas')
        .set({ ...rest, ...(fields ? { fields: JSON.stringify(fields) } : {}), updated_at: new Date() })
        .where('id', '=', params.id)
        .returningAll()
        .executeTakeFirst()
        .catch(nameTaken);
      if (!row) throw notFound('Schema');
      return ok(presentSchema(row));
    },
  }),

  defineRoute({
    id: 'schemas.delete',
    method: 'DELETE',
    path: '/schemas/:id',
    summary: 'Delete an extraction schema (built-in ones stay)',
    tag,
    requirement: permission('schemas', 'delete'),
    params: idParam,
    response: messageSchema,
    handler: async ({ app, auth, params, client, requestId }) => {
      await app.db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('extraction_schemas')
          .selectAll()
          .where('id', '=', params.id)
          .forUpdate()
          .executeTakeFirst();
        if (!row) throw notFound('Schema');
        if (row.is_builtin) throw conflict('Built-in schemas cannot be deleted');
        await trx.deleteFrom('extraction_schemas').where('id', '=', params.id).execute();
        await writeAudit(trx, {
          actorId: auth!.user.id,
          action: 'schema.delete',
          entityType: 'schema',
          entityId: params.id,
          before: presentSchema(row),
          ip: client.ip,
          requestId,
        });
      });
      return ok({ message: 'Schema deleted' });
    },
  }),
];
