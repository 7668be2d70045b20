import type { Db } from '@ideamine/server/db/database';

/**
 * What each task a job made for a feed's items came to, crawl and transform: said with a count
 * assertion, a failure then names the stage where an entry went missing.
 */
export async function feedTaskOutcomes(db: Db, jobId: number) {
  return db
    .selectFrom('crawl_tasks as c')
    .leftJoin('raw_data as r', 'r.crawl_task_id', 'c.id')
    .leftJoin('transform_tasks as t', 't.raw_data_id', 'r.id')
    .select([
      'c.url',
      'c.status as crawl',
      'c.depth',
      't.status as transform',
      't.skip_reason',
      't.error',
      't.items_created',
      't.dropped_count',
    ])
    .where('c.job_id', '=', jobId)
    .where('c.discovered_via', '=', 'feed')
    .execute();
}
