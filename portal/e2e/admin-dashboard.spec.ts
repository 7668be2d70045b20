import pg from 'pg';
import { apiAs, e2eState, expect, screenshot, signIn, test, withServerDatabase } from './fixtures';
import { holdTableLock } from './table-lock';

// The operations dashboard's tabs with real numbers, a widget falling back to its sample data
// under the spec's banner when the server fails its call, and auto-refresh that never overlaps.

test('the Overview shows stat cards, system status, queue metrics and recent jobs from the API', async ({
  page,
  request,
}) => {
  await signIn(page, 'admin', '/admin');
  const status = page.getByRole('region', { name: 'System Status' });
  await expect(status.getByText('database')).toBeVisible();
  await expect(status.getByText(/Last updated \w{3} \d+, \d\d:\d\d:\d\d/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Queue Metrics' }).getByText('Crawl tasks queue')).toBeVisible();
  await expect(page.getByText('Completion Rate')).toBeVisible();
  // Under the rate, a measured figure (the jobs completed this week), not a fixed '+5%'.
  const week = await apiAs<{ completed_jobs: number }>(request, 'admin', 'GET', '/dashboard/job-stats?period=7d');
  await expect(page.getByText(`${week.completed_jobs} completed in the last 7 days`)).toBeVisible();
  const recent = page.getByRole('region', { name: 'Recent Jobs' });
  await expect(recent.getByText('seeded-failures')).toBeVisible();
  await expect(recent.getByText('seeded-big-crawl')).toBeVisible();
  await expect(recent.getByRole('button', { name: 'View All' })).toHaveAttribute('href', '/admin/jobs');
  await screenshot(page, 'admin-overview');
});

test('a widget whose call fails on the server shows its sample data under the banner; Refresh is disabled while loading', async ({
  page,
}) => {
  await signIn(page, 'admin', '/admin');
  await page.getByRole('tab', { name: 'System Health' }).click();
  const errors = page.getByRole('region', { name: 'Error Monitoring' });
  await expect(errors.getByText(/Last updated \w{3}/)).toBeVisible();
  await expect(errors.getByRole('alert')).toHaveCount(0);
  // The server fails /dashboard/error-rates for real: the table it reads is gone for a moment.
  await withServerDatabase((db) => db.query('ALTER TABLE llm_calls RENAME TO llm_calls_hidden'));
  try {
    const failed = page.waitForResponse((r) => r.url().includes('/dashboard/error-rates') && r.status() === 500);
    const refresh = errors.getByRole('button', { name: 'Refresh Error Monitoring' });
    await refresh.click();
    await failed;
    await page.reload();
    await page.getByRole('tab', { name: 'System Health' }).click();
    await expect(errors.getByText('Failed to fetch error rates. Using mock data instead.')).toBeVisible();
  } finally {
    await withServerDatabase((db) => db.query('ALTER TABLE llm_calls_hidden RENAME TO llm_calls'));
  }
  // Held by a lock, the next call stays in flight: Refresh is disabled until it ends.
  const lock = await holdTableLock('llm_calls');
  const refresh = errors.getByRole('button', { name: 'Refresh Error Monitoring' });
  await refresh.click();
  await expect(refresh).toBeDisabled();
  await lock.release();
  await expect(errors.getByText('Failed to fetch error rates. Using mock data instead.')).toBeHidden();
  await expect(refresh).toBeEnabled();
  await expect(errors.getByRole('alert')).toHaveCount(0);
});

test('auto-refresh reloads every 30 s, never starts a request while the last one is running, and resumes after it', async ({
  page,
}) => {
  await page.clock.install();
  await signIn(page, 'admin', '/admin');
  await page.getByRole('tab', { name: 'System Health' }).click();
  const workers = page.getByRole('region', { name: 'Worker Performance' });
  await expect(workers.getByText('Active Crawl Workers')).toBeVisible();
  let started = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  const isWorkerStats = (url: string) => url.includes('/api/v1/dashboard/worker-stats');
  page.on('request', (r) => {
    if (!isWorkerStats(r.url())) return;
    started += 1;
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
  });
  const ended = (r: { url(): string }) => {
    if (isWorkerStats(r.url())) inFlight -= 1;
  };
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  const toggle = page.getByRole('checkbox', { name: 'Auto-refresh (30 s)' });
  await page.locator('label', { hasText: 'Auto-refresh (30 s)' }).click(); // Blueprint's indicator covers the input
  await expect(toggle).toBeChecked();

  await page.clock.fastForward('00:31');
  await expect.poll(() => started).toBe(1);
  await expect.poll(() => inFlight).toBe(0);

  // A slow answer: worker-stats waits on a lock while three more intervals pass.
  const lock = await holdTableLock('worker_heartbeats');
  await page.clock.fastForward('00:31');
  await expect.poll(() => started).toBe(2);
  for (let i = 0; i < 3; i++) await page.clock.fastForward('00:31');
  await expect.poll(() => inFlight).toBe(1);
  expect(started).toBe(2);
  await lock.release();
  await expect.poll(() => inFlight).toBe(0);

  await page.clock.fastForward('00:31');
  await expect.poll(() => started).toBe(3);
  expect(maxInFlight).toBe(1);
  await page.locator('label', { hasText: 'Auto-refresh (30 s)' }).click();
  await expect(toggle).not.toBeChecked();
});

test('the high-potential carousel shows the best ideas with strengths, scores and its controls', async ({ page }) => {
  await signIn(page, 'admin', '/admin');
  const widget = page.getByRole('region', { name: 'High-Potential Ideas' });
  await expect(widget.getByText(/Last updated \w{3}/)).toBeVisible();
  const carousel = widget.getByLabel('High-potential ideas', { exact: true });
  const slides = carousel.locator('[aria-roledescription="slide"]');
  await expect(slides).toHaveCount(5);
  await expect(slides.first().getByText('+1 more')).toBeVisible(); // 4 strengths: 3 shown
  // The score the public pages show: profit out of 10, not the overall score out of 5.
  await expect(slides.first().getByText(/^\d+\.\d \/ 10$/)).toBeVisible();
  await expect(slides.first().getByText(/^\w[\w ]* 0\.5\/5$/)).toHaveCount(0);
  await expect(widget.getByRole('button', { name: 'Previous idea' })).toBeDisabled();
  await widget.getByRole('button', { name: 'Go to idea 5' }).click();
  await expect(widget.getByRole('button', { name: 'Next idea' })).toBeDisabled();
  await expect(widget.getByRole('button', { name: 'Go to idea 5' })).toHaveAttribute('aria-current', 'true');
  await expect(slides.first().getByRole('button', { name: 'View Details' })).toHaveAttribute(
    'href',
    /^\/knowledge\/\d+$/,
  );
  await expect(widget.getByRole('button', { name: 'View All High-Potential Ideas' })).toHaveAttribute(
    'href',
    '/high-potential-ideas',
  );
  await screenshot(page, 'admin-overview-carousel');
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
  await expect(workers.getByLabel('Hourly Throughput (Last 6 Hours)').locator('[_echarts_instance_] svg')).toHaveCount(
    1,
  );
  await expect(workers.getByLabel('Daily Throughput (Last 7 Days)').locator('[_echarts_instance_] svg')).toHaveCount(1);
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
  request,
}) => {
  const live = await apiAs<{ total_items: number }>(request, 'admin', 'GET', '/dashboard/knowledge-metrics');
  await signIn(page, 'admin', '/admin');
  await page.getByRole('tab', { name: 'Knowledge & Insights' }).click();
  const metrics = page.getByRole('region', { name: 'Knowledge Extraction Metrics' });
  await expect(metrics.getByText('Total ideas')).toBeVisible();
  // The seeded ideas and those other files added: the same count the API computes.
  await expect(metrics.locator('.im-stat-value').first()).toHaveText(live.total_items.toLocaleString('en-US'));
  await expect(page.getByRole('region', { name: 'Idea Pipeline' }).getByText('Analysed')).toBeVisible();
  const profit = page.getByRole('region', { name: 'Profit Potential Distribution' });
  await expect(profit.getByLabel('Profit distribution pie chart').locator('[_echarts_instance_] svg')).toHaveCount(1);
  await profit.getByRole('radio', { name: 'Bar' }).click();
  await expect(profit.getByLabel('Profit distribution bar chart').locator('[_echarts_instance_] svg')).toHaveCount(1);
  const trends = page.getByRole('region', { name: 'Emerging Trends' });
  await expect(trends.getByRole('tab', { name: 'Keywords' })).toBeVisible();
  await expect(trends.locator('.im-tag-cloud a').first()).toHaveAttribute('href', /\/knowledge\?search=/);
  const tags = page.getByRole('region', { name: 'Tag Activity' });
  await expect(tags.locator('a').first()).toHaveAttribute('href', /\/knowledge\?tag=/);
  await screenshot(page, 'admin-knowledge');
});

test('the Idea Pipeline shows how far filing ideas again under new category rules has come', async ({ page }) => {
  // A sweep under way, held still: the worker's tick skips the row while this test locks it.
  const client = new pg.Client({ connectionString: e2eState().databaseUrl });
  await client.connect();
  const original = (await client.query('SELECT * FROM category_refiling')).rows[0];
  await client.query(
    'UPDATE category_refiling SET next_id = 40, last_id = 99, moved = 1234, started_at = now(), finished_at = NULL',
  );
  await client.query('BEGIN');
  await client.query('SELECT * FROM category_refiling FOR UPDATE');
  try {
    await signIn(page, 'admin', '/admin');
    await page.getByRole('tab', { name: 'Knowledge & Insights' }).click();
    const pipeline = page.getByRole('region', { name: 'Idea Pipeline' });
    await expect(
      pipeline.getByText(
        'Filing ideas again under the current category rules: 40.0% looked at, 1,234 moved so far. Categories an operator chose stay as they are.',
      ),
    ).toBeVisible();
    await expect(pipeline.getByRole('progressbar', { name: 'Category re-filing progress' })).toBeVisible();
    await pipeline.getByText(/looked at/).scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-refiling');
    await page.setViewportSize({ width: 390, height: 844 });
    await pipeline.getByText(/looked at/).scrollIntoViewIfNeeded();
    await expect(pipeline.getByText(/40\.0% looked at/)).toBeVisible();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'admin-refiling-phone');
  } finally {
    await client.query(
      'UPDATE category_refiling SET next_id = $1, last_id = $2, moved = $3, started_at = $4, finished_at = $5',
      [original.next_id, original.last_id, original.moved, original.started_at, original.finished_at],
    );
    await client.query('COMMIT');
    await client.end();
  }
});

