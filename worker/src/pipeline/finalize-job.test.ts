import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '@ideamine/server/db/database';
import { createTestDatabase } from '@ideamine/server/test/database';
import { finalizeJobsIfDone } from './finalize-job';

// A job ends when its last open task is done, even when its last two tasks finish in two batches
// at the same moment (a crawl batch of pages not modified beside the transform of the seed page).

let handle: DatabaseHandle;
let drop: () => Promise<void>;

beforeAll(async () => {
  const db = await createTestDatabase();
  drop = db.drop;
  handle = openDatabase(db.url, 4);
});
afterAll(async () => {
  await handle.close();
  await drop();
});

async function jobWithOpenCrawlAndTransform() {
  const db = handle.db;
  const job = await db
    .insertInto('jobs')
    .values({ initial_url: 'https://race.example/', include_patterns: [], exclude_patterns: [], status: 'active' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const [seed, page] = await db
    .insertInto('crawl_tasks')
    .values(
      ['https://race.example/', 'https://race.example/a'].map((url, i) => ({
        job_id: job.id,
        url,
        domain: 'race.example',
        status: i === 0 ? ('completed' as const) : ('active' as const),
      })),
    )
    .returning('id')
    .execute();
  const raw = await db
    .insertInto('raw_data')
    .values({
      job_id: job.id,
      crawl_task_id: seed!.id,
      url: 'https://race.example/',
      content: '<p>seed</p>',
      content_hash: 'seed',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const transform = await db
    .insertInto('transform_tasks')
    .values({ job_id: job.id, raw_data_id: raw.id, status: 'active' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { jobId: job.id, pageTaskId: page!.id, transformId: transform.id };
}

const waitsForALock = async () =>
  (
    await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
      WHERE NOT l.granted AND a.datname = current_database()`.execute(handle.db)
  ).rows[0]!.n > 0;

const statusOf = async (jobId: number) =>
  (await handle.db.selectFrom('jobs').select('status').where('id', '=', jobId).executeTakeFirstOrThrow()).status;

describe('ending a job', () => {
  it('ends it when a crawl batch and a transform finish its last tasks side by side', async () => {
    const { jobId, pageTaskId, transformId } = await jobWithOpenCrawlAndTransform();

    // The crawl batch: holds the job row, marks its page skipped (304) and looks for the end,
    // while the transform is still open, so it leaves the job as it is.
    let commitCrawl!: () => void;
    const crawlMayCommit = new Promise<void>((resolve) => (commitCrawl = resolve));
    let crawlChecked!: () => void;
    const crawlHasChecked = new Promise<void>((resolve) => (crawlChecked = resolve));
    const crawl = handle.db.transaction().execute(async (trx) => {
      await trx.selectFrom('jobs').select('id').where('id', '=', jobId).forUpdate().execute();
      await trx
        .updateTable('crawl_tasks')
        .set({ status: 'skipped', skip_reason: 'Not modified since the last crawl' })
        .where('id', '=', pageTaskId)
        .execute();
      await finalizeJobsIfDone(trx, [jobId]);
      crawlChecked();
      await crawlMayCommit;
    });
    await crawlHasChecked;

    // The transform commits its task, then looks for the end before the crawl batch commits.
    await handle.db.updateTable('transform_tasks').set({ status: 'completed' }).where('id', '=', transformId).execute();
    let transformReturned = false;
    const transformEnds = finalizeJobsIfDone(handle.db, [jobId]).then(() => (transformReturned = true));
    // Either it returned (seeing the crawl's page still open) or it waits for the job row.
    while (!transformReturned && !(await waitsForALock())) await new Promise((r) => setTimeout(r, 10));
    commitCrawl();
    await Promise.all([crawl, transformEnds]);

    expect(await statusOf(jobId)).toBe('completed');
  });

  it('leaves a job with an open task running, and ends a finished one only once', async () => {
    const { jobId, pageTaskId, transformId } = await jobWithOpenCrawlAndTransform();
    await finalizeJobsIfDone(handle.db, [jobId]);
    expect(await statusOf(jobId)).toBe('active');

    await handle.db.updateTable('crawl_tasks').set({ status: 'failed' }).where('id', '=', pageTaskId).execute();
    await handle.db.updateTable('transform_tasks').set({ status: 'completed' }).where('id', '=', transformId).execute();
    await finalizeJobsIfDone(handle.db, [jobId]);
    expect(await statusOf(jobId)).toBe('partially_completed');
    const finished = await handle.db
      .selectFrom('jobs')
      .select('finished_at')
      .where('id', '=', jobId)
      .executeTakeFirst();

    await finalizeJobsIfDone(handle.db, [jobId]);
    const again = await handle.db.selectFrom('jobs').select('finished_at').where('id', '=', jobId).executeTakeFirst();
    expect(again!.finished_at).toEqual(finished!.finished_at);
  });
});
