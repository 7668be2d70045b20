import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJob } from '@ideamine/server/commands/create-job';
import { parseAllowList } from '@ideamine/server/net/address-policy';
import { startDemoSite, type RunningSite } from '@ideamine/server/demo/site';
import { startPipeline, type PipelineHarness } from '../test/pipeline-harness';

// Which discovered URLs a job follows: sitemaps named in robots.txt, a schema's follow patterns,
// and links to another site with and without same_domain.

let p: PipelineHarness;
let other: RunningSite;
/** The second site by another host name: a different domain, still loopback. */
let otherByName: string;

beforeAll(async () => {
  other = await startDemoSite({ ideas: 2 });
  otherByName = other.url.replace('127.0.0.1', 'localhost');
  p = await startPipeline({
    ideas: 4,
    archived: 3,
    outbound: [`${otherByName}/about`, `${other.url}/ideas/1`],
  });
  await db()
    .insertInto('rate_limits')
    .values({ domain_pattern: 'localhost', requests_per_minute: 60_000, burst: 500, max_concurrency: 16 })
    .execute();
});
afterAll(async () => {
  await p?.close();
  await other?.close();
});

const db = () => p.context.app.db;

/** A job's crawl tasks by URL: a path on the harness site, else the absolute URL. */
async function tasksOf(jobId: number) {
  const rows = await db()
    .selectFrom('crawl_tasks')
    .select(['url', 'status', 'depth', 'discovered_via'])
    .where('job_id', '=', jobId)
    .execute();
  const key = (url: string) => (url.startsWith(`${p.site.url}/`) ? url.slice(p.site.url.length) : url);
  return new Map(rows.map((t) => [key(t.url), t]));
}

describe('crawl scope', () => {
  it('reads the sitemaps robots.txt names for the seed origin, reaching pages nothing links to', async () => {
    // /about links only to / and itself; the archive pages appear in /archive-sitemap.xml alone.
    const jobId = await p.runJob({ path: '/about', max_depth: 1 });
    await p.waitForJob(jobId);
    const tasks = await tasksOf(jobId);
    expect(tasks.get('/archive-sitemap.xml')).toMatchObject({ discovered_via: 'sitemap', depth: 1 });
    expect(tasks.get('/sitemap.xml')).toMatchObject({ discovered_via: 'sitemap', depth: 1 });
    for (const n of [1, 2, 3])
      expect(tasks.get(`/archive/${n}`)).toMatchObject({ status: 'completed', discovered_via: 'sitemap', depth: 2 });

    // max_depth 0 asks for the seed alone: no sitemaps.
    const single = await p.runJob({ path: '/about', max_depth: 0 });
    await p.waitForJob(single);
    expect([...(await tasksOf(single)).keys()]).toEqual(['/about']);
  });

  it("follows only links matching the schema's follow patterns, still reading sitemaps and feeds", async () => {
    const schema = await db()
      .insertInto('extraction_schemas')
      .values({ name: 'Ideas 1 and 2', type: 'html', fields: '{}', follow_patterns: ['/ideas/[12]$'] })
      .returning('id')
      .executeTakeFirstOrThrow();
    const jobId = await p.runJob({ path: '/', max_depth: 1, schema_id: schema.id });
    await p.waitForJob(jobId);
    const tasks = await tasksOf(jobId);
    // The sitemaps list /ideas/1-4 and /archive/1-3; the home page links every idea, /about, /dup/*.
    // The feed's items carry a teaser only, so they are read in full from their pages: follow
    // patterns choose among a site's links, not among the items of a feed the job reads.
    const feedItems = Array.from({ length: 10 }, (_, i) => `/feed-items/${1000 + i}`);
    expect([...tasks.keys()].sort()).toEqual(
      ['/', '/archive-sitemap.xml', '/feed.xml', ...feedItems, '/ideas/1', '/ideas/2', '/sitemap.xml'].sort(),
    );

    // The job's own include and exclude patterns still apply on top.
    const narrowed = await p.runJob({ path: '/', max_depth: 1, schema_id: schema.id, exclude_patterns: ['/ideas/2$'] });
    await p.waitForJob(narrowed);
    const kept = [...(await tasksOf(narrowed)).keys()];
    expect(kept).toContain('/ideas/1');
    expect(kept).not.toContain('/ideas/2');
  });

  it('follows links to another domain only when same_domain is false', async () => {
    const run = async (sameDomain: boolean) => {
      const job = await createJob(
        db(),
        p.context.app.boss,
        { initial_url: `${p.site.url}/outbound`, max_depth: 1, same_domain: sameDomain },
        { userId: null, allow: parseAllowList('127.0.0.1') },
      );
      await p.waitForJob(job.id);
      return tasksOf(job.id);
    };
    const open = await run(false);
    expect(open.get(`${otherByName}/about`)).toMatchObject({ status: 'completed', discovered_via: 'link' });
    const closed = await run(true);
    expect(closed.has(`${otherByName}/about`)).toBe(false);
    expect(other.hits.get('/about')).toBe(1); // fetched by the first job only
    // A domain is a host name: another port on the seed's host counts as the same domain.
    expect(closed.has(`${other.url}/ideas/1`)).toBe(true);
  });
});
