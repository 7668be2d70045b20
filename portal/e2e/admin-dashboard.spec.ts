import { expect, screenshot, signIn, test } from './fixtures';

// The operations dashboard's Overview tab with real numbers, and a widget falling back to its
// sample data under the spec's banner when its call fails.

test('the Overview shows stat cards, system status, queue metrics and recent jobs from the API', async ({ page }) => {
  await signIn(page, 'admin', '/admin');
  const status = page.getByRole('region', { name: 'System Status' });
  await expect(status.getByText('database')).toBeVisible();
  await expect(status.getByText(/Last updated \w{3} \d+, \d\d:\d\d:\d\d/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Queue Metrics' }).getByText('Crawl tasks queue')).toBeVisible();
  await expect(page.getByText('Completion Rate')).toBeVisible();
  await expect(page.getByText('+5% vs last week')).toBeVisible();
  // The seeded database has no jobs.
  await expect(page.getByRole('region', { name: 'Recent Jobs' }).getByText('No jobs found')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit Your First Job' })).toHaveAttribute('href', '/admin/submit');
  await screenshot(page, 'admin-overview');
});

test('a failing widget shows its sample data under the warning banner; Refresh is disabled while loading', async ({
  page,
}) => {
  await page.route('**/api/v1/dashboard/system-status*', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ status: 'error', data: null, error: { code: 'INTERNAL_ERROR', message: 'boom' } }),
    }),
  );
  await signIn(page, 'admin', '/admin');
  const status = page.getByRole('region', { name: 'System Status' });
  await expect(status.getByText('Failed to fetch system status. Using mock data instead.')).toBeVisible();
  await expect(status.getByText('database (sample)')).toBeVisible();
  await page.unroute('**/api/v1/dashboard/system-status*');
  let release: () => void = () => undefined;
  await page.route('**/api/v1/dashboard/system-status*', async (route) => {
    await new Promise<void>((resolve) => (release = resolve));
    await route.continue();
  });
  const refresh = status.getByRole('button', { name: 'Refresh System Status' });
  await refresh.click();
  await expect(refresh).toBeDisabled();
  release();
  await expect(status.getByText('Failed to fetch system status. Using mock data instead.')).toBeHidden();
  await expect(status.getByText('database', { exact: true })).toBeVisible();
});

test('System Health renders every widget with real numbers, charts and the period toggle', async ({ page }) => {
  await signIn(page, 'admin', '/admin');
  await page.getByRole('tab', { name: 'System Health' }).click();
  for (const name of [
    'System Status',
    'Queue Metrics',
    'Worker Performance',
    'Job Statistics',
    'Error Monitoring',
    'Database Status',
  ]) {
    const region = page.getByRole('region', { name });
    await expect(region.getByText(/Last updated \w{3} \d+/), name).toBeVisible();
    await expect(region.getByRole('alert'), name).toHaveCount(0); // no sample-data banner
  }
  const workers = page.getByRole('region', { name: 'Worker Performance' });
  await expect(workers.getByText('Active Crawl Workers')).toBeVisible();
  await expect(workers.getByLabel('Hourly Throughput (Last 6 Hours)').locator('canvas')).toHaveCount(1);
  await expect(workers.getByLabel('Daily Throughput (Last 7 Days)').locator('canvas')).toHaveCount(1);
  const jobs = page.getByRole('region', { name: 'Job Statistics' });
  const request = page.waitForRequest((r) => r.url().includes('/dashboard/job-stats?period=7d'));
  await jobs.getByRole('radio', { name: '7d' }).click();
  await request;
  const db = page.getByRole('region', { name: 'Database Status' });
  await expect(db.getByText('connected')).toBeVisible();
  await expect(db.getByText(/GB of/)).toBeVisible();
  await screenshot(page, 'admin-system-health');
});

test('Knowledge & Insights shows metrics, tags, pipeline, profit chart and trend clouds from the seeded ideas', async ({
  page,
}) => {
  await signIn(page, 'admin', '/admin');
  await page.getByRole('tab', { name: 'Knowledge & Insights' }).click();
  const metrics = page.getByRole('region', { name: 'Knowledge Extraction Metrics' });
  await expect(metrics.getByText('Total ideas')).toBeVisible();
  await expect(metrics.locator('.im-stat-value').first()).toHaveText('31'); // 30 public + 1 private seeded
  await expect(page.getByRole('region', { name: 'Idea Pipeline' }).getByText('Analysed')).toBeVisible();
  const profit = page.getByRole('region', { name: 'Profit Potential Distribution' });
  await expect(profit.getByLabel('Profit distribution pie chart').locator('canvas')).toHaveCount(1);
  await profit.getByRole('radio', { name: 'Bar' }).click();
  await expect(profit.getByLabel('Profit distribution bar chart').locator('canvas')).toHaveCount(1);
  const trends = page.getByRole('region', { name: 'Emerging Trends' });
  await expect(trends.getByRole('tab', { name: 'Keywords' })).toBeVisible();
  await expect(trends.locator('.im-tag-cloud a').first()).toHaveAttribute('href', /\/knowledge\?search=/);
  const tags = page.getByRole('region', { name: 'Tag Activity' });
  await expect(tags.locator('a').first()).toHaveAttribute('href', /\/knowledge\?tag=/);
  await screenshot(page, 'admin-knowledge');
});

test('Data Sources shows its tables or their empty texts; the Action Center links lead to screens', async ({
  page,
}) => {
  await signIn(page, 'admin', '/admin');
  await page.getByRole('tab', { name: 'Data Sources' }).click();
  const sources = page.getByRole('region', { name: 'Source Performance' });
  await expect(sources.getByText(/Last updated \w{3}/)).toBeVisible();
  // The seeded database has ideas but no crawled pages.
  await expect(sources.getByText('No source performance data available')).toBeVisible();
  const health = page.getByRole('region', { name: 'Domain Health Monitor' });
  await expect(health.getByText('No domain health data available')).toBeVisible();
  const request = page.waitForRequest((r) => r.url().includes('/dashboard/domain-health?limit=5&issues_only=true'));
  await health.getByLabel('Domains').selectOption('issues');
  await request;
  await page.getByRole('tab', { name: 'Action Center' }).click();
  await page.getByRole('region', { name: 'Navigation hub' }).getByText('Jobs').click();
  await expect(page).toHaveURL(/\/admin\/jobs$/);
});
