import { randomBytes } from 'node:crypto';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { BackupFileError } from '../backup/read-backup';
import { restoreBackup } from '../backup/restore';
import { verifyBackup } from '../backup/verify';
import { writeBackup } from '../backup/write-backup';
import type { Db } from '../db/database';
import { ApiError, notFound } from '../errors';
import { writeAudit } from './audit';
import type { Actor } from './admin-users';

// Backups on demand and on schedule: files in the backup folder, one row each. Creating,
// deleting, verifying and restoring are audited; a restore needs an explicit confirmation.

export interface BackupPlace {
  db: Db;
  pool: pg.Pool;
  databaseUrl: string;
  dir: string;
}

/** File system errors that mean no room for the file, and those that mean the folder cannot be written. */
const FULL = new Set(['ENOSPC', 'EDQUOT', 'EFBIG']);
const UNWRITABLE = new Set(['EACCES', 'EROFS', 'EPERM', 'ENOENT', 'ENOTDIR', 'EISDIR']);

const FILE_NAME = /^ideamine-\d{8}-\d{6}-[0-9a-f]{8}\.backup\.gz$/;

function newFileName(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `ideamine-${stamp}-${randomBytes(4).toString('hex')}.backup.gz`;
}

/** The file of a backup row, refusing any stored name that could leave the folder. */
export function backupPath(dir: string, fileName: string): string {
  if (!FILE_NAME.test(fileName)) throw new Error(`Unexpected backup file name ${fileName}`);
  return path.join(dir, fileName);
}

export async function createBackup(
  place: BackupPlace,
  kind: 'manual' | 'scheduled',
  actor: Actor | null,
  scheduledFor: Date | null = null,
) {
  try {
    await mkdir(place.dir, { recursive: true, mode: 0o700 });
  } catch (err) {
    throw new ApiError('SERVICE_UNAVAILABLE', `The backup folder cannot be created: ${(err as Error).message}`);
  }
  const fileName = newFileName();
  const file = backupPath(place.dir, fileName);
  let written;
  try {
    written = await writeBackup(place.pool, file);
  } catch (err) {
    const code = (err as { code?: string }).code ?? '';
    // A full disk (or quota, or file size limit) is the server's storage, not the request: 507.
    if (FULL.has(code))
      throw new ApiError(
        'INSUFFICIENT_STORAGE',
        `The backup folder has no room for the backup (${code}): ${(err as Error).message}`,
      );
    if (UNWRITABLE.has(code))
      throw new ApiError('SERVICE_UNAVAILABLE', `The backup could not be written (${code}): ${(err as Error).message}`);
    throw err;
  }
  try {
    return await place.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('backups')
        .values({
          file_name: fileName,
          kind,
          scheduled_for: scheduledFor,
          size_bytes: written.sizeBytes,
          sha256: written.sha256,
          header: JSON.stringify(written.header),
          manifest: JSON.stringify(written.manifest),
          created_by: actor?.id ?? null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await writeAudit(trx, {
        actorId: actor?.id ?? null,
        action: 'backup.create',
        entityType: 'backup',
        entityId: row.id,
        after: { file_name: fileName, kind, size_bytes: written.sizeBytes },
        ip: actor?.ip ?? null,
        requestId: actor?.requestId ?? null,
      });
      return row;
    });
  } catch (err) {
    await rm(file, { force: true }); // no file without its row
    throw err;
  }
}

async function findBackup(db: Db, id: number) {
  const row = await db.selectFrom('backups').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Backup');
  return row;
}

/** The path of a backup whose file is still there. */
export async function backupFile(place: BackupPlace, id: number) {
  const row = await findBackup(place.db, id);
  const file = backupPath(place.dir, row.file_name);
  const info = await stat(file).catch(() => null);
  if (!info) throw new ApiError('NOT_FOUND', 'The backup file is missing from the backup folder');
  return { row, file, size: info.size };
}

export async function deleteBackup(place: BackupPlace, id: number, actor: Actor | null) {
  await place.db.transaction().execute(async (trx) => {
    const row = await trx.deleteFrom('backups').where('id', '=', id).returning(['id', 'file_name']).executeTakeFirst();
    if (!row) throw notFound('Backup');
    await writeAudit(trx, {
      actorId: actor?.id ?? null,
      action: 'backup.delete',
      entityType: 'backup',
      entityId: id,
      before: { file_name: row.file_name },
      ip: actor?.ip ?? null,
      requestId: actor?.requestId ?? null,
    });
    await rm(backupPath(place.dir, row.file_name), { force: true });
  });
}

export async function verifyStoredBackup(place: BackupPlace, id: number, actor: Actor) {
  const { file } = await backupFile(place, id);
  let result;
  try {
    result = await verifyBackup(place.databaseUrl, file);
  } catch (err) {
    if (!(err instanceof BackupFileError)) throw err;
    result = { ok: false, error: err.message, tables: [] };
  }
  await place.db
    .updateTable('backups')
    .set({ verified_at: new Date(), verify_result: JSON.stringify(result), updated_at: new Date() })
    .where('id', '=', id)
    .execute();
  await writeAudit(place.db, {
    actorId: actor.id,
    action: 'backup.verify',
    entityType: 'backup',
    entityId: id,
    after: { ok: result.ok },
    ip: actor.ip,
    requestId: actor.requestId,
  });
  return result;
}

/** Replaces the data with the backup's. The backup list itself survives (it is not in backups). */
export async function restoreStoredBackup(place: BackupPlace, id: number, actor: Actor) {
  const { row, file } = await backupFile(place, id);
  try {
    await restoreBackup(place.pool, file);
  } catch (err) {
    if (err instanceof BackupFileError)
      throw new ApiError('VALIDATION_ERROR', `The backup cannot be restored: ${err.message}`);
    throw err;
  }
  const restored = await place.db
    .updateTable('backups')
    .set({ restored_at: new Date(), updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  // Written after the restore: the restored audit log would not hold it otherwise.
  await writeAudit(place.db, {
    actorId: (await place.db.selectFrom('users').select('id').where('id', '=', actor.id).executeTakeFirst())
      ? actor.id
      : null,
    action: 'backup.restore',
    entityType: 'backup',
    entityId: id,
    after: { file_name: row.file_name, created_at: row.created_at.toISOString() },
    ip: actor.ip,
    requestId: actor.requestId,
  });
  return restored;
}

/** Keeps the newest `keep` scheduled backups; manual ones are the operators' to delete. */
export async function pruneScheduledBackups(place: BackupPlace, keep: number): Promise<number> {
  const old = await place.db
    .selectFrom('backups')
    .select('id')
    .where('kind', '=', 'scheduled')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(keep)
    .limit(1000)
    .execute();
  for (const { id } of old) await deleteBackup(place, id, null);
  return old.length;
}
