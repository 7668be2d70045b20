import { sql } from 'kysely';
import type { Db } from '@ideamine/server/db/database';
import { QUEUES } from '@ideamine/shared/jobs';
import { finalizeJobsIfDone, jobsOf } from './finalize-job';

// Ideas that keep failing in enrich or analyse. Each failed try is counted on the idea with its
// error; after the first try and every retry the queue allows, the idea is given up on: counted
// as failed (pipeline_failed_at), so the job that created it can end instead of waiting forever.

/** The first try and each retry of the message that carries the idea. */
export const MAX_IDEA_ATTEMPTS = QUEUES.analyse.retryLimit + 1;

/**
 * Counts one try per idea, with its error; an error of null keeps the last one recorded, or, for
 * an idea given up on now without any, `lostError`. Returns each idea with its job and whether it
 * was given up on now.
 */
export async function countIdeaTries(
  db: Db,
  tries: { id: number; error: string | null }[],
  lostError: string | null = null,
): Promise<{ id: number; job_id: number | null; given_up: boolean }[]> {
  if (!tries.length) return [];
  const values = tries.map((t) => sql`(${t.id}::int, ${t.error?.slice(0, 1000) ?? null}::text)`);
  const { rows } = await sql<{ id: number; job_id: number | null; given_up: boolean }>`
    UPDATE knowledge k SET
      pipeline_attempts = k.pipeline_attempts + 1,
      pipeline_error = coalesce(v.error, k.pipeline_error,
        CASE WHEN k.pipeline_attempts + 1 >= ${MAX_IDEA_ATTEMPTS} THEN ${lostError}::text END),
      pipeline_failed_at = CASE WHEN k.pipeline_attempts + 1 >= ${MAX_IDEA_ATTEMPTS} THEN now() END,
      updated_at = now()
    FROM (VALUES ${sql.join(values)}) AS v(id, error)
    WHERE k.id = v.id
    RETURNING k.id, k.job_id, k.pipeline_failed_at IS NOT NULL AS given_up`.execute(db);
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** Records one failed try per idea; returns the ids given up on now (they are not to be retried). */
export async function recordIdeaFailures(db: Db, failures: { id: number; error: string }[]): Promise<Set<number>> {
  const givenUp = (await countIdeaTries(db, failures)).filter((r) => r.given_up);
  await finalizeJobsIfDone(db, jobsOf(givenUp));
  return new Set(givenUp.map((r) => r.id));
}
