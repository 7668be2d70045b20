import { sql } from 'kysely';
import type { ListJobsQuery } from '@ideamine/shared/contract/jobs';
import type { Db } from '../db/database';
import { createdWithin, type OwnerScope } from './owner-scope';
import { likePattern, pageOf } from './paging';

/** The job owner's username, for the owner column (a subquery: `jobs` keeps its unqualified columns). */
const ownerName = sql<string | null>`(SELECT username FROM users WHERE users.id = jobs.created_by)`.as(
  'created_by_username',
);

export function listJobs(db: Db, scope: OwnerScope, q: ListJobsQuery) {
  let base = db.selectFrom('jobs').where(createdWithin(scope, 'jobs'));
  if (q.status) base = base.where('status', '=', q.status);
  if (q.tag) base = base.where('tag', '=', q.tag);
  if (q.search) {
    const p = likePattern(q.search);
    base = base.where((eb) => eb.or([eb('initial_url', 'ilike', p), eb('tag', 'ilike', p)]));
  }
  return pageOf(base, (b) => b.selectAll().select(ownerName).orderBy(q.sort, q.order).orderBy('id', q.order), q);
}

/** One job the scope reaches, with its owner's name; undefined for another user's job. */
export function findJob(db: Db, scope: OwnerScope, id: number) {
  return db
    .selectFrom('jobs')
    .selectAll()
    .select(ownerName)
    .where('id', '=', id)
    .where(createdWithin(scope, 'jobs'))
    .executeTakeFirst();
}

async function countBy(
  db: Db,
  table: 'crawl_tasks' | 'transform_tasks',
  jobId: number,
): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom(table)
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('job_id', '=', jobId)
    .groupBy('status')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

export interface StageCount {
  done: number;
  failed: number;
  total: number;
}

/** A stage's tasks: skipped ones are done (nothing to do there), failed ones counted apart. */
function taskStage(counts: Record<string, number>): StageCount {
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  return { done: (counts.completed ?? 0) + (counts.skipped ?? 0), failed: counts.failed ?? 0, total };
}

export async function jobCounts(db: Db, jobId: number) {
  const [crawl, transformRows, raw, ideas] = await Promise.all([
    countBy(db, 'crawl_tasks', jobId),
    // Transform tasks by status, read with the posts the pre-filter judged not to be ideas and
    // the pages that kept none because of it (a skipped task is otherwise read as work not done).
    sql<{ status: string; n: number; dropped: number; with_dropped: number }>`
      SELECT status, count(*)::int AS n, coalesce(sum(dropped_count), 0)::int AS dropped,
        count(*) FILTER (WHERE dropped_count > 0)::int AS with_dropped
      FROM transform_tasks WHERE job_id = ${jobId} GROUP BY status`.execute(db),
    db
      .selectFrom('raw_data')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('job_id', '=', jobId)
      .executeTakeFirstOrThrow(),
    // The job's ideas through enrich and analyse. A merged idea is done with enrich and never
    // scored (its twin is); a given-up one failed in whichever stage it had not passed.
    sql<{
      total: number;
      merged: number;
      enriched: number;
      analysed: number;
      enrich_failed: number;
      analyse_failed: number;
    }>`
      SELECT count(*)::int AS total,
        count(*) FILTER (WHERE merged_into_id IS NOT NULL)::int AS merged,
        count(*) FILTER (WHERE enriched_at IS NOT NULL OR merged_into_id IS NOT NULL)::int AS enriched,
        count(*) FILTER (WHERE analyzed_at IS NOT NULL)::int AS analysed,
        count(*) FILTER (WHERE pipeline_failed_at IS NOT NULL AND enriched_at IS NULL AND merged_into_id IS NULL)::int
          AS enrich_failed,
        count(*) FILTER (WHERE pipeline_failed_at IS NOT NULL AND enriched_at IS NOT NULL AND analyzed_at IS NULL)::int
          AS analyse_failed
      FROM knowledge WHERE job_id = ${jobId} AND deleted_at IS NULL`.execute(db),
  ]);
  const i = ideas.rows[0]!;
  const transform = Object.fromEntries(transformRows.rows.map((r) => [r.status, r.n]));
  const notIdeas = {
    posts: transformRows.rows.reduce((sum, r) => sum + r.dropped, 0),
    pages: transformRows.rows.find((r) => r.status === 'skipped')?.with_dropped ?? 0,
  };
  return {
    crawl_tasks: crawl,
    transform_tasks: transform,
    not_ideas: notIdeas,
    raw_data: Number(raw.n),
    knowledge: i.total,
    stages: {
      crawl: taskStage(crawl),
      transform: taskStage(transform),
      enrich: { done: i.enriched, failed: i.enrich_failed, total: i.total },
      analyse: { done: i.analysed, failed: i.analyse_failed, total: i.total - i.merged },
    },
  };
}
