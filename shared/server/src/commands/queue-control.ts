import { sql, type RawBuilder } from 'kysely';
import type PgBoss from 'pg-boss';
import { MAX_BULK_TASKS, MAX_DEAD_LETTER_REPLAYS } from '@ideamine/shared/contract/queue-control';
import { deadLetterQueue, QUEUE_NAMES, TASKS_PER_MESSAGE, type QueueName } from '@ideamine/shared/jobs';
import type { Db } from '../db/database';
import { conflict, notFound } from '../errors';
import { bossDb, chunk, sendMany } from '../queue/boss';
import { likePattern } from '../queries/paging';
import type { Actor } from './admin-users';
import { writeAudit } from './audit';
import { liveWorkersByQueue } from '../queries/dashboard-health';

// Operator queue control (issue 5): bulk task actions with a dry run, dead-letter replays with a
// cap, queue pauses. Every change is audited with the operator's reason.

export type TaskKind = 'crawl' | 'transform';
export type BulkAction = 'retry' | 'cancel' | 'delete';
export interface TaskFilter {
  kind: TaskKind;
  job_id?: number | undefined;
  status?: string | undefined;
  error_contains?: string | undefined;
  ids?: number[] | undefined;
}

const tableOf = (kind: TaskKind) => (kind === 'crawl' ? 'crawl_tasks' : 'transform_tasks');

/** Which tasks an action can change: retry finished ones, cancel waiting ones, delete any not in flight. */
const ELIGIBLE: Record<BulkAction, RawBuilder<unknown>> = {
  retry: sql`t.status IN ('completed', 'failed', 'skipped')`,
  cancel: sql`t.status = 'pending'`,
  delete: sql`t.status <> 'active'`,
};

/** The WHERE clause of a filter (table alias t). */
export function taskWhere(f: TaskFilter): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql`true`];
  if (f.job_id !== undefined) parts.push(sql`t.job_id = ${f.job_id}`);
  if (f.status !== undefined) parts.push(sql`t.status = ${f.status}`);
  if (f.ids !== undefined) parts.push(sql`t.id = ANY(${f.ids}::bigint[])`);
  if (f.error_contains) {
    const p = likePattern(f.error_contains);
    parts.push(
      f.kind === 'crawl'
        ? sql`(t.url ILIKE ${p} OR t.error ILIKE ${p} OR t.skip_reason ILIKE ${p})`
        : sql`(t.error ILIKE ${p} OR t.skip_reason ILIKE ${p})`,
    );
  }
  return sql.join(parts, sql` AND `);
}

/** Applies an action to the eligible tasks among `where`; returns the changed ids and their jobs. */
async function apply(
  trx: Db,
  boss: PgBoss,
  kind: TaskKind,
  action: BulkAction,
  where: RawBuilder<unknown>,
  reason: string,
): Promise<{ id: number; job_id: number | null }[]> {
  const table = sql.table(tableOf(kind));
  const target = sql`SELECT t.id FROM ${table} t WHERE ${where} AND ${ELIGIBLE[action]} FOR UPDATE OF t`;
  let rows: { id: number; job_id: number | null }[];
  if (action === 'retry') {
    rows = (
      await sql<{ id: number; job_id: number | null }>`
        UPDATE ${table} SET status = 'pending', attempts = 0, error = NULL, skip_reason = NULL, finished_at = NULL,
                            updated_at = now()
        WHERE id IN (${target}) RETURNING id, job_id`.execute(trx)
    ).rows;
    const jobIds = [...new Set(rows.map((r) => r.job_id).filter((j): j is number => j !== null))];
    if (jobIds.length)
      await sql`UPDATE jobs SET status = 'active', started_at = now(), finished_at = NULL, cancelled_at = NULL,
                                updated_at = now()
                WHERE id = ANY(${jobIds}::int[])`.execute(trx);
    const batches = chunk(
      rows.map((r) => Number(r.id)),
      TASKS_PER_MESSAGE,
    );
    await sendMany(
      boss,
      kind,
      batches.map((taskIds) => ({ taskIds })),
      { db: bossDb(trx) },
    );
    return rows;
  }
  if (action === 'cancel') {
    rows = (
      await sql<{ id: number; job_id: number | null }>`
        UPDATE ${table} SET status = 'skipped', skip_reason = ${`Cancelled by operator: ${reason}`.slice(0, 500)},
                            finished_at = now(), updated_at = now()
        WHERE id IN (${target}) RETURNING id, job_id`.execute(trx)
    ).rows;
  } else {
    rows = (
      await sql<{ id: number; job_id: number | null }>`
        DELETE FROM ${table} WHERE id IN (${target}) RETURNING id, job_id`.execute(trx)
    ).rows;
  }
  await finishIdleJobs(trx, [...new Set(rows.map((r) => r.job_id).filter((j): j is number => j !== null))]);
  return rows;
}

