import { createJob } from '@ideamine/server/commands/create-job';
import { startTestContext, type TestContext } from '@ideamine/server/test/context';
import type { CreateJobBody } from '@ideamine/shared/contract/jobs';
import { startDemoSite, type RunningSite, type SiteOptions } from '@ideamine/server/demo/site';
import { startWorkers } from '../runtime';
import { parseAllowList } from '@ideamine/server/net/address-policy';
import { waitUntil } from '@ideamine/server/test/wait';

export { waitUntil };

// A real database with the server layer, real workers in this process, and the demo site on loopback.

/**
 * The items the pre-filter dropped on a job's transform tasks, each with its reason: a page's
 * items are each kept as an idea or dropped, so the two together account for every item.
 */
export async function droppedItems(db: TestContext['app']['db'], jobId: number) {
  const tasks = await db.selectFrom('transform_tasks').select('dropped_items').where('job_id', '=', jobId).execute();
  return tasks.flatMap((t) => t.dropped_items);
}

export interface PipelineHarness {
  context: TestContext;
  site: RunningSite;
  /** Crawls `path` on the demo site, or `url` on any other loopback server. */
  runJob(input: Partial<CreateJobBody> & ({ path: string } | { url: string })): Promise<number>;
  waitForJob(jobId: number): Promise<string>;
  waitForIdeas(jobId: number): Promise<void>;
  close(): Promise<void>;
}

export async function startPipeline(siteOptions: SiteOptions = {}): Promise<PipelineHarness> {
  const context = await startTestContext();
  const site = await startDemoSite(siteOptions);
  const db = context.app.db;
  await db
    .insertInto('rate_limits')
    .values({ domain_pattern: '127.0.0.1', requests_per_minute: 60_000, burst: 500, max_concurrency: 16 })
    .execute();
  const workers = await startWorkers({
    db,
    boss: context.app.boss,
    log: context.app.log,
    allowPrivate: '127.0.0.1',
    webhookAllowPrivate: '127.0.0.1',
  });
  return {
    context,
    site,
    runJob: async (input) => {
      const { path, url, ...rest } = { path: undefined, url: undefined, ...input };
      return (
        await createJob(
          db,
          context.app.boss,
          { initial_url: url ?? site.url + path, ...rest },
          { userId: null, allow: parseAllowList('127.0.0.1') },
        )
      ).id;
    },
    waitForJob: (jobId) =>
      waitUntil(
        async () => {
          const job = await db.selectFrom('jobs').select('status').where('id', '=', jobId).executeTakeFirstOrThrow();
          return job.status === 'pending' || job.status === 'active' ? undefined : job.status;
        },
        30_000,
        `job ${jobId}`,
      ),
    waitForIdeas: async (jobId) => {
      await waitUntil(
        async () => {
          const open = await db
            .selectFrom('knowledge')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('job_id', '=', jobId)
            .where('merged_into_id', 'is', null)
            .where('analyzed_at', 'is', null)
            .executeTakeFirstOrThrow();
          return Number(open.n) === 0;
        },
        30_000,
        `ideas of job ${jobId}`,
      );
    },
    close: async () => {
      await workers.stop();
      await site.close();
      await context.close();
    },
  };
}
