import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { demoPosts } from '@ideamine/server/demo/real-posts';
import { expect, screenshot, signIn, test } from './fixtures';

// A fresh install (playwright.first-run.config.ts: users, nothing crawled) as a person meets it:
// the public pages say what the site is and that ideas come once sources are crawled; the admin
// finds "Load the demo", watches its progress, and then browses real posts turned into ideas.
// With README_SCREENSHOTS=1 it also writes the README's screenshots of the loaded demo.

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();
const realTitles = new Set(demoPosts().map((p) => collapse(p.title)));
const README_SHOTS = path.resolve('docs/screenshots');

test.describe.configure({ mode: 'serial' });

test('before anything is crawled, the public pages say what Ideamine is and why they are empty', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome to Ideamine' })).toBeVisible();
  await expect(page.getByText('No ideas yet')).toBeVisible();
  await expect(page.getByText(/Ideas appear here once sources have been crawled/)).toBeVisible();
  await page.goto('/ideas');
  await expect(page.getByText(/No ideas yet: Ideamine publishes ideas here once it has crawled sources/)).toBeVisible();
  await screenshot(page, 'first-run-ideas-empty');
});

test('the admin loads the demo from the empty dashboard, sees its progress, then real ideas', async ({ page }) => {
  await signIn(page, 'admin', '/admin');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText('Nothing crawled yet')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Sources' })).toBeVisible();
  await screenshot(page, 'first-run-admin-empty');
  // On a phone too: nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: 'Load the demo' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, 'first-run-admin-empty-390');
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('button', { name: 'Load the demo' }).click();
  const progress = page.getByRole('progressbar', { name: /Demo loaded \d+%/ });
  await expect(progress).toBeVisible();
  await expect(page.getByText(/pages? of [\d,]+ crawled/)).toBeVisible();
  await screenshot(page, 'first-run-demo-loading');

  const done = page.getByText('The demo is loaded');
  await expect(done).toBeVisible({ timeout: 90_000 });
  const summary = page.getByText('ideas from real public posts');
  await expect(summary).toBeVisible();
  const kept = / (\d{1,6}) ideas from real public posts/.exec(` ${await summary.innerText()}`.replace(/\s+/g, ' '));
  expect(Number(kept?.[1])).toBeGreaterThan(50);
  await expect(page.getByRole('button', { name: 'Load the demo' })).toHaveCount(0);

  await page.getByRole('link', { name: 'See them on the portal' }).click();
  await expect(page).toHaveURL(/\/ideas/);
  const cards = page.getByTestId('idea-card');
  await expect(cards.first()).toBeVisible();
  const titles = await page.locator('.im-idea-title').allTextContents();
  expect(titles.length).toBeGreaterThan(5);
  for (const t of titles) expect(realTitles.has(collapse(t)), t).toBe(true);
});

test('after the demo, the home page, the list and an idea page show real posts with quoted evidence', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const shots = process.env.README_SCREENSHOTS === '1';
  if (shots) mkdirSync(README_SHOTS, { recursive: true });

  await page.goto('/');
  await expect(page.getByTestId('idea-card').first()).toBeVisible();
  await expect(page.getByText('Loading...')).toHaveCount(0);
  await expect(page.getByText('No ideas yet')).toHaveCount(0);
  if (shots) await page.screenshot({ path: path.join(README_SHOTS, 'home.png') });

  await page.goto('/ideas?sort=profit_score&order=desc');
  const first = page.locator('.im-idea-title').first();
  await expect(first).toBeVisible();
  if (shots) await page.screenshot({ path: path.join(README_SHOTS, 'ideas.png') });

  const title = collapse((await first.textContent()) ?? '');
  await first.click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  const quotes = await page.locator('.im-why-score .im-quote').allTextContents();
  expect(quotes.length).toBeGreaterThan(0);
  const post = demoPosts().find((p) => collapse(p.title) === title)!;
  const text = collapse(`${post.title} ${post.body}`);
  for (const q of quotes) expect(text).toContain(collapse(q));
  if (shots) await page.screenshot({ path: path.join(README_SHOTS, 'idea.png'), fullPage: true });
});