/** Ends running jobs left with nothing to do, the way a cancelled job ends (job-control.ts). */
async function finishIdleJobs(trx: Db, jobIds: number[]): Promise<void> {
  if (!jobIds.length) return;
  await sql`
    UPDATE jobs j SET status = CASE WHEN EXISTS (SELECT 1 FROM crawl_tasks WHERE job_id = j.id AND status = 'completed')
                                    THEN 'partially_completed' ELSE 'skipped' END,
                      finished_at = now(), updated_at = now()
    WHERE j.id = ANY(${jobIds}::int[]) AND j.status IN ('pending', 'active')
      AND NOT EXISTS (SELECT 1 FROM crawl_tasks WHERE job_id = j.id AND status IN ('pending', 'active'))
      AND NOT EXISTS (SELECT 1 FROM transform_tasks WHERE job_id = j.id AND status IN ('pending', 'active'))`.execute(
    trx,
  );
}

/** Counts (confirm false) or changes (confirm true) the tasks a filter matches, audited with the reason. */
export async function bulkTasks(
  db: Db,
  boss: PgBoss,
  actor: Actor,
  input: { action: BulkAction; filter: TaskFilter; reason: string; confirm: boolean },
) {
  const { action, filter, reason } = input;
  const where = taskWhere(filter);
  const count = async (q: Db) =>
    Number(
      (
        await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(tableOf(filter.kind))} t
                                 WHERE ${where} AND ${ELIGIBLE[action]}`.execute(q)
      ).rows[0]?.n ?? 0,
    );
  if (!input.confirm) return { action, matched: await count(db), affected: 0, performed: false };
  return db.transaction().execute(async (trx) => {
    const matched = await count(trx);
    if (matched > MAX_BULK_TASKS)
      throw conflict(`${matched} tasks match; one call changes at most ${MAX_BULK_TASKS}, narrow the filter`, 'filter');
    const rows = await apply(trx, boss, filter.kind, action, where, reason);
    await writeAudit(trx, {
      actorId: actor.id,
      action: `tasks.bulk_${action}`,
      entityType: tableOf(filter.kind),
      entityId: null,
      after: { filter, reason, matched, affected: rows.length, ids: rows.slice(0, 1000).map((r) => Number(r.id)) },
      ip: actor.ip,
      requestId: actor.requestId,
    });
    return { action, matched, affected: rows.length, performed: true };
  });
}

/** Cancels or deletes one task (retry goes through rerunTask). */
export async function actOnTask(
  db: Db,
  boss: PgBoss,
  actor: Actor,
  kind: TaskKind,
  id: number,
  action: 'cancel' | 'delete',
  reason: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const task = await sql<{ status: string }>`
      SELECT status FROM ${sql.table(tableOf(kind))} WHERE id = ${id} FOR UPDATE`.execute(trx);
    const status = task.rows[0]?.status;
    if (!status) throw notFound(kind === 'crawl' ? 'Crawl task' : 'Transform task');
    const rows = await apply(trx, boss, kind, action, sql`t.id = ${id}`, reason);
    if (!rows.length)
      throw conflict(
        action === 'cancel' ? `Only a pending task can be cancelled; it is ${status}` : `The task is ${status}`,
      );
    await writeAudit(trx, {
      actorId: actor.id,
      action: `task.${action}`,
      entityType: tableOf(kind),
      entityId: id,
      before: { status },
      after: { reason },
      ip: actor.ip,
      requestId: actor.requestId,
    });
  });
}

export async function queueStates(db: Db) {
  const [pauses, counts, workers] = await Promise.all([
    db.selectFrom('queue_pauses').selectAll().execute(),
    sql<{ name: string; n: number }>`
      SELECT name, count(*) AS n FROM pgboss.job
      WHERE name = ANY(${[...QUEUE_NAMES, ...QUEUE_NAMES.map(deadLetterQueue)]}::text[]) AND state < 'active'
      GROUP BY name`.execute(db),
    liveWorkersByQueue(db),
  ]);
  const count = new Map(counts.rows.map((r) => [r.name, Number(r.n)]));
  return QUEUE_NAMES.map((queue) => {
    const pause = pauses.find((p) => p.queue === queue);
    return {
      queue,
      paused: Boolean(pause),
      paused_at: pause ? pause.paused_at.toISOString() : null,
      reason: pause ? pause.reason : null,
      waiting: count.get(queue) ?? 0,
      dead_letter: count.get(deadLetterQueue(queue)) ?? 0,
      workers: workers.get(queue)?.workers ?? 0,
      workers_paused: workers.get(queue)?.paused ?? 0,
    };
  });
}

/** Pauses (workers stop fetching the queue's messages) or resumes a queue; idempotent, audited. */
export async function setQueuePaused(db: Db, actor: Actor, queue: QueueName, paused: boolean, reason = '') {
  await db.transaction().execute(async (trx) => {
    if (paused)
      await trx
        .insertInto('queue_pauses')
        .values({ queue, reason, paused_by: actor.id })
        .onConflict((oc) => oc.column('queue').doUpdateSet({ reason, paused_by: actor.id }))
        .execute();
    else await trx.deleteFrom('queue_pauses').where('queue', '=', queue).execute();
    await writeAudit(trx, {
      actorId: actor.id,
      action: paused ? 'queue.pause' : 'queue.resume',
      entityType: 'queue',
      entityId: queue,
      after: { reason },
      ip: actor.ip,
      requestId: actor.requestId,
    });
  });
}

/**
 * Sends dead-letter messages back to their queue. Each replay is counted in the message's data
 * (`replays`, which pg-boss copies when the message dead-letters again); a message replayed
 * MAX_DEAD_LETTER_REPLAYS times stays in the dead-letter queue and is refused.
 */
export async function replayDeadLetters(
  db: Db,
  boss: PgBoss,
  actor: Actor,
  queue: QueueName,
  input: { reason: string; message_id?: string | undefined; limit: number },
) {
  return db.transaction().execute(async (trx) => {
    const dead = deadLetterQueue(queue);
    const { rows } = await sql<{ id: string; data: Record<string, unknown> | null }>`
      SELECT id, data FROM pgboss.job
      WHERE name = ${dead} AND state < 'active' ${input.message_id ? sql`AND id = ${input.message_id}::uuid` : sql``}
      ORDER BY created_on, id LIMIT ${input.limit} FOR UPDATE SKIP LOCKED`.execute(trx);
    if (input.message_id && !rows.length) throw notFound('Dead-letter message');
    const replays = (d: Record<string, unknown> | null) => Number(d?.replays ?? 0) || 0;
    const ok = rows.filter((r) => replays(r.data) < MAX_DEAD_LETTER_REPLAYS);
    const refused = rows.length - ok.length;
    if (input.message_id && refused)
      throw conflict(`The message was replayed ${MAX_DEAD_LETTER_REPLAYS} times already`, 'message_id');
    if (ok.length) {
      await boss.insert(
        ok.map((r) => ({ name: queue, data: { ...(r.data ?? {}), replays: replays(r.data) + 1 } })),
        { db: bossDb(trx) },
      );
      await sql`DELETE FROM pgboss.job WHERE name = ${dead} AND id = ANY(${ok.map((r) => r.id)}::uuid[])`.execute(trx);
    }
    await writeAudit(trx, {
      actorId: actor.id,
      action: 'queue.dead_letter_replay',
      entityType: 'queue',
      entityId: queue,
      after: { reason: input.reason, replayed: ok.map((r) => r.id), refused },
      ip: actor.ip,
      requestId: actor.requestId,
    });
    return { replayed: ok.length, refused, max_replays: MAX_DEAD_LETTER_REPLAYS };
  });
}
