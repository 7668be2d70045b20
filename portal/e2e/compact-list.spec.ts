import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// A reader who wants to scan: a compact list of one row per idea (score, title, categories,
// votes, age), thirty to a page, chosen once and remembered on every idea list of this browser.

const rowsAboveTheFold = (page: Page) =>
  page
    .getByTestId('idea-row')
    .evaluateAll((rows) => rows.filter((r) => r.getBoundingClientRect().bottom <= innerHeight).length);

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - innerWidth);

test('a visitor switches the ideas to a compact list, which stays chosen', async ({ page, request }) => {
  // Other tests hide or delete some seeded ideas; a compact page holds 30 of what is left.
  const listed = await (await request.get('/api/v1/public/ideas?page_size=1')).json();
  const onFirstPage = Math.min(30, listed.meta.pagination.total as number);
  expect(onFirstPage).toBeGreaterThan(12);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/ideas');
  await expect(page.getByTestId('idea-card').first()).toBeVisible();
  const cardsAbove = await page
    .getByTestId('idea-card')
    .evaluateAll((cards) => cards.filter((c) => c.getBoundingClientRect().bottom <= innerHeight).length);

  await page.getByRole('button', { name: 'Compact' }).click();
  await expect(page.getByRole('button', { name: 'Compact' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('idea-row')).toHaveCount(onFirstPage);
  await expect(page.getByTestId('idea-card')).toHaveCount(0);
  // Each row holds its title, score, categories, votes and age on one line.
  const first = page.getByTestId('idea-row').first();
  await expect(first.getByRole('link').first()).toHaveAttribute('href', /^\/ideas\/\d+\//);
  await expect(first).toContainText('/ 10');
  await expect(first.locator('time')).toHaveAttribute('datetime', /^\d{4}-/);
  await expect(first.getByLabel(/^\d+ up, \d+ down$/)).toBeVisible();
  expect((await first.boundingBox())!.height).toBeLessThan(44);
  const rowsAbove = await rowsAboveTheFold(page);
  expect(rowsAbove).toBeGreaterThanOrEqual(3 * Math.max(cardsAbove, 5));
  await page.screenshot({ path: 'test-results/compact-1440.png' });

  // Remembered: after a reload and on another list.
  await page.reload();
  await expect(page.getByTestId('idea-row').first()).toBeVisible();
  await page.goto('/categories/saas');
  await expect(page.getByTestId('idea-row').first()).toBeVisible();

  // On a phone each row wraps under its title and nothing is wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/ideas');
  await expect(page.getByTestId('idea-row').first()).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: 'test-results/compact-390.png' });

  await page.getByRole('button', { name: 'Cards' }).click();
  await expect(page.getByTestId('idea-card').first()).toBeVisible();
  await expect(page.getByTestId('idea-row')).toHaveCount(0);
});
