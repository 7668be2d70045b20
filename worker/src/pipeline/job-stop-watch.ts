import type { Db } from '@ideamine/server/db/database';
import { stopReason } from './job-scope';

// A batch's pages can wait long for a slot on a slow domain; a job cancelled or ended meanwhile
// should not fetch them. The watch re-reads the batch's jobs at most once per interval, so a
// batch of fast pages costs one small query, not one per page.

const REFRESH_MS = 1_000;

export function jobStopWatch(
  db: Db,
  jobIds: number[],
  refreshMs = REFRESH_MS,
): (jobId: number) => Promise<string | null> {
  let read: { at: number; reasons: Promise<Map<number, string | null>> } | null = null;
  const reload = async () => {
    const rows = await db
      .selectFrom('jobs')
      .select(['id', 'status', 'cancelled_at', 'started_at', 'time_limit_seconds'])
      .where('id', 'in', jobIds)
      .execute();
    return new Map(rows.map((j) => [j.id, stopReason(j)]));
  };
  // A failed read knows of no stop: the page is fetched, and the batch's write reports the database.
  return async (jobId) => {
    if (!read || Date.now() - read.at > refreshMs) read = { at: Date.now(), reasons: reload().catch(() => new Map()) };
    return (await read.reasons).get(jobId) ?? null;
  };
}
