import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeMarkup } from '@ideamine/shared/escape';
import { startPipeline, waitUntil, type PipelineHarness } from './test/pipeline-harness';

// Feed items read in full: a feed that gives a teaser per item, whose items link to the full
// posts. Followed items go through the crawl path (robots.txt, budget) and their page's main
// text makes the idea; an item whose page cannot be read keeps the feed's text, with the reason
// on its task.

const POSTS: Record<string, { teaser: string; full: string }> = {
  plants: {
    teaser: 'Is there an app that tells me which of my plants need water today?',
    full:
      'I have thirty plants and forget which ones I watered. Every morning I check each pot by hand, ' +
      'which takes twenty minutes. I would pay a few dollars a month for an app that keeps track of ' +
      'each plant, learns how fast its soil dries and reminds me which ones need water today. ' +
      'Nothing in the app stores does this without a sensor in every pot.',
  },
  invoices: {
    teaser: 'Someone should make a tool for freelancer invoices.',
    full:
      'Every month I spend an evening copying hours from my time tracker into invoices by hand. ' +
      'It would be great if a small tool read the tracked hours, filled an invoice per client and ' +
      'sent it, with reminders for the ones that are late. I would happily pay for that since it ' +
      'costs me a whole evening each month and I still make mistakes.',
  },
  gone: { teaser: 'Is there a tool that merges duplicate contacts across Gmail and Outlook?', full: '' },
  members: { teaser: 'Someone should build an app that tracks shared household chores fairly.', full: '' },
};

const LONG_ITEM =
  'I run a small bakery and every week I spend hours working out how much flour, butter and sugar to order. ' +
  'It would be great if there was an app that read my recipes and last month sales and told me what to order, ' +
  'so I stop running out on Saturdays. I would pay for that, it costs me sales every weekend and hours each week.';

let p: PipelineHarness;
let site: http.Server;
let base: string;
const requested: string[] = [];

/** The feed of one test: its own URLs (an idea belongs to the first job that found its URL). */
function rss(run: string): string {
  const items = Object.entries(POSTS).map(
    ([slug, post]) =>
      `<item><title>${escapeMarkup(post.teaser)}</title><link>${base}/${run}/posts/${slug}</link><description>${escapeMarkup(post.teaser)}</description></item>`,
  );
  items.push(
    `<item><title>A bakery ordering app</title><link>${base}/${run}/posts/bakery</link><description>${escapeMarkup(LONG_ITEM)}</description></item>`,
  );
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>Posts</title><link>${base}/</link>${items.join('')}</channel></rss>`;
}

/** A feed of text posts with no links (and one guid that is no permalink): each is a post of its own. */
function textPosts(): string {
  const texts = [POSTS.plants!.full, POSTS.invoices!.full, LONG_ITEM];
  const items = texts.map(
    (text, i) =>
      `<item><title>${escapeMarkup(text.slice(0, 60))}</title>${i === 2 ? '<guid isPermaLink="false">t3_bakery</guid>' : ''}<description>${escapeMarkup(text)}</description></item>`,
  );
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>Text posts</title>${items.join('')}</channel></rss>`;
}

