import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJob } from '@ideamine/server/commands/create-job';
import { parseAllowList } from '@ideamine/server/net/address-policy';
import { startDemoSite, type RunningSite } from '@ideamine/server/demo/site';
import { startTestContext, type TestContext } from '@ideamine/server/test/context';
import { startWorkers, type RunningWorkers } from '../runtime';
import { waitUntil } from '../test/pipeline-harness';
import { MAX_IDEA_ATTEMPTS } from './idea-failures';
import { reconcileLostMessages } from './reconcile';

// Lost queue messages: work written with its message, whose message then went (a purged queue,
// a process killed between insert and send). The reconciler finds it and sends it again, once,
// however many worker processes run it; work sent again too often is given up on and counted.

let server: TestContext;
let site: RunningSite;
const running: RunningWorkers[] = [];
const db = () => server.app.db;

beforeAll(async () => {
  server = await startTestContext();
  site = await startDemoSite({ ideas: 3 });
  await db()
    .insertInto('rate_limits')
    .values({ domain_pattern: '127.0.0.1', requests_per_minute: 60_000, burst: 500, max_concurrency: 16 })
    .execute();
});
afterAll(async () => {
  for (const w of running) await w.stop();
  await site?.close();
  await server?.close();
});

/** Workers as a process runs them, with a fast heartbeat and a short "lost" threshold. */
async function workers(queues?: Parameters<typeof startWorkers>[0]['queues']) {
  const w = await startWorkers({
    db: db(),
    boss: server.app.boss,
    log: server.app.log,
    allowPrivate: '127.0.0.1',
    heartbeatSeconds: 1,
    lostAfterSeconds: 2,
    ...(queues ? { queues } : {}),
  });
  running.push(w);
  return w;
}

async function stop(w: RunningWorkers) {
  running.splice(running.indexOf(w), 1);
  await w.stop();
}

/** Deletes every message of a queue, as an operator purging it would, and ages what waited on it. */
async function purge(queue: string) {
  await sql`DELETE FROM pgboss.job WHERE name = ${queue}`.execute(db());
  await sql`UPDATE crawl_tasks SET updated_at = now() - interval '1 minute' WHERE status = 'pending'`.execute(db());
  await sql`UPDATE knowledge SET updated_at = now() - interval '1 minute' WHERE analyzed_at IS NULL`.execute(db());
}

/** How many messages ever carried this id in that queue (pg-boss keeps completed ones). */
async function messagesFor(queue: string, key: 'taskIds' | 'knowledgeIds', id: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${queue} AND data -> ${key} @> to_jsonb(${id}::int)`.execute(
    db(),
  );
  return rows[0]!.n;
}

const jobStatus = (id: number) =>
  waitUntil(
    async () => {
      const job = await db().selectFrom('jobs').select('status').where('id', '=', id).executeTakeFirstOrThrow();
      return job.status === 'pending' || job.status === 'active' ? undefined : job.status;
    },
    30_000,
    `job ${id}`,
  );

describe('lost queue messages', () => {
  it('sends a lost crawl and enrich message again, once across two processes, and the job completes', async () => {
    const job = await createJob(
      db(),
      server.app.boss,
      { initial_url: `${site.url}/ideas/1`, max_depth: 0 },
      { userId: null, allow: parseAllowList('127.0.0.1') },
    );
    const [seed] = await db().selectFrom('crawl_tasks').select('id').where('job_id', '=', job.id).execute();
    await purge('crawl'); // the seed's message is gone before any worker saw it

    // Crawl and transform only at first, so the idea waits for enrich, and that message goes too.
    const first = await workers(['crawl', 'transform']);
    const idea = await waitUntil(
      () => db().selectFrom('knowledge').select('id').where('job_id', '=', job.id).executeTakeFirst(),
      30_000,
      'the idea',
    );
    expect(await messagesFor('crawl', 'taskIds', seed!.id)).toBe(1);
    // The page is read but its idea is not scored yet: the job is not done.
    const open = await db().selectFrom('jobs').select('status').where('id', '=', job.id).executeTakeFirstOrThrow();
    expect(['pending', 'active']).toContain(open.status);

    await stop(first);
    await purge('enrich');
    // Two processes run the reconciler on every heartbeat; the idea is sent once between them.
    await workers();
    await workers();
    expect(await jobStatus(job.id)).toBe('completed');
    const scored = await db()
      .selectFrom('knowledge')
      .select(['analyzed_at', 'pipeline_attempts'])
      .where('id', '=', idea.id)
      .executeTakeFirstOrThrow();
    expect(scored.analyzed_at).not.toBeNull();
    expect(scored.pipeline_attempts).toBe(1); // the one message sent again
    expect(await messagesFor('enrich', 'knowledgeIds', idea.id)).toBe(1);
    expect(await messagesFor('analyse', 'knowledgeIds', idea.id)).toBe(1);
  });

  it('gives up on an idea sent again too often: counted as failed, its job ends', async () => {
    for (const w of [...running]) await stop(w);
    const job = await createJob(
      db(),
      server.app.boss,
      { initial_url: `${site.url}/ideas/2`, max_depth: 0 },
      { userId: null, allow: parseAllowList('127.0.0.1') },
    );
    const crawler = await workers(['crawl', 'transform']);
    const idea = await waitUntil(
      () => db().selectFrom('knowledge').select('id').where('job_id', '=', job.id).executeTakeFirst(),
      30_000,
      'the idea',
    );
    await stop(crawler);
    // Its message lost again, after every try it was allowed but one.
    await db()
      .updateTable('knowledge')
      .set({ pipeline_attempts: MAX_IDEA_ATTEMPTS - 1, pipeline_error: 'model answered with no JSON' })
      .where('id', '=', idea.id)
      .execute();
    await purge('enrich');
    const done = await reconcileLostMessages(db(), server.app.boss, 2);
    expect(done).toMatchObject({ enrich: 0, gaveUp: 1 });
    const failed = await db()
      .selectFrom('knowledge')
      .select(['pipeline_failed_at', 'pipeline_error'])
      .where('id', '=', idea.id)
      .executeTakeFirstOrThrow();
    expect(failed.pipeline_failed_at).not.toBeNull();
    expect(failed.pipeline_error).toBe('model answered with no JSON');
    // The page was read, the idea failed: partially completed, not waiting forever.
    expect(await jobStatus(job.id)).toBe('partially_completed');
    // A second pass finds nothing left to do.
    expect(await reconcileLostMessages(db(), server.app.boss, 2)).toEqual({
      crawl: 0,
      transform: 0,
      enrich: 0,
      analyse: 0,
      gaveUp: 0,
    });
  });
});
