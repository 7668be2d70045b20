import type { Page } from '@playwright/test';
import { e2eState, expect, signIn, test } from './fixtures';

// The operator screens as they look: at desktop width no table hides a column behind a
// sideways scroll, and on every width no two texts of a chart (axis names, legends, ticks,
// labels) are drawn over each other. Charts are SVG, so their texts are in the page.

const TABLE_PAGES = [
  '/admin',
  '/admin/system-health',
  '/admin/jobs',
  '/admin/knowledge',
  '/admin/raw-data',
  '/admin/schedules',
  '/admin/rate-limits',
  '/admin/users',
  '/admin/backups',
  '/admin/audit-log',
  '/admin/tasks',
  '/admin/schemas',
  '/admin/llm-monitoring',
  '/admin/engagement',
  '/admin/settings',
  '/admin/avatars',
  '/admin/recovery',
  '/admin/queues',
  '/admin/analytics',
];
const CHART_PAGES = ['/admin/system-health', '/admin/analytics', '/admin/llm-monitoring', '/admin/engagement'];

/** Elements that scroll sideways because their content is wider than they are. */
const clipped = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('main *'))
      .filter((e) => ['auto', 'scroll'].includes(getComputedStyle(e).overflowX) && e.scrollWidth > e.clientWidth + 1)
      .map((e) => `${e.getAttribute('aria-label') ?? e.className}: ${e.scrollWidth} px in ${e.clientWidth}`),
  );

/** Pairs of chart texts whose boxes overlap by more than a pixel each way. */
const overlappingChartTexts = (page: Page) =>
  page.evaluate(() => {
    const texts = Array.from(document.querySelectorAll('[_echarts_instance_] svg text'))
      .map((t) => ({
        text: t.textContent ?? '',
        box: t.getBoundingClientRect(),
        chart: t.closest('[_echarts_instance_]'),
      }))
      .filter((t) => t.text.trim() && t.box.width > 0 && t.box.height > 0);
    const clashes: string[] = [];
    for (let i = 0; i < texts.length; i++)
      for (let j = i + 1; j < texts.length; j++) {
        const [a, b] = [texts[i]!, texts[j]!];
        if (a.chart !== b.chart) continue;
        const x = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
        const y = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
        if (x > 1 && y > 1) clashes.push(`"${a.text}" over "${b.text}"`);
      }
    return clashes;
  });

const waitForCharts = async (page: Page) => {
  await expect(page.locator('[_echarts_instance_] svg text').first()).toBeVisible();
  // ECharts animates its first drawing; texts settle within its 1 s animation.
  await expect.poll(() => overlappingChartTexts(page), { timeout: 5_000 }).toEqual([]);
};

test('at desktop width, no operator table hides a column behind a sideways scroll', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin', '/admin');
  const found: string[] = [];
  for (const path of TABLE_PAGES) {
    await page.goto(path);
    await expect(page.locator('main').getByRole('heading').first()).toBeVisible();
    await expect(page.locator('.bp6-spinner, .bp6-skeleton')).toHaveCount(0, { timeout: 10_000 });
    found.push(...(await clipped(page)).map((what) => `${path}: ${what}`));
  }
  // A job's page has a table per tab.
  await page.goto(`/admin/jobs/${e2eState().seeded.bigJobId}`);
  await expect(page.getByRole('tab').first()).toBeVisible();
  const tabs = await page.getByRole('tab').all();
  expect(tabs.length).toBeGreaterThanOrEqual(2);
  for (const tab of tabs) {
    await tab.click();
    await expect(page.locator('.bp6-spinner, .bp6-skeleton')).toHaveCount(0, { timeout: 10_000 });
    const name = await tab.textContent();
    found.push(...(await clipped(page)).map((what) => `job tab ${name}: ${what}`));
  }
  expect(found).toEqual([]);
});

test('no two texts of a chart overlap, at 1440 and 390 px', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin', '/admin');
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of CHART_PAGES) {
      await page.goto(path);
      await waitForCharts(page);
    }
    // The profit distribution pie on the dashboard's Knowledge & Insights tab.
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Knowledge & Insights' }).click();
    await waitForCharts(page);
  }
});
