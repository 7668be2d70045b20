import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelJob } from '@ideamine/server/commands/job-control';
import { signedInUser } from '@ideamine/server/test/factories';
import { startPipeline, waitUntil, type PipelineHarness } from '../test/pipeline-harness';

// Cancelling a job stops its crawl even for pages a worker has already taken: they wait for the
// domain's rate limit, and none of them is fetched once the job is cancelled.

let p: PipelineHarness;

beforeAll(async () => {
  p = await startPipeline({ ideas: 20 });
  // One request every 2 s, one at a time: a batch of links waits long in the worker's hands.
  await db()
    .updateTable('rate_limits')
    .set({ requests_per_minute: 30, burst: 1, max_concurrency: 1 })
    .where('domain_pattern', '=', '127.0.0.1')
    .execute();
});
afterAll(() => p?.close());

const db = () => p.context.app.db;

describe('cancelling a job', () => {
  it('skips the pages a worker holds but has not fetched yet, and ends the job', async () => {
    const admin = await signedInUser(p.context.app, { role: 'admin' });
    const jobId = await p.runJob({ path: '/', max_depth: 1, max_pages: 15 });
    // The seed's links claimed by the worker: active, waiting for the domain's next request.
    await waitUntil(
      async () => {
        const { n } = await db()
          .selectFrom('crawl_tasks')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('job_id', '=', jobId)
          .where('status', '=', 'active')
          .executeTakeFirstOrThrow();
        return Number(n) >= 4;
      },
      30_000,
      'links taken by the worker',
    );
    await cancelJob(db(), { id: admin.user.id, ip: null, requestId: 'test' }, jobId);

    expect(await p.waitForJob(jobId)).toBe('partially_completed');
    const tasks = await db().selectFrom('crawl_tasks').selectAll().where('job_id', '=', jobId).execute();
    const fetched = tasks.filter((t) => t.status === 'completed');
    // The seed, and at most the one page whose request was already let through.
    expect(fetched.length).toBeLessThanOrEqual(2);
    const cut = tasks.filter((t) => t.status === 'skipped' && t.skip_reason === 'Job cancelled');
    expect(cut.length).toBe(tasks.length - fetched.length);
    expect(cut.some((t) => t.claimed_by !== null)).toBe(true);
  });
});