beforeAll(async () => {
  site = http.createServer((req, res) => {
    const path = req.url ?? '/';
    requested.push(path);
    if (path === '/text/feed.xml')
      return res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(textPosts());
    if (path === '/robots.txt')
      return res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /*/posts/members\n');
    const feed = /^\/(\w+)\/feed\.xml$/.exec(path);
    if (feed) return res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(rss(feed[1]!));
    const slug = /^\/\w+\/posts\/([a-z]+)$/.exec(path)?.[1];
    const post = slug ? POSTS[slug] : undefined;
    if (post?.full) {
      const paragraphs = post.full
        .split('. ')
        .map((s) => `<p>${escapeMarkup(s)}.</p>`)
        .join('');
      return res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          `<!doctype html><html><head><title>${escapeMarkup(post.teaser)}</title></head><body><nav><a href="/">Home</a></nav><main><article><h1>${escapeMarkup(post.teaser)}</h1>${paragraphs}</article></main></body></html>`,
        );
    }
    if (slug === 'bakery') return res.writeHead(200, { 'content-type': 'text/html' }).end('<p>bakery</p>');
    res.writeHead(404, { 'content-type': 'text/plain' }).end('gone');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  p = await startPipeline({ ideas: 1 });
});
afterAll(async () => {
  await p?.close();
  await new Promise((resolve) => site?.close(resolve));
});

const db = () => p.context.app.db;

/** The job's ideas by the last segment of their URL, once `count` of them exist and are analysed. */
async function ideasOf(jobId: number, count = 5) {
  // A job completes when its pages are crawled; its transforms may still be running.
  await waitUntil(
    async () => {
      const { n } = await db()
        .selectFrom('knowledge')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('job_id', '=', jobId)
        .executeTakeFirstOrThrow();
      return Number(n) >= count;
    },
    30_000,
    `${count} ideas of job ${jobId}`,
  );
  await p.waitForIdeas(jobId);
  const rows = await db()
    .selectFrom('knowledge')
    .select(['source_url', 'title', 'body'])
    .where('job_id', '=', jobId)
    .execute();
  return new Map(rows.map((r) => [r.source_url.slice(r.source_url.lastIndexOf('/') + 1), r]));
}

/** The crawl tasks a job made for feed items it followed. */
async function followedItems(jobId: number) {
  return db()
    .selectFrom('crawl_tasks')
    .select('url')
    .where('job_id', '=', jobId)
    .where('discovered_via', '=', 'feed')
    .execute();
}

async function transformNotes(jobId: number) {
  return db()
    .selectFrom('transform_tasks as t')
    .innerJoin('raw_data as r', 'r.id', 't.raw_data_id')
    .select(['r.url', 't.status', 't.skip_reason'])
    .where('t.job_id', '=', jobId)
    .execute();
}

describe('feed items read in full', () => {
  it("follows short items to their pages, keeps the feed's text when a page cannot be read", async () => {
    const jobId = await p.runJob({ url: `${base}/a/feed.xml`, max_depth: 0 });
    // The item whose page answers 404 is a failed page.
    expect(await p.waitForJob(jobId)).toBe('partially_completed');
    const ideas = await ideasOf(jobId);

    // Read in full: the idea holds what only the page says, under the feed's title.
    expect(ideas.get('plants')?.body).toContain('learns how fast its soil dries');
    expect(ideas.get('plants')?.title).toBe(POSTS.plants!.teaser);
    expect(ideas.get('invoices')?.body).toContain('filled an invoice per client');

    // A page that answers 404, and one robots.txt disallows (never requested): the feed's text stands.
    expect(ideas.get('gone')?.body).toBe(POSTS.gone!.teaser);
    expect(requested).toContain('/a/posts/gone');
    expect(requested).not.toContain('/a/posts/members');
    const notes = new Map((await transformNotes(jobId)).map((t) => [t.url.slice(t.url.lastIndexOf('/') + 1), t]));
    expect(notes.get('gone')?.skip_reason).toBe("Kept the feed's text: the page could not be read (HTTP 404)");
    expect(notes.get('members')?.skip_reason).toBe(
      "Kept the feed's text: the page could not be read (Disallowed by robots.txt)",
    );
    // The long item is not followed: its own text is the idea, on the feed page's task.
    expect(requested).not.toContain('/a/posts/bakery');
    expect(ideas.get('bakery')?.body).toBe(LONG_ITEM);
    expect(notes.get('feed.xml')).toMatchObject({
      status: 'completed',
      skip_reason: '4 items read in full from their own pages',
    });

    const tasks = await db()
      .selectFrom('crawl_tasks')
      .select(['url', 'discovered_via', 'status'])
      .where('job_id', '=', jobId)
      .execute();
    expect(
      tasks
        .filter((t) => t.discovered_via === 'feed')
        .map((t) => t.url.slice(t.url.lastIndexOf('/') + 1))
        .sort(),
    ).toEqual(['gone', 'invoices', 'members', 'plants']);
  });

  it("counts the item fetches in the job's page budget; items over it keep the feed's text", async () => {
    const jobId = await p.runJob({ url: `${base}/b/feed.xml`, max_depth: 0, max_pages: 3 });
    await p.waitForJob(jobId);
    const tasks = await db().selectFrom('crawl_tasks').select('url').where('job_id', '=', jobId).execute();
    expect(tasks).toHaveLength(3); // the feed and two of its items
    // Every item still reaches the catalogue (the same posts as the first test's feed, so as
    // further sources of those ideas): two from their pages, three from the feed's text.
    const sources = await waitUntil(async () => {
      const rows = await db().selectFrom('knowledge_sources').select('url').where('job_id', '=', jobId).execute();
      return rows.length >= 5 && rows.map((r) => r.url.slice(r.url.lastIndexOf('/') + 1)).sort();
    });
    expect(sources).toEqual(['bakery', 'gone', 'invoices', 'members', 'plants']);
  });

  it("reads every item with 'always' and none with 'never'", async () => {
    const always = await p.runJob({ url: `${base}/c/feed.xml`, max_depth: 0, follow_feed_items: 'always' });
    await p.waitForJob(always);
    expect(await followedItems(always)).toHaveLength(5);

    const never = await p.runJob({ url: `${base}/d/feed.xml`, max_depth: 0, follow_feed_items: 'never' });
    await p.waitForJob(never);
    const tasks = await db().selectFrom('crawl_tasks').select('url').where('job_id', '=', never).execute();
    expect(tasks).toHaveLength(1);
    const ideas = await ideasOf(never, 1); // one transform task writes them all;
    expect(ideas.get('plants')?.body).toBe(POSTS.plants!.teaser);
  });

  it('keeps each item of a feed without links as a post of its own, never follows one, and stores none twice', async () => {
    const feedUrl = `${base}/text/feed.xml`;
    const stored = () =>
      db()
        .selectFrom('knowledge')
        .select(['source_url', 'body'])
        .where('source_url', 'like', `${feedUrl}#item-%`)
        .execute();
    const first = await p.runJob({ url: feedUrl, max_depth: 0, follow_feed_items: 'always' });
    expect(await p.waitForJob(first)).toBe('completed');
    const ideas = await ideasOf(first, 3);
    expect(ideas.size).toBe(3);
    const rows = await stored();
    expect(rows.map((r) => r.body).sort()).toEqual([POSTS.plants!.full, POSTS.invoices!.full, LONG_ITEM].sort());
    expect(await followedItems(first)).toEqual([]);

    // Crawled again, the same posts have the same keys: nothing is stored twice.
    const again = await p.runJob({ url: feedUrl, max_depth: 0, follow_feed_items: 'always' });
    expect(await p.waitForJob(again)).toBe('completed');
    await waitUntil(
      async () => {
        const tasks = await db().selectFrom('transform_tasks').select('status').where('job_id', '=', again).execute();
        return tasks.length > 0 && tasks.every((t) => t.status === 'completed');
      },
      30_000,
      'the second crawl transformed',
    );
    expect((await stored()).map((r) => r.source_url).sort()).toEqual(rows.map((r) => r.source_url).sort());
  });
});
