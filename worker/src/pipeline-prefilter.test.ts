import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepAsIdeas } from '@ideamine/server/commands/job-control';
import { jobCounts } from '@ideamine/server/queries/jobs';
import { ideaModel } from '@ideamine/server/llm/idea-model/model';
import { buildUser } from '@ideamine/server/test/factories';
import { escapeMarkup } from '@ideamine/shared/escape';
import { startPipeline, type PipelineHarness } from './test/pipeline-harness';
import { KNOWN_POSTS } from './test/prefilter-posts';

// The pre-filter in the running pipeline: a feed of known posts goes through a real crawl job,
// and each post is kept as an idea or dropped with its reason on the transform task, as its kind
// says. Bad input (no text, another language, leftover markup, a megabyte) gets an outcome too.

let p: PipelineHarness;
let feed: http.Server;
let feedUrl: string;

/** Every known post as one RSS item, plus an item with no text at all. */
function rss(): string {
  const items = [
    ...KNOWN_POSTS.map(
      (post) =>
        `<item><title>${escapeMarkup(post.title)}</title><link>${feedUrl}/posts/${post.slug}</link><description>${escapeMarkup(post.body)}</description></item>`,
    ),
    `<item><title>   </title><link>${feedUrl}/posts/blank</link><description>  </description></item>`,
  ];
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>Known posts</title><link>${feedUrl}/</link>${items.join('')}</channel></rss>`;
}

beforeAll(async () => {
  feed = http.createServer((req, res) => {
    if (req.url === '/robots.txt') return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(rss());
  });
  await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(feed.address() as AddressInfo).port}`;
  p = await startPipeline({ ideas: 1 });
});
afterAll(async () => {
  await p?.close();
  await new Promise((resolve) => feed?.close(resolve));
});

const db = () => p.context.app.db;
const slugOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

describe('the pre-filter in a feed job', () => {
  it('keeps the ideas, drops the rest with a reason on the task, and lets an operator overrule a drop', async () => {
    // The feed's own text is what is judged here; reading items in full is pipeline-feed-items.test.ts.
    const jobId = await p.runJob({ url: `${feedUrl}/feed.xml`, max_depth: 0, follow_feed_items: 'never' });
    expect(await p.waitForJob(jobId)).toBe('completed');
    await p.waitForIdeas(jobId);

    const ideas = await db().selectFrom('knowledge').selectAll().where('job_id', '=', jobId).execute();
    const kept = ideas.map((i) => slugOf(i.source_url)).sort();
    const expected = KNOWN_POSTS.filter((k) => k.expect.kept).map((k) => k.slug);
    expect(kept).toEqual(expected.sort());

    const [task] = await db().selectFrom('transform_tasks').selectAll().where('job_id', '=', jobId).execute();
    expect(task!.status).toBe('completed');
    expect(task!.skip_reason).toMatch(/^not ideas: 5 items \(/);
    const dropped = new Map(task!.dropped_items.map((d) => [slugOf(d.url), d.reason]));
    for (const post of KNOWN_POSTS) {
      if (post.expect.kept) continue;
      expect(dropped.get(post.slug), post.slug).toContain(post.expect.reason);
    }
    expect(dropped.get('hiring')).toBe('not an idea: hiring post');
    expect(dropped.get('blank')).toBe('not an idea: no text');
    // The job's progress counts them; the page kept some, so it was not skipped for them.
    expect((await jobCounts(db(), jobId)).not_ideas).toEqual({ posts: 5, pages: 0 });

    // Leftover markup is read as text; a megabyte is scored on a bounded prefix and stored bounded.
    const markup = ideas.find((i) => slugOf(i.source_url) === 'markup')!;
    expect(markup.body).not.toMatch(/<|track\(\)/);
    const huge = ideas.find((i) => slugOf(i.source_url) === 'huge')!;
    expect(huge.body.length).toBeLessThanOrEqual(50_000);
    for (const idea of ideas) {
      expect(idea.model_version).toBe(ideaModel().version);
      expect(idea.profit_score).not.toBeNull();
    }

    // The operator overrules the drop of the launch post: it becomes an idea, the others stay out.
    const actor = { id: (await buildUser(p.context.app, { role: 'admin' })).id, ip: null, requestId: 'test' };
    const launchUrl = task!.dropped_items.find((d) => slugOf(d.url) === 'launch')!.url;
    await keepAsIdeas(db(), p.context.app.boss, actor, task!.id, [launchUrl]);
    expect(await p.waitForJob(jobId)).toBe('completed');
    await p.waitForIdeas(jobId);
    const after = await db().selectFrom('knowledge').select('source_url').where('job_id', '=', jobId).execute();
    expect(after.map((i) => slugOf(i.source_url)).sort()).toEqual([...expected, 'launch'].sort());
    const rerun = await db()
      .selectFrom('transform_tasks')
      .selectAll()
      .where('id', '=', task!.id)
      .executeTakeFirstOrThrow();
    expect(rerun.keep_urls).toEqual([launchUrl]);
    expect(rerun.dropped_items.map((d) => slugOf(d.url))).not.toContain('launch');
    expect((await jobCounts(db(), jobId)).not_ideas).toEqual({ posts: 4, pages: 0 });

    await expect(
      keepAsIdeas(db(), p.context.app.boss, actor, task!.id, [`${feedUrl}/posts/plant-watering`]),
    ).rejects.toThrow(/urls\.0 .* is not an item the pre-filter dropped/);
    // A page all of whose posts were dropped is skipped, and counted as such.
    await db().updateTable('transform_tasks').set({ status: 'skipped' }).where('id', '=', task!.id).execute();
    expect((await jobCounts(db(), jobId)).not_ideas).toEqual({ posts: 4, pages: 1 });
  });
});
