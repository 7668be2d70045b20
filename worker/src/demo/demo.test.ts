import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestContext, type TestContext } from '@ideamine/server/test/context';
import { waitUntil } from '@ideamine/server/test/wait';
import { demoProgress, loadDemo } from '@ideamine/server/demo/load-demo';
import { demoPosts } from '@ideamine/server/demo/real-posts';
import { postsOf, startRealDemoSite, THREADS_PER_PAGE, type RunningDemoSite } from '@ideamine/server/demo/real-site';
import { parseAllowList } from '@ideamine/server/net/address-policy';
import { startWorkers, type RunningWorkers } from '../runtime';

// The demo end to end: real posts through every transform path (forum pages found by links and
// the sitemap, an Atom feed whose teasers are followed, two JSON listings), to scored ideas.

let context: TestContext;
let site: RunningDemoSite;
let workers: RunningWorkers;
let jobIds: number[];

beforeAll(async () => {
  context = await startTestContext();
  site = await startRealDemoSite();
  const origin = new URL(site.url).host;
  workers = await startWorkers({
    db: context.app.db,
    boss: context.app.boss,
    log: context.app.log,
    allowPrivate: origin,
  });
  jobIds = await loadDemo(context.app.db, context.app.boss, site.url, { userId: null, allow: parseAllowList(origin) });
  await waitUntil(async () => (await demoProgress(context.app.db)).state === 'loaded', 60_000, 'the demo to load');
}, 90_000);

afterAll(async () => {
  await workers?.stop();
  await site?.close();
  await context?.close();
});

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

const byTag = async () =>
  context.app.db
    .selectFrom('knowledge as k')
    .innerJoin('jobs as j', 'j.id', 'k.job_id')
    .select(['j.tag', 'k.title', 'k.body', 'k.source_url', 'k.score_evidence', 'k.profit_potential'])
    .where('k.merged_into_id', 'is', null)
    .execute();

describe('the demo of real posts', () => {
  it('reports its progress as loaded, with every page crawled and every idea scored', async () => {
    const p = await demoProgress(context.app.db);
    expect(p.job_ids).toEqual([...jobIds].sort((a, b) => a - b));
    expect(p.pages_crawled).toBe(p.pages_total);
    expect(p.ideas).toBeGreaterThan(50);
    expect(p.scored).toBe(p.ideas);
  });

  it('turns posts from each channel into ideas titled as the posts were', async () => {
    const ideas = await byTag();
    const titles = new Set(demoPosts().map((p) => collapse(p.title)));
    for (const tag of ['demo-forum', 'demo-feed', 'demo-hn', 'demo-reddit'])
      expect(ideas.filter((i) => i.tag === tag).length, tag).toBeGreaterThan(5);
    for (const idea of ideas) expect(titles.has(collapse(idea.title)), idea.title).toBe(true);
  });

  it("reads a forum or feed page's post, not the page's furniture around it", async () => {
    const bodies = new Map(demoPosts().map((p) => [collapse(p.title), collapse(p.body)]));
    const pages = (await byTag()).filter((i) => i.tag === 'demo-forum' || i.tag === 'demo-feed');
    for (const idea of pages) {
      expect(idea.body).not.toMatch(/Posted in r\/|PDDL|originally at/);
      const post = bodies.get(collapse(idea.title))!;
      // Markdown links show as their text on a page: compare the opening words before any link.
      const opening = post.split(/\[|\(http/)[0]!.slice(0, 40);
      expect(
        collapse(idea.body).startsWith(opening.trim()),
        `${idea.title}: ${idea.body.slice(0, 80)} / ${opening}`,
      ).toBe(true);
    }
  });

  it('links every idea to the real post it came from', async () => {
    for (const idea of await byTag())
      expect(idea.source_url).toMatch(/^https:\/\/www\.reddit\.com\/r\/\w+\/comments\//);
  });

  it('crawls every page of the forum and keeps out of the section robots.txt disallows', async () => {
    const tasks = await context.app.db.selectFrom('crawl_tasks').select(['url', 'status', 'skip_reason']).execute();
    const pages = Math.ceil(postsOf('forum').length / THREADS_PER_PAGE);
    for (let n = 2; n <= pages; n++)
      expect(
        tasks.some((t) => t.url.endsWith(`/forum?page=${n}`) && t.status === 'completed'),
        `page ${n}`,
      ).toBe(true);
    const members = tasks.filter((t) => t.url.includes('/members/'));
    expect(members.length).toBeGreaterThan(0);
    for (const t of members) expect(t.status).toBe('skipped');
  });

  it('keeps mostly the posts labelled as ideas, and drops most of the noise', async () => {
    const label = new Map(demoPosts().map((p) => [collapse(p.title), p.label]));
    const ideas = await byTag();
    const kept = ideas.map((i) => label.get(collapse(i.title)));
    const precision = kept.filter((l) => l === 'idea').length / kept.length;
    const noiseKept = kept.filter((l) => l === 'noise').length / demoPosts().filter((p) => p.label === 'noise').length;
    expect(precision).toBeGreaterThan(0.7);
    expect(noiseKept).toBeLessThan(0.4);
  });

  it('quotes the post in the evidence behind each score', async () => {
    // A quote over 300 characters is shown cut, ending in "...": its start must be the post's.
    const asWritten = (quote: string) => collapse(quote.endsWith('...') ? quote.slice(0, -3) : quote);
    const quoted = (await byTag()).filter((i) => {
      const quotes = Object.values(i.score_evidence ?? {}).flat() as string[];
      const text = collapse(`${i.title} ${i.body}`);
      return quotes.length > 0 && quotes.every((q) => text.includes(asWritten(q)));
    });
    expect(quoted.length / (await byTag()).length).toBeGreaterThan(0.9);
  });
});

describe('the demo loaded again', () => {
  it('reads every page again and, finding only ideas it has, says loaded, not failed', async () => {
    const origin = new URL(site.url).host;
    const again = await loadDemo(context.app.db, context.app.boss, site.url, {
      userId: null,
      allow: parseAllowList(origin),
    });
    const p = await waitUntil(
      async () => {
        const progress = await demoProgress(context.app.db);
        return progress.state === 'loading' ? undefined : progress;
      },
      60_000,
      'the demo to load again',
    );
    expect(p.job_ids).toEqual([...again].sort((a, b) => a - b));
    expect(p.state).toBe('loaded');
    expect(p.pages_crawled).toBe(p.pages_total);
    expect(p.pages_not_read).toBeLessThan(p.pages_total);
  });
});
