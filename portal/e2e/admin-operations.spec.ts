import { apiAs, expect, screenshot, signIn, test } from './fixtures';

// The admin operations screens against the real server: knowledge recovery, system health,
// LLM monitoring, analytics and engagement, and a backup created, verified, downloaded and
// restored from the screen (the restore runs last: it puts every record back as it was).

test('recovery restores a deleted idea and purges another for good', async ({ page, request }) => {
  const [victim] = await apiAs<{ id: number }[]>(
    request,
    'admin',
    'GET',
    '/data/knowledge?page_size=1&sort=title&order=asc',
  );
  await apiAs(request, 'admin', 'DELETE', `/data/knowledge/${victim!.id}`);

  await signIn(page, 'admin', '/admin/recovery');
  const table = page.getByRole('region', { name: 'Deleted ideas' });
  await expect(table.getByText('A deleted idea waiting in recovery')).toBeVisible();
  await screenshot(page, 'admin-recovery');

  await page.getByLabel('Search deleted ideas').fill('waiting in recovery');
  await page.getByLabel('Search deleted ideas').press('Enter');
  await expect(page).toHaveURL(/search=waiting/);
  await expect(table.getByText('1 deleted ideas')).toBeVisible();
  await table.getByRole('checkbox').first().check({ force: true });
  await page.getByRole('button', { name: 'Restore (1)' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText('Restored 1 idea')).toBeVisible();
  await expect(table.getByText('A deleted idea waiting in recovery')).toHaveCount(0);
  const restored = await apiAs<{ title: string; deleted_at: string | null }[]>(
    request,
    'admin',
    'GET',
    '/data/knowledge?search=waiting%20in%20recovery',
  );
  expect(restored.map((i) => i.title)).toContain('A deleted idea waiting in recovery');

  await page.getByLabel('Search deleted ideas').fill('');
  await page.getByLabel('Search deleted ideas').press('Enter');
  await table.getByRole('checkbox', { name: `Select row ${victim!.id}` }).check({ force: true });
  await page.getByRole('button', { name: 'Purge (1)' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Purge for good' }).click();
  await expect(page.getByText('Purged 1 idea')).toBeVisible();
  const left = await apiAs<{ id: number }[]>(request, 'admin', 'GET', '/admin/recovery/knowledge');
  expect(left.map((i) => i.id)).not.toContain(victim!.id);
});

test('system health shows every probe, the API process, the widgets and the error log', async ({ page }) => {
  await signIn(page, 'admin', '/admin/system-health');
  for (const name of ['System Status', 'Queue Metrics', 'Error Monitoring', 'Worker Performance', 'Database Status'])
    await expect(page.getByRole('region', { name }).getByText(/Last updated \w{3} \d+/), name).toBeVisible();
  const process = page.getByRole('region', { name: 'API process' });
  await expect(process.getByText(/^v20\./)).toBeVisible();
  await expect(process.getByText(/PostgreSQL|^\d+\.\d+/).first()).toBeVisible();
  await page.getByRole('button', { name: 'Probe now' }).click();
  await expect(page.getByText('Every component probed again')).toBeVisible();
  await expect(process.getByText('just probed')).toBeVisible();
  const log = page.getByRole('region', { name: 'Failed tasks' });
  await expect(log.getByText(/\b\d+ failed tasks|No errors recorded/)).toBeVisible();
  await screenshot(page, 'admin-system-health-page');
});

test('LLM monitoring shows the calls per model from the database and opens a model', async ({ page, request }) => {
  const calls = async () =>
    (await apiAs<{ totals: { calls: number } }>(request, 'admin', 'GET', '/admin/llm-monitoring?period=7d')).totals
      .calls;
  // The server's workers may make a call meanwhile: the page shows a count between the two reads.
  const before = await calls();
  await signIn(page, 'admin', '/admin/llm-monitoring');
  await expect(page.getByText('Calls', { exact: true }).first()).toBeVisible();
  const stat = page.locator('.im-stat-value').first();
  await expect(stat).toHaveText(/^[\d,]+$/);
  const shown = Number((await stat.textContent())!.replace(/,/g, ''));
  expect(shown).toBeGreaterThanOrEqual(before);
  expect(shown).toBeLessThanOrEqual(await calls());
  const models = page.getByRole('region', { name: 'Models' });
  await expect(models.getByRole('link', { name: 'local-rules', exact: true })).toBeVisible();
  await expect(models.getByRole('link', { name: 'gpt-4o-mini', exact: true })).toBeVisible();
  await expect(page.getByLabel('Calls per day').locator('[_echarts_instance_] svg')).toHaveCount(1);
  // Table2 draws its header twice (scrolling body and sticky top); the sticky one takes clicks.
  const sortByModel = models.locator('.bp6-table-quadrant-top').getByRole('button', { name: 'Sort by Model' });
  await sortByModel.click();
  await expect(sortByModel).toHaveAccessibleName('Sort by Model (sorted descending)');
  await expect(models.locator('.bp6-table-quadrant-main .bp6-table-cell').first()).toHaveText(/^local-rules/);
  await sortByModel.click();
  await expect(sortByModel).toHaveAccessibleName('Sort by Model (sorted ascending)');
  await expect(models.locator('.bp6-table-quadrant-main .bp6-table-cell').first()).toHaveText('gpt-4o-mini');
  await screenshot(page, 'admin-llm-monitoring');

  await page.getByRole('radio', { name: '24h' }).click();
  await expect(page).toHaveURL(/period=24h/);
  await expect(page.getByLabel('Calls per hour').locator('[_echarts_instance_] svg')).toHaveCount(1);

  await models.getByRole('link', { name: 'gpt-4o-mini', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Model gpt-4o-mini' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Calls' }).getByText('40 calls')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Recent errors' }).getByText('timeout after 30 s').first(),
  ).toBeVisible();
  await screenshot(page, 'admin-llm-model');
});

test('analytics and engagement show the aggregates the API computes', async ({ page, request }) => {
  const analytics = await apiAs<{ page_views: number; unique_visitors: number }>(
    request,
    'admin',
    'GET',
    '/admin/analytics?period=30d',
  );
  await signIn(page, 'admin', '/admin/analytics?period=30d');
  const views = page.locator('.bp6-card', { hasText: 'Page views' }).locator('.im-stat-value');
  await expect(views).toHaveText(analytics.page_views.toLocaleString('en-US'));
  await expect(page.getByRole('region', { name: 'Sign-up funnel' }).getByText('Started a trial')).toBeVisible();
  await expect(page.getByLabel('Per day').locator('[_echarts_instance_] svg')).toHaveCount(1);
  await screenshot(page, 'admin-analytics');

  const engagement = await apiAs<{ totals: { views: number; votes: number } }>(
    request,
    'admin',
    'GET',
    '/admin/engagement?period=30d',
  );
  await page.goto('/admin/engagement?period=30d');
  const votes = page.locator('.bp6-card', { hasText: 'Votes' }).locator('.im-stat-value');
  await expect(votes).toHaveText(engagement.totals.votes.toLocaleString('en-US'));
  await expect(page.getByRole('region', { name: 'Most engaging ideas' })).toBeVisible();
  await screenshot(page, 'admin-engagement');
});

test('a backup is scheduled, created, verified, downloaded and restored from the screen', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin', '/admin/backup');
  const schedule = page.getByRole('region', { name: 'Schedule and retention' });
  await schedule.getByLabel('Schedule (cron, UTC)').fill('every night');
  await schedule.getByRole('button', { name: 'Save schedule' }).click();
  await expect(schedule.getByText(/cron expression of five fields/)).toBeVisible();
  await schedule.getByLabel('Schedule (cron, UTC)').fill('0 3 * * *');
  await schedule.getByLabel('Scheduled backups kept').fill('5');
  await schedule.getByRole('button', { name: 'Save schedule' }).click();
  await expect(page.getByText('Backups scheduled at "0 3 * * *" (UTC), keeping 5')).toBeVisible();
  await page.reload();
  await expect(schedule.getByLabel('Schedule (cron, UTC)')).toHaveValue('0 3 * * *');
  await expect(schedule.getByLabel('Scheduled backups kept')).toHaveValue('5');

  await page.getByRole('button', { name: 'Create backup' }).click();
  await expect(page.getByText(/Backup .* created \(/)).toBeVisible({ timeout: 60_000 });
  const table = page.getByRole('table', { name: 'Backups' });
  const row = table.locator('tbody tr').first();
  await expect(row.getByText('Not verified')).toBeVisible();

  await row.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('status').getByText(/verified/)).toBeVisible({ timeout: 60_000 });
  await expect(row.getByText(/^Verified /)).toBeVisible();

  const fileName = (await row.locator('td').first().locator('div').first().textContent())!.trim();
  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe(fileName);
  await screenshot(page, 'admin-backups');

  // A change made after the backup is undone by the restore.
  await apiAs(request, 'admin', 'POST', '/rate-limits', {
    domain_pattern: 'made-after-backup.test',
    requests_per_minute: 5,
  });
  await row.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Changes made since then are lost');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Restore this backup' }).click();
  await expect(page.getByText(/^Restored .*every record is now as it was/)).toBeVisible({ timeout: 60_000 });
  const limits = await apiAs<{ domain_pattern: string }[]>(request, 'admin', 'GET', '/rate-limits?page_size=100');
  expect(limits.map((l) => l.domain_pattern)).not.toContain('made-after-backup.test');
  await expect(row.getByText(/^Restored /)).toBeVisible();

  await page.goto('/admin/backup-v2');
  await expect(page.getByRole('table', { name: 'Backups' }).getByText(fileName)).toBeVisible();
});
