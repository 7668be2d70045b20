import type { ListJobsQuery } from '@ideamine/shared/contract/jobs';
import type { Db } from '../db/database';
import { likePattern, pageOf } from './paging';

export function listJobs(db: Db, q: ListJobsQuery) {
  let base = db.selectFrom('jobs');
  if (q.status) base = base.where('status', '=', q.status);
  if (q.tag) base = base.where('tag', '=', q.tag);
  if (q.search) {
    const p = likePattern(q.search);
    base = base.where((eb) => eb.or([eb('initial_url', 'ilike', p), eb('tag', 'ilike', p)]));
  }
  return pageOf(base, (b) => b.selectAll().orderBy(q.sort, q.order).orderBy('id', q.order), q);
}

export function findJob(db: Db, id: number) {
  return db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
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

export async function jobCounts(db: Db, jobId: number) {
  const [crawl, transform, raw, knowledge] = await Promise.all([
    countBy(db, 'crawl_tasks', jobId),
    countBy(db, 'transform_tasks', jobId),
    db
      .selectFrom('raw_data')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('job_id', '=', jobId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('knowledge')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('job_id', '=', jobId)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow(),
  ]);
  return { crawl_tasks: crawl, transform_tasks: transform, raw_data: Number(raw.n), knowledge: Number(knowledge.n) };
}
