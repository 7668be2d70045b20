import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildKnowledge } from '@ideamine/server/test/factories';
import { startTestServer, type TestServer } from '../test/server';

// What a search engine or a chat app's link preview gets from the server, without running any
// script: each page's own title, description, canonical address and Open Graph tags, honest
// status codes, one address per idea, the sitemap and robots.txt.

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Product ideas mined from the web, scored for profit potential." />
    <title>Ideamine</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

let server: TestServer;
const SITE = 'https://ideas.example.org';

beforeAll(async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-seo-'));
  writeFileSync(path.join(dir, 'index.html'), INDEX_HTML);
  server = await startTestServer({ portalDir: dir });
});
afterAll(() => server?.close());

/** Runs `check` as a server whose PUBLIC_URL is SITE. */
async function withPublicUrl(check: () => Promise<void>) {
  (server.app.config as { publicUrl: string | undefined }).publicUrl = SITE;
  try {
    await check();
  } finally {
    (server.app.config as { publicUrl: string | undefined }).publicUrl = undefined;
  }
}

async function page(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { redirect: 'manual', headers });
  const html = await res.text();
  const attr = (selector: RegExp) => selector.exec(html)?.[1];
  return {
    status: res.status,
    location: res.headers.get('location'),
    html,
    title: attr(/<title>([^<]*)<\/title>/),
    description: attr(/<meta name="description" content="([^"]*)"/),
    canonical: attr(/<link rel="canonical" href="([^"]*)"/),
    robots: attr(/<meta name="robots" content="([^"]*)"/),
    og: (key: string) => attr(new RegExp(`<meta property="og:${key}" content="([^"]*)"`)),
  };
}

describe('an idea page as a crawler fetches it', () => {
  it('names the idea in the title, its summary as description and its one address as canonical', async () => {
    const idea = await buildKnowledge(server.app, {
      title: 'Shared grocery list for roommates',
      summary: 'Roommates keep buying the same milk twice.\nA list everyone edits, sorted by aisle.',
    });
    const p = await page(`${server.url}/ideas/${idea.id}/${idea.slug}`);
    expect(p.status).toBe(200);
    expect(p.title).toBe('Shared grocery list for roommates · Ideamine');
    expect(p.description).toBe('Roommates keep buying the same milk twice. A list everyone edits, sorted by aisle.');
    expect(p.canonical).toBe(`${server.url}/ideas/${idea.id}/${idea.slug}`);
    expect(p.og('title')).toBe(p.title);
    expect(p.og('description')).toBe(p.description);
    expect(p.og('type')).toBe('article');
    expect(p.og('url')).toBe(p.canonical);
    expect(p.html).toContain('<meta name="twitter:card" content="summary" />');
    expect(p.robots).toBeUndefined();
    expect(p.html).toContain('<div id="root">');
  });

  it('escapes what the crawled text holds and cuts a long summary at a word', async () => {
    const idea = await buildKnowledge(server.app, {
      title: 'Alerts for <script>alert("x")</script> & more',
      summary: `${'word '.repeat(80)}end`,
    });
    const p = await page(`${server.url}/ideas/${idea.id}/${idea.slug}`);
    expect(p.html).not.toContain('<script>alert');
    expect(p.title).toBe('Alerts for &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more · Ideamine');
    expect(p.description!.length).toBeLessThanOrEqual(200);
    expect(p.description).toMatch(/word…$/);
  });

  it('sends an idea reached without its slug, or by an old one, to its one address', async () => {
    const idea = await buildKnowledge(server.app, { title: 'Invoice chaser for freelancers' });
    for (const old of [`/ideas/${idea.id}`, `/ideas/${idea.id}/an-old-title?ref=feed`]) {
      const p = await page(server.url + old);
      expect(p.status).toBe(301);
      expect(p.location).toBe(
        `/ideas/${idea.id}/invoice-chaser-for-freelancers${old.includes('?') ? '?ref=feed' : ''}`,
      );
    }
  });

  it('answers 404, kept out of indexes, for a private, deleted, merged or unknown idea', async () => {
    const hidden = await buildKnowledge(server.app, { visibility: 'private' });
    const deleted = await buildKnowledge(server.app);
    await server.app.db.updateTable('knowledge').set({ deleted_at: new Date() }).where('id', '=', deleted.id).execute();
    const kept = await buildKnowledge(server.app);
    const merged = await buildKnowledge(server.app);
    await server.app.db.updateTable('knowledge').set({ merged_into_id: kept.id }).where('id', '=', merged.id).execute();
    for (const p of [
      `/ideas/${hidden.id}/${hidden.slug}`,
      `/ideas/${deleted.id}/${deleted.slug}`,
      `/ideas/${merged.id}`,
      '/ideas/99999999/nothing',
      '/ideas/not-a-number',
      '/ideas/123456789012345678901234567890',
    ]) {
      const res = await page(server.url + p);
      expect(res.status, p).toBe(404);
      expect(res.title, p).toBe('Idea not found · Ideamine');
      expect(res.robots, p).toBe('noindex');
      expect(res.canonical, p).toBeUndefined();
      expect(res.html, p).toContain('<div id="root">');
    }
  });
});

