import { createReadStream } from 'node:fs';
import { z } from 'zod';
import { backupListQuery, backupSchema, restoreBody, verifyResultSchema } from '@ideamine/shared/contract/backups';
import { idParam, messageSchema } from '@ideamine/shared/contract/common';
import { paginate } from '@ideamine/shared/envelope';
import { role } from '@ideamine/shared/permissions';
import {
  backupFile,
  createBackup,
  deleteBackup,
  restoreStoredBackup,
  verifyStoredBackup,
  type BackupPlace,
} from '@ideamine/server/commands/backups';
import type { AppContext } from '@ideamine/server/context';
import { presentBackup } from '../../presenters/backup';
import { pageOf } from '@ideamine/server/queries/paging';
import { defineRoute, ok, raw } from '../define';

// Spec s2: /admin/backup and /admin/backup-v2 are admin screens; these are their calls.

const tag = 'Admin: backups';
const admin = role('admin');
const place = (app: AppContext): BackupPlace => ({
  db: app.db,
  pool: app.pool,
  databaseUrl: app.databaseUrl,
  dir: app.config.backupDir,
});

export const backupRoutes = [
  defineRoute({
    id: 'backups.list',
    method: 'GET',
    path: '/admin/backups',
    summary: 'Backups, newest first, with their tables and row counts and the last verification',
    tag,
    requirement: admin,
    query: backupListQuery,
    response: z.array(backupSchema),
    handler: async ({ app, query }) => {
      let base = app.db.selectFrom('backups');
      if (query.kind) base = base.where('kind', '=', query.kind);
      const { rows, total } = await pageOf(base, (b) => b.selectAll().orderBy('id', 'desc'), query);
      return ok(rows.map(presentBackup), { pagination: paginate(total, query.page, query.page_size) });
    },
  }),

  defineRoute({
    id: 'backups.create',
    method: 'POST',
    path: '/admin/backups',
    summary: 'Create a consistent, compressed backup of every table now (one snapshot); audited',
    tag,
    requirement: admin,
    body: z.strictObject({}),
    response: backupSchema,
    successStatus: 201,
    handler: async ({ app, auth, client, requestId }) =>
      ok(presentBackup(await createBackup(place(app), 'manual', { id: auth!.user.id, ip: client.ip, requestId }))),
  }),

  defineRoute({
    id: 'backups.get',
    method: 'GET',
    path: '/admin/backups/:id',
    summary: 'One backup',
    tag,
    requirement: admin,
    params: idParam,
    response: backupSchema,
    handler: async ({ app, params }) => ok(presentBackup((await backupFile(place(app), params.id)).row)),
  }),

  defineRoute({
    id: 'backups.download',
    method: 'GET',
    path: '/admin/backups/:id/download',
    summary: 'Download the backup file (gzip)',
    tag,
    requirement: admin,
    params: idParam,
    response: z.unknown(),
    rawResponse: { types: ['application/gzip'], description: 'The backup file' },
    handler: async ({ app, params }) => {
      const { row, file, size } = await backupFile(place(app), params.id);
      return raw(createReadStream(file), 'application/gzip', {
        'Content-Length': String(size),
        'Content-Disposition': `attachment; filename="${row.file_name}"`,
        'Cache-Control': 'no-store',
      });
    },
  }),

  defineRoute({
    id: 'backups.delete',
    method: 'DELETE',
    path: '/admin/backups/:id',
    summary: 'Delete a backup and its file; audited',
    tag,
    requirement: admin,
    params: idParam,
    response: messageSchema,
    handler: async ({ app, auth, params, client, requestId }) => {
      await deleteBackup(place(app), params.id, { id: auth!.user.id, ip: client.ip, requestId });
      return ok({ message: 'Backup deleted' });
    },
  }),

  defineRoute({
    id: 'backups.verify',
    method: 'POST',
    path: '/admin/backups/:id/verify',
    summary: 'Restore the backup into a scratch database and compare every table’s row count and checksum',
    tag,
    requirement: admin,
    params: idParam,
    body: z.strictObject({}),
    response: verifyResultSchema,
    handler: async ({ app, auth, params, client, requestId }) =>
      ok(await verifyStoredBackup(place(app), params.id, { id: auth!.user.id, ip: client.ip, requestId })),
  }),

  defineRoute({
    id: 'backups.restore',
    method: 'POST',
    path: '/admin/backups/:id/restore',
    summary:
      'Replace every record with the backup’s, all or nothing (body {"confirm": true}); the file is checked before anything is touched; audited',
    tag,
    requirement: admin,
    params: idParam,
    body: restoreBody,
    response: backupSchema,
    handler: async ({ app, auth, params, client, requestId }) =>
      ok(
        presentBackup(
          await restoreStoredBackup(place(app), params.id, { id: auth!.user.id, ip: client.ip, requestId }),
        ),
      ),
  }),
];
