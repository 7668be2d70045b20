import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIME_LIMIT_REASON } from '../pipeline/job-scope';
import { startPipeline, type PipelineHarness } from '../test/pipeline-harness';

// A job's time limit ends its crawl: nothing is fetched after it, and the rest is skipped.

let p: PipelineHarness;

beforeAll(async () => {
  // Slow pages, two at a time: the 40 ideas alone take 20 s, far beyond the limit.
  p = await startPipeline({ ideas: 40, delayMs: 1000 });
  await db().updateTable('rate_limits').set({ max_concurrency: 2 }).where('domain_pattern', '=', '127.0.0.1').execute();
});
afterAll(() => p?.close());

const db = () => p.context.app.db;

describe('job time limit', () => {
  it('stops fetching and creating work once the limit has passed, and ends the job partially completed', async () => {
    // The API refuses less than 10 s; the worker takes any limit, and 2 s keeps this test short.
    const jobId = await p.runJob({ path: '/', max_depth: 2, max_pages: 100, time_limit_seconds: 2 });
    expect(await p.waitForJob(jobId)).toBe('partially_completed');

    const job = await db()
      .selectFrom('jobs')
      .select(['started_at', 'time_limit_seconds'])
      .where('id', '=', jobId)
      .executeTakeFirstOrThrow();
    const deadline = job.started_at!.getTime() + job.time_limit_seconds * 1000;
    const tasks = await db().selectFrom('crawl_tasks').selectAll().where('job_id', '=', jobId).execute();
    const fetched = tasks.filter((t) => t.status === 'completed');
    const cut = tasks.filter((t) => t.status === 'skipped' && t.skip_reason === TIME_LIMIT_REASON);

    expect(fetched.length).toBeGreaterThan(0);
    expect(cut.length).toBeGreaterThan(0);
    expect(fetched.filter((t) => t.url.includes('/ideas/')).length).toBeLessThan(40);
    // Every fetch was let through before the deadline (a task is claimed before it is checked) ...
    for (const t of fetched) expect(t.started_at!.getTime()).toBeLessThanOrEqual(deadline);
    // ... and whatever was written after it is a record of what was cut, not new work.
    for (const t of tasks.filter((x) => x.created_at.getTime() > deadline))
      expect(t).toMatchObject({ status: 'skipped', skip_reason: TIME_LIMIT_REASON });
    expect(tasks.every((t) => t.status !== 'pending' && t.status !== 'active')).toBe(true);
  });
});