describe('other pages as a crawler fetches them', () => {
  it('gives a category its name and description, and 404 for an unknown one', async () => {
    const p = await page(`${server.url}/categories/saas`);
    expect(p.status).toBe(200);
    expect(p.title).toBe('SaaS ideas · Ideamine');
    expect(p.description).toBe('SaaS: Subscription software for businesses');
    expect(p.canonical).toBe(`${server.url}/categories/saas`);
    expect((await page(`${server.url}/categories/no-such-thing`)).status).toBe(404);
    // Typed by hand with the name: sent to the slug's address.
    const byName = await page(`${server.url}/categories/SaaS`);
    expect([byName.status, byName.location]).toEqual([301, '/categories/saas']);
  });

  it('takes list pages from the route table, and keeps private and sign-in pages out of indexes', async () => {
    const ideas = await page(`${server.url}/ideas?page=2`);
    expect(ideas.title).toBe('Ideas · Ideamine');
    expect(ideas.description).toBe('Browse every public product idea with filters and sorting.');
    expect(ideas.canonical).toBe(`${server.url}/ideas`);
    expect(ideas.robots).toBeUndefined();
    const home = await page(`${server.url}/`);
    expect(home.title).toBe('Ideamine');
    expect(home.canonical).toBe(`${server.url}/`);
    for (const p of ['/login', '/search?q=crm', '/admin/jobs', '/my/projects', '/dashboard']) {
      const res = await page(server.url + p);
      expect(res.status, p).toBe(200);
      expect(res.robots, p).toBe('noindex');
      expect(res.canonical, p).toBeUndefined();
    }
  });

  it('serves the About the scores page, linked from every "Why this score", as a page of its own', async () => {
    const about = await page(`${server.url}/about/scores`);
    expect(about.status).toBe(200);
    expect(about.title).toBe('About the scores · Ideamine');
    expect(about.canonical).toBe(`${server.url}/about/scores`);
  });

  it('answers 404 for a page that does not exist, and forwards the old addresses', async () => {
    const missing = await page(`${server.url}/no/such/page`);
    expect(missing.status).toBe(404);
    expect(missing.title).toBe('Page not found · Ideamine');
    const old = await page(`${server.url}/projects/12`);
    expect(old.status).toBe(301);
    expect(old.location).toBe('/my/projects/12');
  });

  it('writes addresses with PUBLIC_URL when it is set', () =>
    withPublicUrl(async () => {
      const p = await page(`${server.url}/categories/saas`);
      expect(p.canonical).toBe(`${SITE}/categories/saas`);
      expect(p.og('url')).toBe(`${SITE}/categories/saas`);
    }));
});

describe('robots.txt and the sitemap', () => {
  it('robots.txt keeps crawlers out of private pages and names the sitemap', () =>
    withPublicUrl(async () => {
      const robots = await (await fetch(`${server.url}/robots.txt`)).text();
      expect(robots).toContain('Disallow: /admin');
      expect(robots).toContain('Disallow: /my');
      expect(robots).toContain(`Sitemap: ${SITE}/sitemap.xml`);
    }));

  it('the sitemap lists the list pages, the categories and every public idea, and nothing else', () =>
    withPublicUrl(async () => {
      const hidden = await buildKnowledge(server.app, { visibility: 'private', title: 'Hidden from the sitemap' });
      const shown = await buildKnowledge(server.app, { title: 'Shown in the sitemap' });
      const index = await (await fetch(`${server.url}/sitemap.xml`)).text();
      expect(index).toContain('<sitemapindex');
      expect(index).toContain(`<loc>${SITE}/sitemap-pages.xml</loc>`);
      expect(index).toContain(`<loc>${SITE}/sitemap-ideas-1.xml</loc>`);
      expect(index).not.toContain('sitemap-ideas-2.xml');

      const pages = await (await fetch(`${server.url}/sitemap-pages.xml`)).text();
      for (const p of [
        '/',
        '/ideas',
        '/categories',
        '/trending',
        '/about/scores',
        '/categories/saas',
        '/categories/fintech',
      ])
        expect(pages).toContain(`<loc>${SITE}${p}</loc>`);
      expect(pages).not.toContain('/login');
      expect(pages).not.toContain('/search');

      const res = await fetch(`${server.url}/sitemap-ideas-1.xml`, { headers: { 'Accept-Encoding': 'gzip' } });
      expect(res.headers.get('content-type')).toMatch(/application\/xml/);
      const ideas = await res.text();
      expect(ideas).toContain(`<loc>${SITE}/ideas/${shown.id}/${shown.slug}</loc>`);
      expect(ideas).toMatch(new RegExp(`${shown.slug}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT`));
      expect(ideas).not.toContain(hidden.slug);
      const publicCount = await server.app.db
        .selectFrom('knowledge')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('visibility', '=', 'public')
        .where('deleted_at', 'is', null)
        .where('merged_into_id', 'is', null)
        .executeTakeFirstOrThrow();
      expect(ideas.match(/<url>/g)).toHaveLength(Number(publicCount.n));
      expect((await fetch(`${server.url}/sitemap-ideas-2.xml`)).status).toBe(404);
    }));

  it('gzips a large sitemap for a crawler that accepts it', async () => {
    await Promise.all(Array.from({ length: 30 }, () => buildKnowledge(server.app)));
    const raw = await new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
      import('node:http').then(({ get }) =>
        get(`${server.url}/sitemap-ideas-1.xml`, { headers: { 'Accept-Encoding': 'gzip' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
        }).on('error', reject),
      );
    });
    expect(raw.encoding).toBe('gzip');
    expect(gunzipSync(raw.body).toString()).toContain('<urlset');
  });
});
