import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPipeline, type PipelineHarness } from '../test/pipeline-harness';

// Fault: crawl targets that never finish: /slow sends its headers and then trickles a byte every
// 200 ms forever, /stall takes the request and never answers at all. With crawl.timeout_seconds
// at 2 each fetch must give up at the limit (plus a small margin), the task must fail with the
// timeout as its reason once its attempts are spent, the other pages of the job must still be
// crawled, and the worker must go on to the next job at once. A host that answers nothing at all,
// robots.txt included, must cost no more than the same limit.

const TIMEOUT_S = 2;
const ATTEMPTS = 2;
/** Scheduling slack on a busy two-core machine: a fetch may end this much after its deadline. */
const MARGIN_MS = 1500;
const ENDLESS = ['/slow', '/stall'];

let p: PipelineHarness;

beforeAll(async () => {
  p = await startPipeline({ ideas: 3, outbound: [...ENDLESS, '/ideas/1', '/ideas/2', '/ideas/3'] });
  // Set before the first crawl reads the settings (the workers cache them for 15 s).
  await p.context.app.db
    .insertInto('settings')
    .values([
      { key: 'crawl.timeout_seconds', value: JSON.stringify(TIMEOUT_S) },
      { key: 'crawl.max_attempts', value: JSON.stringify(ATTEMPTS) },
    ])
    .execute();
});
afterAll(() => p?.close());

describe('a crawl target that trickles bytes or never answers', () => {
  it('times the fetch out at the limit, fails the task with the reason, and the job and worker go on', async () => {
    const db = p.context.app.db;
    const started = Date.now();
    const jobId = await p.runJob({ path: '/outbound', max_depth: 1 });
    expect(await p.waitForJob(jobId)).toBe('partially_completed');
    const jobMs = Date.now() - started;

    const tasks = await db
      .selectFrom('crawl_tasks')
      .select(['url', 'status', 'error', 'attempts', 'duration_ms'])
      .where('job_id', '=', jobId)
      .execute();
    const byPath = new Map(tasks.map((t) => [new URL(t.url).pathname, t]));
    for (const path of ENDLESS) {
      const task = byPath.get(path)!;
      // Each attempt ended at the deadline: the last one's duration is recorded, and the site saw
      // exactly one request per attempt (no fetch left running, none started again in a loop).
      expect(task, path).toMatchObject({
        status: 'failed',
        error: `Timed out after ${TIMEOUT_S * 1000} ms`,
        attempts: ATTEMPTS,
      });
      expect(task.duration_ms).toBeGreaterThanOrEqual(TIMEOUT_S * 1000);
      expect(task.duration_ms).toBeLessThanOrEqual(TIMEOUT_S * 1000 + MARGIN_MS);
      expect(p.site.hits.get(path)).toBe(ATTEMPTS);
    }
    // The rest of the job was crawled alongside, into ideas.
    for (const path of ['/outbound', '/ideas/1', '/ideas/2', '/ideas/3'])
      expect(byPath.get(path)?.status, path).toBe('completed');
    await p.waitForIdeas(jobId);
    const ideas = await db.selectFrom('knowledge').select('source_url').where('job_id', '=', jobId).execute();
    expect(ideas.map((i) => new URL(i.source_url).pathname).sort()).toEqual(['/ideas/1', '/ideas/2', '/ideas/3']);
    // Two attempts of at most the limit each, with a retry delay of 2 s between them.
    expect(jobMs).toBeLessThanOrEqual(ATTEMPTS * (TIMEOUT_S * 1000 + MARGIN_MS) + 2000 + 3000);

    // The worker is free: the next job finishes at once.
    const nextStarted = Date.now();
    const next = await p.runJob({ path: '/about', max_depth: 0 });
    expect(await p.waitForJob(next)).toBe('completed');
    const nextMs = Date.now() - nextStarted;
    console.warn(
      `endless pages: job finished in ${jobMs} ms (timeout ${TIMEOUT_S} s x ${ATTEMPTS} attempts); next job ${nextMs} ms`,
    );
    expect(nextMs).toBeLessThan(5000);
  });

  it('gives up on a host that never answers, robots.txt included, within the limit', async () => {
    const silent = http.createServer(() => undefined); // takes every request, answers none
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/ideas/1`;
      const started = Date.now();
      const jobId = await p.runJob({ path: '', initial_url: url, max_depth: 0 }); // another origin: its own robots.txt
      const status = await p.waitForJob(jobId);
      const ms = Date.now() - started;
      const task = await p.context.app.db
        .selectFrom('crawl_tasks')
        .select(['status', 'skip_reason', 'error', 'duration_ms'])
        .where('job_id', '=', jobId)
        .executeTakeFirstOrThrow();
      console.warn(`silent host: job ${status} in ${ms} ms; task ${JSON.stringify(task)}`);
      // RFC 9309: robots.txt unreachable means crawl nothing; the page itself is never fetched.
      expect(status).toBe('skipped');
      expect(task).toMatchObject({ status: 'skipped', skip_reason: expect.stringMatching(/robots\.txt unreachable/) });
      expect(task.duration_ms).toBeLessThanOrEqual(TIMEOUT_S * 1000 + MARGIN_MS);
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
