import cronParser from 'cron-parser';
import type { Logger } from 'pino';
import { createBackup, pruneScheduledBackups, type BackupPlace } from './backups';
import { readSetting } from './settings';

const BACKUP_LOCK = 727_003;

/**
 * Called every minute by the schedule tick: makes a scheduled backup for the latest time the
 * cron of `backup.schedule_cron` fired, unless one was made for it, then keeps `backup.retention_count` of them.
 * An advisory lock keeps two workers from backing up the same minute.
 */
export async function runScheduledBackup(place: BackupPlace, log: Logger, now = new Date()): Promise<boolean> {
  const cron = await readSetting(place.db, 'backup.schedule_cron');
  if (!cron) return false;
  let lastFire: Date;
  try {
    lastFire = cronParser.parseExpression(cron, { currentDate: now, tz: 'UTC' }).prev().toDate();
  } catch (err) {
    log.warn({ cron, err }, 'backup.schedule_cron is not a valid cron expression; no scheduled backup');
    return false;
  }
  const client = await place.pool.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [
      BACKUP_LOCK,
    ]);
    if (!rows[0]?.locked) return false;
    try {
      const done = await place.db
        .selectFrom('backups')
        .select('id')
        .where('scheduled_for', '>=', lastFire)
        .executeTakeFirst();
      if (done) return false;
      const backup = await createBackup(place, 'scheduled', null, lastFire);
      const pruned = await pruneScheduledBackups(place, await readSetting(place.db, 'backup.retention_count'));
      log.info({ backup: backup.file_name, pruned }, 'scheduled backup written');
      return true;
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [BACKUP_LOCK]);
    }
  } finally {
    client.release();
  }
}
