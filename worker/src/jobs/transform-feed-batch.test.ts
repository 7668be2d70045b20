import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildJob, buildRawData } from '@ideamine/server/test/factories';
import { startTestContext, type TestContext } from '@ideamine/server/test/context';
import { escapeMarkup } from '@ideamine/shared/escape';
import type { WorkerContext } from '../context';
import { handleTransform } from './transform';

// A feed and the items it was followed to, transformed in one batch: what a worker meets when it
// works off a backlog (after a restart, the feed's page and its items' pages are all waiting).
// Each item is read in full on its own task; the feed's task says so and keeps none of them.
// (Found by the SIGKILL fault tests, which lost all ten feed entries when this happened.)

const SITE = 'https://example.test';
const POSTS = {
  plants: {
    teaser: 'Is there an app that tells me which of my plants need water today?',
    full:
      'I have thirty plants and forget which ones I watered. Every morning I check each pot by hand, ' +
      'which takes twenty minutes. I would pay a few dollars a month for an app that keeps track of ' +
      'each plant, learns how fast its soil dries and reminds me which ones need water today.',
  },
  invoices: {
    teaser: 'Someone should make a tool for freelancer invoices.',
    full:
      'Every month I spend an evening copying hours from my time tracker into invoices by hand. ' +
      'It would be great if a small tool read the tracked hours, filled an invoice per client and ' +
      'sent it, with reminders for the ones that are late. I would happily pay for that.',
  },
};

let ctx: TestContext;
const db = () => ctx.app.db;

beforeAll(async () => {
  ctx = await startTestContext();
});
afterAll(() => ctx?.close());

/** A crawled page as the crawl stage stores it: its task, its raw page and its transform task. */
async function crawled(
  jobId: number,
  page: { url: string; contentType: string; content: string; feedItem?: object },
): Promise<number> {
  const task = await db()
    .insertInto('crawl_tasks')
    .values({
      job_id: jobId,
      url: page.url,
      domain: 'example.test',
      discovered_via: page.feedItem ? 'feed' : 'link',
      feed_item: page.feedItem ? JSON.stringify(page.feedItem) : null,
      status: 'completed',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const raw = await buildRawData(ctx.app, jobId, { ...page, crawlTaskId: task.id });
  const transform = await db()
    .insertInto('transform_tasks')
    .values({ job_id: jobId, raw_data_id: raw.id, schema_id: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return transform.id;
}

describe('a feed and its followed items in one transform batch', () => {
  it('makes each item an idea from its own page, and the feed page none', async () => {
    const job = await buildJob(ctx.app, { url: `${SITE}/` });
    const items = Object.entries(POSTS).map(([slug, post]) => ({
      title: post.teaser,
      url: `${SITE}/posts/${slug}`,
      body: post.teaser,
      author: null,
      publishedAt: null,
    }));
    const feed = `<?xml version="1.0"?><rss version="2.0"><channel><title>Posts</title><link>${SITE}/</link>${items
      .map(
        (i) =>
          `<item><title>${escapeMarkup(i.title)}</title><link>${i.url}</link><description>${escapeMarkup(i.body)}</description></item>`,
      )
      .join('')}</channel></rss>`;
    const feedTask = await crawled(job.id, {
      url: `${SITE}/feed.xml`,
      contentType: 'application/rss+xml',
      content: feed,
    });
    const itemTasks = [];
    for (const [n, [slug, post]] of Object.entries(POSTS).entries()) {
      const html = `<!doctype html><html><head><title>${escapeMarkup(post.teaser)}</title></head><body><main><article><h1>${escapeMarkup(post.teaser)}</h1><p>${escapeMarkup(post.full)}</p></article></main></body></html>`;
      itemTasks.push(
        await crawled(job.id, {
          url: `${SITE}/posts/${slug}`,
          contentType: 'text/html',
          content: html,
          feedItem: items[n],
        }),
      );
    }

    const w = {
      workerId: 'test-worker',
      db: db(),
      boss: ctx.app.boss,
      log: pino({ level: 'silent' }),
      processed: { transform: 0 },
    } as unknown as WorkerContext;
    await handleTransform(w, [feedTask, ...itemTasks]);

    const tasks = await db()
      .selectFrom('transform_tasks as t')
      .innerJoin('raw_data as r', 'r.id', 't.raw_data_id')
      .select(['t.id', 'r.url', 't.status', 't.skip_reason', 't.items_created'])
      .where('t.job_id', '=', job.id)
      .orderBy('t.id')
      .execute();
    expect(tasks[0]).toMatchObject({
      url: `${SITE}/feed.xml`,
      status: 'skipped',
      skip_reason: '2 items read in full from their own pages',
    });
    for (const t of tasks.slice(1)) expect(t, t.url).toMatchObject({ status: 'completed', items_created: 1 });

    const ideas = await db()
      .selectFrom('knowledge')
      .select(['source_url', 'title', 'body'])
      .where('job_id', '=', job.id)
      .orderBy('source_url')
      .execute();
    expect(ideas).toEqual([
      { source_url: `${SITE}/posts/invoices`, title: POSTS.invoices.teaser, body: POSTS.invoices.full },
      { source_url: `${SITE}/posts/plants`, title: POSTS.plants.teaser, body: POSTS.plants.full },
    ]);
  });
});
