import { sql } from 'kysely';
import { bossDb, chunk, sendMany } from '@ideamine/server/queue/boss';
import type { Db } from '@ideamine/server/db/database';
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

/** Queues whose handlers are safe to run twice at once (tasks are claimed atomically, ideas are filtered by state). */
const REDELIVERABLE = ['crawl', 'transform', 'enrich', 'analyse'] as const;

export async function recoverOrphanedTasks(db: Db, boss: PgBoss, staleAfterSeconds: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    let recovered = 0;
    // Tasks given back above, per table (crawl and transform ids overlap), not to be sent twice below.
    const released = { crawl: new Set<number>(), transform: new Set<number>() };
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
      for (const id of ids) released[queue].add(id);
      recovered += ids.length;
    }
    // A heartbeat gone stale is a worker that died (a stopped one deletes its row). Whoever
    // deletes the row redelivers what it may have held (below), so that happens once.
    const dead = await sql<{ last_seen_at: Date }>`
      DELETE FROM worker_heartbeats
      WHERE last_seen_at < now() - make_interval(secs => ${staleAfterSeconds})
      RETURNING last_seen_at`.execute(trx);
    if (dead.rows.length || recovered) recovered += await redeliverHeldMessages(trx, boss, released);
    return recovered;
  });
}

/**
 * Messages a dead worker had fetched stay 'active' in pg-boss until they expire (15 minutes),
 * and the tasks and ideas in them wait that long: the tasks it had not claimed yet (still
 * pending, so the recovery above does not see them) and the ideas it was enriching or scoring.
 * pg-boss does not record which worker holds a message, and a worker's last heartbeat says
 * little about when it fetched its last message (a beat can be late under load), so every
 * active message is sent again. A live worker's message may so be sent twice; that costs at
 * most a repeated LLM call: crawl and transform tasks are claimed atomically (only tasks still
 * unclaimed are sent) and enrich and analyse skip ideas already done. Runs only when a worker
 * died, so the scan of pg-boss's active messages is rare.
 */
async function redeliverHeldMessages(
  trx: Db,
  boss: PgBoss,
  released: Record<'crawl' | 'transform', Set<number>>,
): Promise<number> {
  const held = await sql<{ name: (typeof REDELIVERABLE)[number]; data: Record<string, unknown> }>`
    SELECT name, data FROM pgboss.job
    WHERE name = ANY(${[...REDELIVERABLE]}::text[]) AND state = 'active'`.execute(trx);
  let redelivered = 0;
  for (const queue of REDELIVERABLE) {
    const messages = held.rows.filter((m) => m.name === queue);
    if (!messages.length) continue;
    if (queue === 'crawl' || queue === 'transform') {
      const ids = messages.flatMap((m) => (m.data.taskIds as number[]) ?? []).filter((id) => !released[queue].has(id));
      if (!ids.length) continue;
      const table = queue === 'crawl' ? 'crawl_tasks' : 'transform_tasks';
      const pending = await trx
        .selectFrom(table)
        .select('id')
        .where('id', 'in', ids)
        .where('status', '=', 'pending')
        .where('claimed_by', 'is', null)
        .execute();
      const taskIds = pending.map((r) => r.id);
      await sendMany(
        boss,
        queue,
        chunk(taskIds, TASKS_PER_MESSAGE).map((ids) => ({ taskIds: ids })),
        { db: bossDb(trx) },
      );
      redelivered += taskIds.length;
    } else {
      const knowledgeIds = messages.flatMap((m) => (m.data.knowledgeIds as number[]) ?? []);
      const open = knowledgeIds.length
        ? await trx
            .selectFrom('knowledge')
            .select('id')
            .where('id', 'in', knowledgeIds)
            .where('analyzed_at', 'is', null) // enrich queues the enriched ones for analysis
            .where('deleted_at', 'is', null)
            .where('merged_into_id', 'is', null)
            .execute()
        : [];
      const ids = open.map((r) => r.id);
      await sendMany(
        boss,
        queue,
        chunk(ids, TASKS_PER_MESSAGE).map((k) => ({ knowledgeIds: k })),
        { db: bossDb(trx) },
      );
      redelivered += ids.length;
    }
  }
  return redelivered;
}
