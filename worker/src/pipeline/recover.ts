import { sql } from 'kysely';
import { bossDb, chunk, sendMany } from '@ideamine/api/queue/boss';
import type { Db } from '@ideamine/api/db/database';
import { TASKS_PER_MESSAGE } from '@ideamine/shared/jobs';
import type PgBoss from 'pg-boss';

// A worker killed mid-batch leaves tasks 'active' under its id. Once its heartbeat is stale,
// any live worker gives those tasks back to the queue. Nothing was written for them (a batch
// commits as a whole), so they run once more and are stored once.

type TaskTable = 'crawl_tasks' | 'transform_tasks';

/** Gives a failed batch's tasks back (pending) so the retried message can claim them again. */
export async function releaseTasks(db: Db, table: TaskTable, ids: number[], workerId: string): Promise<void> {
  if (!ids.length) return;
  await db
    .updateTable(table)
    .set({ status: 'pending', claimed_by: null, updated_at: new Date() })
    .where('id', 'in', ids)
    .where('status', '=', 'active')
    .where('claimed_by', '=', workerId)
    .execute()
    .catch(() => undefined); // the database may be the reason the batch failed
}

export async function recoverOrphanedTasks(db: Db, boss: PgBoss, staleAfterSeconds: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    let recovered = 0;
    for (const [table, queue] of [
      ['crawl_tasks', 'crawl'],
      ['transform_tasks', 'transform'],
    ] as const) {
      const rows = await sql<{ id: number }>`
        UPDATE ${sql.table(table)} t SET status = 'pending', claimed_by = NULL, updated_at = now()
        WHERE t.status = 'active'
          AND NOT EXISTS (
            SELECT 1 FROM worker_heartbeats h
            WHERE h.worker_id = t.claimed_by AND h.last_seen_at > now() - make_interval(secs => ${staleAfterSeconds})
          )
        RETURNING t.id`.execute(trx);
      const ids = rows.rows.map((r) => Number(r.id));
      await sendMany(
        boss,
        queue,
        chunk(ids, TASKS_PER_MESSAGE).map((taskIds) => ({ taskIds })),
        { db: bossDb(trx) },
      );
      recovered += ids.length;
    }
    await trx
      .deleteFrom('worker_heartbeats')
      .where('last_seen_at', '<', sql<Date>`now() - interval '1 day'`)
      .execute();
    return recovered;
  });
}
