import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '@ideamine/server/test/factories';
import { demoPosts } from '@ideamine/server/demo/real-posts';
import { client } from '../../test/http';
import { startTestServer, type TestServer } from '../../test/server';

// "Load the demo": the admin starts it, sees its progress, cannot start it twice; the server
// serves the demo site it crawls at /demo-site. (The crawl itself: worker/src/demo/demo.test.ts
// and the browser test of the first run.)

let server: TestServer;
let http: ReturnType<typeof client>;
let admin: string;
let trial: string;

beforeAll(async () => {
  server = await startTestServer();
  http = client(server.url);
  admin = (await signedInUser(server.app, { role: 'admin' })).token;
  trial = (await signedInUser(server.app, { role: 'trial' })).token;
});
afterAll(() => server.close());

describe('POST and GET /admin/demo', () => {
  it('says nothing is loaded on a fresh install', async () => {
    const res = await http.get('/api/v1/admin/demo', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ state: 'not_loaded', job_ids: [], ideas: 0 });
  });

  it('is for admins only', async () => {
    expect((await http.post('/api/v1/admin/demo', {}, { token: trial })).status).toBe(403);
    expect((await http.get('/api/v1/admin/demo')).status).toBe(401);
  });

  it('says what to do when a schema the demo needs was deleted, and starts no job', async () => {
    const db = server.app.db;
    await db.updateTable('extraction_schemas').set({ name: 'renamed' }).where('name', '=', 'Reddit listing').execute();
    const res = await http.post('/api/v1/admin/demo', {}, { token: admin });
    await db.updateTable('extraction_schemas').set({ name: 'Reddit listing' }).where('name', '=', 'renamed').execute();
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/"Reddit listing", which is missing: create a schema of that name/);
    expect(await db.selectFrom('jobs').select('id').execute()).toEqual([]);
  });

  it('starts one job per channel of the demo site and reports them loading', async () => {
    const res = await http.post('/api/v1/admin/demo', {}, { token: admin });
    expect(res.status).toBe(202);
    expect(res.body.data.state).toBe('loading');
    expect(res.body.data.job_ids).toHaveLength(4);
    const jobs = await server.app.db
      .selectFrom('jobs')
      .select(['initial_url', 'tag', 'created_by'])
      .where('id', 'in', res.body.data.job_ids)
      .orderBy('id')
      .execute();
    const base = server.app.config.demoSiteUrl;
    expect(jobs.map((j) => j.initial_url)).toEqual([
      `${base}/forum`,
      `${base}/feed.atom`,
      `${base}/api/hn.json`,
      `${base}/api/reddit.json`,
    ]);
    expect(jobs.every((j) => j.created_by !== null)).toBe(true);
  });

  it('refuses a second load while the first is running, in plain words', async () => {
    const res = await http.post('/api/v1/admin/demo', {}, { token: admin });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('The demo is already loading: wait for it to finish.');
  });
});

describe('the demo site this server serves', () => {
  it('serves the forum with its pages, and the feed and listings', async () => {
    const first = await fetch(`${server.url}/demo-site/forum`);
    expect(first.status).toBe(200);
    const html = await first.text();
    expect(html).toContain(`href="${server.url}/demo-site/forum?page=2"`);
    const titles = new Set(demoPosts().map((p) => p.title));
    const linked = [...html.matchAll(/<a href="[^"]+\/forum\/t\/[^"]+">([^<]+)<\/a>/g)].map((m) => m[1]!);
    expect(linked.length).toBe(20);
    expect(
      linked.filter((t) =>
        titles.has(
          t
            .replace(/&amp;/g, '&')
            .replace(/&quot;/g, '"')
            .replace(/&#39;/g, "'"),
        ),
      ).length,
    ).toBeGreaterThan(15);
    expect((await fetch(`${server.url}/demo-site/feed.atom`)).headers.get('content-type')).toMatch(/atom\+xml/);
    const hn = (await (await fetch(`${server.url}/demo-site/api/hn.json`)).json()) as { hits: unknown[] };
    expect(hn.hits.length).toBeGreaterThan(50);
    expect((await fetch(`${server.url}/demo-site/forum/t/nope`)).status).toBe(404);
  });

  it('answers robots.txt, keeping crawlers out of the private pages and the demo members area', async () => {
    const robots = await (await fetch(`${server.url}/robots.txt`)).text();
    expect(robots).toContain('Disallow: /admin');
    expect(robots).toContain('Disallow: /demo-site/members/');
  });
});
