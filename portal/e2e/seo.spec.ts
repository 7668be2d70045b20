import type { APIRequestContext } from '@playwright/test';
import { apiAs, expect, test } from './fixtures';

// The portal as a search engine or a chat app's link preview sees it: the HTML the server sends,
// fetched without running a script, names each page; the browser then keeps the same title.

const headOf = async (request: APIRequestContext, path: string) => {
  const res = await request.get(path, { maxRedirects: 0 });
  const html = await res.text();
  const pick = (re: RegExp) => re.exec(html)?.[1];
  return {
    status: res.status(),
    title: pick(/<title>([^<]*)<\/title>/),
    description: pick(/<meta name="description" content="([^"]*)"/),
    canonical: pick(/<link rel="canonical" href="([^"]*)"/),
    ogTitle: pick(/<meta property="og:title" content="([^"]*)"/),
    ogType: pick(/<meta property="og:type" content="([^"]*)"/),
  };
};

const unescape = (s: string | undefined) =>
  s
    ?.replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

test('an idea page names the idea to a crawler, and the browser keeps that title', async ({ page, request }) => {
  const [idea] = await apiAs<{ id: number; slug: string; title: string; summary: string }[]>(
    request,
    'admin',
    'GET',
    '/public/ideas?page_size=1',
  );
  const head = await headOf(request, `/ideas/${idea!.id}/${idea!.slug}`);
  expect(head.status).toBe(200);
  expect(unescape(head.title)).toBe(`${idea!.title} · Ideamine`);
  expect(head.ogTitle).toBe(head.title);
  expect(head.ogType).toBe('article');
  expect(head.canonical).toMatch(new RegExp(`/ideas/${idea!.id}/${idea!.slug}$`));
  expect(unescape(head.description)!.replace(/…$/, '')).toBe(
    idea!.summary.replace(/\s+/g, ' ').trim().slice(0, unescape(head.description)!.replace(/…$/, '').length),
  );

  await page.goto(`/ideas/${idea!.id}/${idea!.slug}`);
  await expect(page.getByRole('heading', { name: idea!.title }).first()).toBeVisible();
  await expect(page).toHaveTitle(`${idea!.title} · Ideamine`);
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
  await expect(page.locator('meta[name="description"]')).toHaveCount(1);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', unescape(head.description)!);

  // Once the portal moves to another page, the server's tags for the idea are gone.
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Ideas' }).click();
  await expect(page).toHaveTitle('Ideas · Ideamine');
  await expect(page.locator('link[rel="canonical"], meta[property^="og:"]')).toHaveCount(0);
});

test('a category, the lists and the sitemap as a crawler fetches them', async ({ page, request }) => {
  const category = await headOf(request, '/categories/saas');
  expect([category.status, category.title, category.ogType]).toEqual([200, 'SaaS ideas · Ideamine', 'website']);
  await page.goto('/categories/saas');
  await expect(page).toHaveTitle('SaaS ideas · Ideamine');

  expect((await headOf(request, '/trending')).title).toBe('Trending keywords · Ideamine');
  expect((await headOf(request, '/ideas/99999999/gone')).status).toBe(404);
  expect((await headOf(request, '/no/such/page')).status).toBe(404);

  const sitemap = await (await request.get('/sitemap.xml')).text();
  const ideasFile = /<loc>[^<]*(\/sitemap-ideas-1\.xml)<\/loc>/.exec(sitemap)?.[1];
  expect(ideasFile).toBeDefined();
  const ideas = await (await request.get(ideasFile!)).text();
  const first = /<loc>[^<]*?(\/ideas\/\d+\/[^<]+)<\/loc>/.exec(ideas)?.[1];
  expect((await headOf(request, first!)).status).toBe(200);
  expect(await (await request.get('/robots.txt')).text()).toContain('Sitemap: ');
});
