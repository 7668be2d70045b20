import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '@ideamine/server/test/factories';
import { client } from '@ideamine/api/test/http';
import { startProduct, type ProductHarness } from './test/product';

// A feed that the pre-filter drops hundreds of items from: every one is recorded, the task's row
// carries a preview and the count, the API pages through them all, and an operator can keep one
// far past the preview as an idea. (Before, only the first 200 were recorded and could be kept.)

const HIRING_POSTS = 230;

let p: ProductHarness;
let http: ReturnType<typeof client>;
let feed: Server;
let feedUrl: string;
let admin: string;
let developer: string;

/** Hiring posts, each its own item: the pre-filter drops them all ("hiring post"). */
function rss(): string {
  const items = Array.from(
    { length: HIRING_POSTS },
    (_, i) =>
      `<item><title>[Hiring] React developer for project ${i + 1}</title><link>${feedUrl}/jobs/${i + 1}</link>` +
      `<description>We are hiring a React developer for a paid position at $40/hr. Send your portfolio and rates.</description></item>`,
  );
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>Jobs</title><link>${feedUrl}/</link>${items.join('')}</channel></rss>`;
}

beforeAll(async () => {
  feed = createServer((req, res) => {
    if (req.url === '/robots.txt') return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(rss());
  });
  await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(feed.address() as AddressInfo).port}`;
  p = await startProduct();
  http = client(p.url);
  admin = (await signedInUser(p.context.app, { role: 'admin' })).token;
  // Tasks are the operator's (tasks:read and tasks:write are the admin's).
  developer = (await signedInUser(p.context.app, { role: 'developer' })).token;
});
afterAll(async () => {
  await p?.close();
  await new Promise((resolve) => feed?.close(resolve));
});

describe('items the pre-filter dropped', () => {
  it('are all recorded, paged through and each one can be kept as an idea', async () => {
    const jobId = await p.runJob({ url: `${feedUrl}/feed.xml`, max_depth: 0, follow_feed_items: 'never' });
    expect(await p.waitForJob(jobId)).toBe('completed');
    const [task] = (await http.get(`/api/v1/tasks/transform?job_id=${jobId}`, { token: admin })).body.data;
    expect(task).toMatchObject({ status: 'skipped', dropped_count: HIRING_POSTS });
    expect(task.skip_reason).toMatch(new RegExp(`^not ideas: ${HIRING_POSTS} items`));
    expect(task.dropped_items).toHaveLength(20);

    // Every item, in the feed's order, a page at a time.
    const path = `/api/v1/tasks/transform/${task.id}/dropped-items`;
    const first = await http.get(`${path}?page=1&page_size=100`, { token: admin });
    expect(first.status).toBe(200);
    expect(first.body.meta.pagination).toMatchObject({ total: HIRING_POSTS, page: 1, page_size: 100, total_pages: 3 });
    expect(first.body.data).toHaveLength(100);
    expect(first.body.data[0]).toEqual({
      position: 0,
      title: '[Hiring] React developer for project 1',
      url: `${feedUrl}/jobs/1`,
      reason: 'not an idea: hiring post',
    });
    expect(first.body.data.slice(0, 20).map((d: { url: string }) => d.url)).toEqual(
      task.dropped_items.map((d: { url: string }) => d.url),
    );
    const last = await http.get(`${path}?page=3&page_size=100`, { token: admin });
    expect(last.body.data.map((d: { position: number }) => d.position)).toEqual(
      Array.from({ length: 30 }, (_, i) => 200 + i),
    );
    expect((await http.get(`${path}?page=4&page_size=100`, { token: admin })).body.data).toEqual([]);

    // Bad requests say what is wrong.
    const badSize = await http.get(`${path}?page_size=0`, { token: admin });
    expect(badSize.status).toBe(400);
    expect(badSize.body.error.message).toMatch(/page_size must be a whole number/);
    expect((await http.get(`${path}?sort=title`, { token: admin })).status).toBe(400);
    const missing = await http.get(`/api/v1/tasks/transform/99999999/dropped-items`, { token: admin });
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('Transform task not found');

    // Only an operator may look or overrule; the admin keeps the 226th, far past the preview.
    const keepPath = `/api/v1/tasks/transform/${task.id}/keep-as-ideas`;
    const wanted = `${feedUrl}/jobs/226`;
    expect((await http.get(path, { token: developer })).status).toBe(403);
    expect((await http.post(keepPath, { urls: [wanted] }, { token: developer })).status).toBe(403);
    const kept = await http.post(keepPath, { urls: [wanted] }, { token: admin });
    expect(kept.status).toBe(201);
    expect(kept.body.data.message).toBe('Transform task queued: 1 item(s) will be kept as ideas');
    expect(await p.waitForJob(jobId)).toBe('completed');
    await p.waitForIdeas(jobId);
    const ideas = await p.context.app.db
      .selectFrom('knowledge')
      .select('source_url')
      .where('job_id', '=', jobId)
      .execute();
    expect(ideas.map((i) => i.source_url)).toEqual([wanted]);

    const after = (await http.get(`/api/v1/tasks/transform?job_id=${jobId}`, { token: admin })).body.data[0];
    expect(after).toMatchObject({ status: 'completed', items_created: 1, dropped_count: HIRING_POSTS - 1 });
    const rest = await http.get(`${path}?page=3&page_size=100`, { token: admin });
    expect(rest.body.meta.pagination.total).toBe(HIRING_POSTS - 1);
    expect(rest.body.data.map((d: { url: string }) => d.url)).not.toContain(wanted);
    expect(rest.body.data).toHaveLength(29);
  });
});