test('Data Sources shows its tables from the crawled pages and tasks; the Action Center links lead to screens', async ({
  page,
}) => {
  await signIn(page, 'admin', '/admin');
  await page.getByRole('tab', { name: 'Data Sources' }).click();
  const sources = page.getByRole('region', { name: 'Source Performance' });
  await expect(sources.getByText(/Last updated \w{3}/)).toBeVisible();
  // The seeded raw pages come from the demo site; the seeded crawl tasks from big.example.test.
  await expect(sources.getByRole('cell', { name: /^127\.0\.0\.1:\d+$/ })).toBeVisible();
  const health = page.getByRole('region', { name: 'Domain Health Monitor' });
  await expect(health.getByText('big.example.test')).toBeVisible();
  const request = page.waitForRequest((r) => r.url().includes('/dashboard/domain-health?limit=5&issues_only=true'));
  await health.getByLabel('Domains').selectOption('issues');
  await request;
  await page.getByRole('tab', { name: 'Action Center' }).click();
  await page.getByRole('region', { name: 'Navigation hub' }).getByText('Jobs').click();
  await expect(page).toHaveURL(/\/admin\/jobs$/);
});

test('a paused queue shows on the Overview, with its reason and where to resume it', async ({ page, request }) => {
  await apiAs(request, 'admin', 'POST', '/admin/queues/analyse/pause', { reason: 'e2e: paused for the dashboard' });
  try {
    await signIn(page, 'admin', '/admin');
    const metrics = page.getByRole('region', { name: 'Queue Metrics' });
    await expect(metrics.getByText('Paused: analyse')).toBeVisible();
    await expect(metrics).toContainText('e2e: paused for the dashboard');
    await expect(metrics.getByRole('link', { name: 'Resume on the tasks screen' })).toHaveAttribute(
      'href',
      '/admin/tasks',
    );
  } finally {
    await apiAs(request, 'admin', 'POST', '/admin/queues/analyse/resume', { reason: 'e2e: done' });
  }
  await page.reload();
  await expect(page.getByRole('region', { name: 'Queue Metrics' }).getByText(/^Paused:/)).toHaveCount(0);
});
