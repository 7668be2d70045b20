import type { Page } from '@playwright/test';
import { apiAs, expect, signIn, test } from './fixtures';

// Checklist item 8: crawled and submitted content is shown as text, never run as HTML. An idea
// whose title, summary and body carry a script tag, an image with an onerror handler and a
// javascript: link, and a raw page holding the same markup, are opened in Chromium on every
// screen that shows them: the public idea page, search results, the operators' knowledge list
// and detail and the raw data detail, and the idea the pipeline's transform makes of that raw
// page. None of the markup may become elements, nothing may run, and the text shows literally.
// Item 10 in the browser: the page itself arrives with the security headers.

const SCRIPT = '<script>window.__pwned=1</script>';
const IMG = '<img src=x onerror="window.__pwned=2">';
const LINK = '<a href="javascript:window.__pwned=3">click me</a>';

const tag = `xss${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const TITLE = `Lantern rental ${tag} ${SCRIPT}`;
const SUMMARY = `Summary ${tag} ${IMG}`;
const BODY = `Body ${tag} ${SCRIPT} then ${IMG} and ${LINK} end.`;

/** Watches a page for anything the markup would do if it were rendered: dialogs, the image's request. */
function watch(page: Page) {
  const seen: string[] = [];
  page.on('dialog', (d) => {
    seen.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  page.on('request', (r) => {
    if (/\/x(\?|$)/.test(new URL(r.url()).pathname)) seen.push(`request: ${r.url()}`);
  });
  return seen;
}

async function expectInert(page: Page, where: string) {
  expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned), where).toBeUndefined();
  await expect(page.locator('img[src="x"], img[onerror]'), where).toHaveCount(0);
  await expect(page.locator('a[href^="javascript:" i]'), where).toHaveCount(0);
  await expect(page.locator('script', { hasText: '__pwned' }), where).toHaveCount(0);
  await expect(page.locator('[onerror], [onload], [onclick]'), where).toHaveCount(0);
}

let ideaId = 0;
let rawId = 0;
let crawledId = 0;

test.beforeAll(async ({ request }) => {
  const submitted = await apiAs<{ knowledge_id: number }>(request, 'admin', 'POST', '/public/idea-storm/submit', {
    title: `Lantern rental ${tag}`,
    description: 'Night market vendors rent lanterns by the hour from a shared pool, paid per use.',
    save_as_idea: true,
    visibility: 'public',
  });
  ideaId = submitted.knowledge_id;
  await apiAs(request, 'admin', 'PUT', `/data/knowledge/${ideaId}`, { title: TITLE, summary: SUMMARY, body: BODY });
  const raw = await apiAs<{ id: number }>(request, 'admin', 'POST', '/data/raw', {
    url: `https://example.test/security/${tag}`,
    content_type: 'text/html',
    content:
      `<html><head><title>Crawled ${tag} ${SCRIPT}</title></head><body>` +
      `<h1>Crawled ${tag} &lt;script&gt;window.__pwned=4&lt;/script&gt;</h1>` +
      `<p>${IMG} Is there a tool that keeps markup out of my notes? ${LINK}</p><article><p>${SCRIPT} Every week I clean pasted markup out of my notes by hand. It would be great if an app did it automatically; I would pay for it.</p></article>` +
      `</body></html>`,
  });
  rawId = raw.id;
});

// Later files share the server: what this file made goes (deleted, then purged for good).
test.afterAll(async ({ request }) => {
  for (const id of [ideaId, crawledId].filter(Boolean)) {
    await apiAs(request, 'admin', 'DELETE', `/data/knowledge/${id}`);
    await apiAs(request, 'admin', 'DELETE', `/admin/recovery/knowledge/${id}`);
  }
  if (rawId) await apiAs(request, 'admin', 'DELETE', `/data/raw/${rawId}`);
});

test('the public idea page shows the markup as text and runs none of it', async ({ page }) => {
  const seen = watch(page);
  const response = await page.goto(`/ideas/${ideaId}`);
  // The page's own headers (item 10).
  const headers = response!.headers();
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-powered-by']).toBeUndefined();

  await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
  await expect(page.getByText(SUMMARY, { exact: true })).toBeVisible();
  await expect(page.getByText(BODY, { exact: true })).toBeVisible();
  await expectInert(page, 'public idea page');
  expect(seen).toEqual([]);
});

test('search results show the markup as text', async ({ page }) => {
  const seen = watch(page);
  await page.goto(`/search?q=${tag}`);
  await expect(page.getByText(TITLE).first()).toBeVisible();
  await expectInert(page, 'search results');
  expect(seen).toEqual([]);
});

test('the operator screens show idea and raw page as text and run none of it', async ({ page }) => {
  const seen = watch(page);
  await signIn(page, 'admin', `/admin/knowledge?search=${tag}`);
  await expect(page.getByRole('region', { name: 'Knowledge' }).getByText(TITLE)).toBeVisible();
  await expectInert(page, 'knowledge list');

  await page.goto(`/admin/knowledge/${ideaId}`);
  await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
  await expect(page.getByText(SUMMARY, { exact: true })).toBeVisible();
  await expect(page.getByText(BODY, { exact: true })).toBeVisible();
  await expectInert(page, 'knowledge detail');

  await page.goto(`/admin/data/raw/${rawId}`);
  const content = page.getByRole('region', { name: 'Raw content' }).or(page.getByLabel('Raw content'));
  await expect(content).toContainText(`<title>Crawled ${tag} ${SCRIPT}</title>`);
  await expect(content).toContainText(IMG);
  await expect(content).toContainText(LINK);
  await expectInert(page, 'raw data detail');
  expect(seen).toEqual([]);
});

test('the idea the pipeline makes of the raw page is shown as text too', async ({ page, request }) => {
  test.setTimeout(60_000);
  const seen = watch(page);
  // The workers of the e2e server transform the raw page into an idea.
  await expect
    .poll(
      async () => {
        const found = await apiAs<{ id: number }[]>(
          request,
          'admin',
          'GET',
          `/data/knowledge?search=${tag}&page_size=10`,
        );
        crawledId = found.find((k) => k.id !== ideaId)?.id ?? 0;
        return crawledId;
      },
      { timeout: 45_000, intervals: [500] },
    )
    .toBeGreaterThan(0);
  await page.goto(`/ideas/${crawledId}`);
  // Its title comes from the page's markup, literally (a <title> holds text, an escaped <h1> too).
  const heading = page.getByRole('article').getByRole('heading').filter({ hasText: tag }).first();
  await expect(heading).toContainText('<script>window.__pwned=');
  await expectInert(page, 'idea made by the pipeline');
  await signIn(page, 'admin', `/admin/knowledge/${crawledId}`);
  await expect(page.getByRole('heading').filter({ hasText: tag }).first()).toContainText('<script>window.__pwned=');
  await expectInert(page, 'knowledge detail of the idea made by the pipeline');
  expect(seen).toEqual([]);
});
