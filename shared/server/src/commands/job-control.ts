import { sql } from 'kysely';
import type PgBoss from 'pg-boss';
import type { Db } from '../db/database';
import { ApiError, conflict, notFound } from '../errors';
import { backToPending, bossDb, sendMany } from '../queue/boss';
import { createdWithin, type OwnerScope } from '../queries/owner-scope';
import { writeAudit } from './audit';
import type { Actor } from './admin-users';

// Operator actions on jobs and tasks.

/**
 * Stops a job: tasks not yet fetched are skipped, work already in flight finishes. A job outside
 * the caller's scope (another user's, for a trial user) is not found; without a scope the caller
 * acts as an operator.
 */
export async function cancelJob(
  db: Db,
  actor: Actor,
  id: number,
  scope: OwnerScope = { userId: actor.id, seesAll: true },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const job = await trx
      .selectFrom('jobs')
      .select(['id', 'status'])
      .where('id', '=', id)
      .where(createdWithin(scope, 'jobs'))
      .forUpdate()
      .executeTakeFirst();
    if (!job) throw notFound('Job');
    if (job.status !== 'pending' && job.status !== 'active') throw conflict(`The job is already ${job.status}`);
    const now = new Date();
    await trx.updateTable('jobs').set({ cancelled_at: now, updated_at: now }).where('id', '=', id).execute();
    await trx
      .updateTable('crawl_tasks')
      .set({ status: 'skipped', skip_reason: 'Job cancelled', finished_at: now, updated_at: now })
      .where('job_id', '=', id)
      .where('status', '=', 'pending')
      .execute();
    await writeAudit(trx, {
      actorId: actor.id,
      action: 'job.cancel',
      entityType: 'job',
      entityId: id,
      ip: actor.ip,
      requestId: actor.requestId,
    });
    // Ends the job now when nothing is in flight; otherwise the last task in flight ends it.
    await sql`
      UPDATE jobs SET status = CASE WHEN EXISTS (SELECT 1 FROM crawl_tasks WHERE job_id = ${id} AND status = 'completed')
                                    THEN 'partially_completed' ELSE 'skipped' END,
                      finished_at = now()
      WHERE id = ${id}
        AND NOT EXISTS (SELECT 1 FROM crawl_tasks WHERE job_id = ${id} AND status IN ('pending', 'active'))
        AND NOT EXISTS (SELECT 1 FROM transform_tasks WHERE job_id = ${id} AND status IN ('pending', 'active'))`.execute(
      trx,
    );
  });
}

/** Runs one crawl or transform task again; its job reopens if it had ended. */
export async function rerunTask(
  db: Db,
  boss: PgBoss,
  actor: Actor,
  kind: 'crawl' | 'transform',
  id: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const table = kind === 'crawl' ? 'crawl_tasks' : 'transform_tasks';
    const task = await trx
      .selectFrom(table)
      .select(['id', 'job_id', 'status'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!task) throw notFound(kind === 'crawl' ? 'Crawl task' : 'Transform task');
    if (task.status === 'pending' || task.status === 'active') throw conflict(`The task is already ${task.status}`);
    await trx.updateTable(table).set(backToPending()).where('id', '=', id).execute();
    await reopenJob(trx, task.job_id);
    await sendMany(boss, kind, [{ taskIds: [id] }], { db: bossDb(trx) });
    await writeAudit(trx, {
      actorId: actor.id,
      action: `task.rerun`,
      entityType: table,
      entityId: id,
      ip: actor.ip,
      requestId: actor.requestId,
    });
  });
}

/**
 * Overrules the pre-filter on a transform task: the items named (by URL; all it dropped when none
 * are named) are kept as ideas when the task runs again, whatever the model says.
 */
export async function keepAsIdeas(db: Db, boss: PgBoss, actor: Actor, id: number, urls?: string[]): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const task = await trx
      .selectFrom('transform_tasks')
      .select(['id', 'job_id', 'status', 'dropped_count', 'keep_urls'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!task) throw notFound('Transform task');
    if (task.status === 'pending' || task.status === 'active') throw conflict(`The task is already ${task.status}`);
    if (!task.dropped_count) throw conflict('The pre-filter dropped nothing from this page: there is nothing to keep');
    // Checked against every item the task dropped, not only the preview its row carries.
    let found = trx.selectFrom('transform_dropped_items').select('url').distinct().where('task_id', '=', id);
    if (urls) found = found.where('url', 'in', urls);
    const dropped = new Set((await found.execute()).map((d) => d.url));
    const unknown = (urls ?? []).findIndex((u) => !dropped.has(u));
    if (unknown >= 0)
      throw new ApiError(
        'VALIDATION_ERROR',
        `urls.${unknown} "${urls![unknown]}" is not an item the pre-filter dropped from this page; pick one of its dropped items`,
        `urls.${unknown}`,
      );
    const keep = [...new Set([...task.keep_urls, ...(urls ?? dropped)])];
    await trx
      .updateTable('transform_tasks')
      .set({ ...backToPending(), keep_urls: keep })
      .where('id', '=', id)
      .execute();
    await reopenJob(trx, task.job_id);
    await sendMany(boss, 'transform', [{ taskIds: [id] }], { db: bossDb(trx) });
    await writeAudit(trx, {
      actorId: actor.id,
      action: 'task.keep_as_ideas',
      entityType: 'transform_tasks',
      entityId: id,
      after: { keep_urls: keep },
      ip: actor.ip,
      requestId: actor.requestId,
    });
    return keep;
  });
}

/** A task of a finished job runs again: the job is active until it is done once more. */
async function reopenJob(trx: Db, jobId: number | null): Promise<void> {
  if (jobId === null) return;
  const now = new Date();
  await trx
    .updateTable('jobs')
    .set({ status: 'active', started_at: now, finished_at: null, cancelled_at: null, updated_at: now })
    .where('id', '=', jobId)
    .execute();
}
