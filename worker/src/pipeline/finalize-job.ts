import { sql } from 'kysely';
import type { Db } from '@ideamine/server/db/database';
import { TIME_LIMIT_REASON } from './job-scope';

/** The distinct job ids of some rows (ideas, tasks), without nulls. */
export const jobsOf = (rows: { job_id: number | null }[]): number[] => [
  ...new Set(rows.flatMap((r) => (r.job_id === null ? [] : [r.job_id]))),
];

/**
 * Ends a job once none of its crawl or transform tasks is pending or active and every idea it
 * created has been analysed, merged into another or given up on (idea-failures.ts): a job is not
 * "completed" while its ideas are still being enriched and scored. The outcome: skipped when
 * nothing was fetched, failed when every fetch failed, partially_completed when some task or
 * idea failed or the job was cancelled or ran out of time, completed otherwise.
 *
 * The job rows are locked first (a crawl batch holds them for its whole transaction): two
 * batches finishing a job's last tasks at once would otherwise each count the other's tasks as
 * still open, neither ending the job. After the lock, the count sees whichever committed first.
 */
export async function finalizeJobsIfDone(db: Db, jobIds: number[]): Promise<void> {
  if (jobIds.length === 0) return;
  if (db.isTransaction) return lockAndFinalize(db, jobIds);
  await db.transaction().execute((trx) => lockAndFinalize(trx, jobIds));
}

async function lockAndFinalize(trx: Db, jobIds: number[]): Promise<void> {
  const open = await trx
    .selectFrom('jobs')
    .select('id')
    .where('id', 'in', jobIds)
    .where('status', 'in', ['pending', 'active'])
    .orderBy('id')
    .forUpdate()
    .execute();
  if (open.length === 0) return;
  // A new statement: under READ COMMITTED it sees every batch committed while this one waited.
  await sql`
    WITH counts AS (
      SELECT j.id,
        (SELECT count(*) FROM crawl_tasks c WHERE c.job_id = j.id AND c.status IN ('pending', 'active')) +
        (SELECT count(*) FROM transform_tasks t WHERE t.job_id = j.id AND t.status IN ('pending', 'active')) +
        (SELECT count(*) FROM knowledge k WHERE k.job_id = j.id AND k.analyzed_at IS NULL
           AND k.pipeline_failed_at IS NULL AND k.merged_into_id IS NULL AND k.deleted_at IS NULL) AS open,
        (SELECT count(*) FROM crawl_tasks c WHERE c.job_id = j.id AND c.status = 'completed') AS done,
        (SELECT count(*) FROM crawl_tasks c WHERE c.job_id = j.id AND c.status = 'failed') +
        (SELECT count(*) FROM transform_tasks t WHERE t.job_id = j.id AND t.status = 'failed') +
        (SELECT count(*) FROM knowledge k WHERE k.job_id = j.id AND k.pipeline_failed_at IS NOT NULL
           AND k.analyzed_at IS NULL AND k.deleted_at IS NULL) AS failed,
        EXISTS (SELECT 1 FROM crawl_tasks c WHERE c.job_id = j.id AND c.skip_reason = ${TIME_LIMIT_REASON}) AS cut_short
      FROM jobs j
      WHERE j.id = ANY(${open.map((j) => j.id)}::int[]) AND j.status IN ('pending', 'active')
    )
    UPDATE jobs j SET
      status = CASE
        WHEN c.done = 0 AND c.failed = 0 THEN 'skipped'
        WHEN c.done = 0 THEN 'failed'
        WHEN c.failed > 0 OR c.cut_short OR j.cancelled_at IS NOT NULL THEN 'partially_completed'
        ELSE 'completed'
      END,
      finished_at = now(),
      updated_at = now()
    FROM counts c
    WHERE j.id = c.id AND c.open = 0`.execute(trx);
}
