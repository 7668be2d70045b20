import { sql } from 'kysely';
import type PgBoss from 'pg-boss';
import type { Db } from '@ideamine/server/db/database';
import { bossDb, chunk, sendMany } from '@ideamine/server/queue/boss';
import { TASKS_PER_MESSAGE } from '@ideamine/shared/jobs';
import { countIdeaTries } from './idea-failures';
import { finalizeJobsIfDone, jobsOf } from './finalize-job';

// Work whose queue message was lost. A task or idea is written in the same transaction as the
// message that carries it, but a message can still go: a queue purged by hand, a message that
// failed for good (its retries spent on a database outage), a backup restored without the queue.
// Such work would wait forever. Every worker runs this on its heartbeat; a transaction-scoped
// advisory lock lets one process at a time do it, and what it sends again is marked (updated_at)
// so no other pass sends it twice. Work sent again too often is given up on, counted as failed.

/** Unchanged this long with no message: lost. Longer than a commit between insert and send can take. */
export const LOST_AFTER_SECONDS = 30;
/** Each pass looks at most at this many items per stage; the next pass takes the rest. */
const BATCH = 5000;
/** A task claimed this many times and still pending is given up on (a crawl task retries itself 3 times). */
const MAX_TASK_ATTEMPTS = 6;
/** pg_try_advisory_xact_lock key of the reconciler (one-key locks; budget locks use two keys). */
const RECONCILE_LOCK = 727_020;

export interface Reconciled {
  crawl: number;
  transform: number;
  enrich: number;
  analyse: number;
  /** Tasks and ideas given up on instead of sent again. */
  gaveUp: number;
}

const LIVE = sql.raw(`('created', 'retry', 'active')`);

export async function reconcileLostMessages(
  db: Db,
  boss: PgBoss,
  lostAfterSeconds = LOST_AFTER_SECONDS,
): Promise<Reconciled> {
  return db.transaction().execute(async (trx) => {
    const done: Reconciled = { crawl: 0, transform: 0, enrich: 0, analyse: 0, gaveUp: 0 };
    const { rows } = await sql<{ got: boolean }>`SELECT pg_try_advisory_xact_lock(${RECONCILE_LOCK}) AS got`.execute(
      trx,
    );
    if (!rows[0]?.got) return done; // another process is on it
    const jobs: number[] = [];
    for (const [table, queue] of [
      ['crawl_tasks', 'crawl'],
      ['transform_tasks', 'transform'],
    ] as const) {
      const lost = await sql<{ id: number; job_id: number | null; attempts: number }>`
        WITH live AS (
          SELECT DISTINCT (jsonb_array_elements_text(j.data -> 'taskIds'))::bigint AS id
          FROM pgboss.job j WHERE j.name = ${queue} AND j.state IN ${LIVE}
        )
        SELECT t.id, t.job_id, t.attempts FROM ${sql.table(table)} t
        WHERE t.status = 'pending' AND t.updated_at < now() - make_interval(secs => ${lostAfterSeconds})
          AND NOT EXISTS (SELECT 1 FROM live WHERE live.id = t.id)
        ORDER BY t.id LIMIT ${BATCH}`.execute(trx);
      const resend = lost.rows.filter((t) => t.attempts < MAX_TASK_ATTEMPTS).map((t) => Number(t.id));
      const giveUp = lost.rows.filter((t) => t.attempts >= MAX_TASK_ATTEMPTS);
      if (resend.length) {
        await trx.updateTable(table).set({ updated_at: new Date() }).where('id', 'in', resend).execute();
        await sendMany(
          boss,
          queue,
          chunk(resend, TASKS_PER_MESSAGE).map((taskIds) => ({ taskIds })),
          { db: bossDb(trx) },
        );
      }
      if (giveUp.length) {
        const now = new Date();
        await trx
          .updateTable(table)
          .set({
            status: 'failed',
            error: `Gave up after ${MAX_TASK_ATTEMPTS} attempts: its queue message kept getting lost or failing`,
            finished_at: now,
            updated_at: now,
          })
          .where(
            'id',
            'in',
            giveUp.map((t) => Number(t.id)),
          )
          .execute();
        jobs.push(...jobsOf(giveUp));
      }
      done[queue] = resend.length;
      done.gaveUp += giveUp.length;
    }
    for (const queue of ['enrich', 'analyse'] as const) {
      const stage = queue === 'enrich' ? sql`k.enriched_at IS NULL` : sql`k.enriched_at IS NOT NULL`;
      const lost = await sql<{ id: number }>`
        WITH live AS (
          SELECT DISTINCT (jsonb_array_elements_text(j.data -> 'knowledgeIds'))::int AS id
          FROM pgboss.job j WHERE j.name = ${queue} AND j.state IN ${LIVE}
        )
        SELECT k.id FROM knowledge k
        WHERE k.analyzed_at IS NULL AND k.pipeline_failed_at IS NULL AND k.merged_into_id IS NULL
          AND k.deleted_at IS NULL AND ${stage}
          AND k.updated_at < now() - make_interval(secs => ${lostAfterSeconds})
          AND NOT EXISTS (SELECT 1 FROM live WHERE live.id = k.id)
        ORDER BY k.id LIMIT ${BATCH}`.execute(trx);
      if (!lost.rows.length) continue;
      // Sending again counts as a try, so an idea whose message keeps failing is given up on.
      const ids = lost.rows.map((k) => Number(k.id));
      const counted = await countIdeaTries(
        trx,
        ids.map((id) => ({ id, error: null })),
        `its ${queue} message kept getting lost or failing`,
      );
      const resend = counted.filter((k) => !k.given_up).map((k) => k.id);
      const gaveUp = counted.filter((k) => k.given_up);
      await sendMany(
        boss,
        queue,
        chunk(resend, TASKS_PER_MESSAGE).map((knowledgeIds) => ({ knowledgeIds })),
        { db: bossDb(trx) },
      );
      jobs.push(...jobsOf(gaveUp));
      done[queue] = resend.length;
      done.gaveUp += gaveUp.length;
    }
    if (jobs.length) await finalizeJobsIfDone(trx, [...new Set(jobs)]);
    return done;
  });
}
