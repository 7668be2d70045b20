import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { IPC_CHANNELS, ipcMethodName } from '@ideamine/shared/ipc';
import { BIG_JOB_TASKS, startHarness, type Harness } from './harness';

// The console's renderer as operators use it: sign-in, the dashboard from the live server with
// every answer kept in the SQLite cache, native notifications on a threshold crossed, a
// restart showing cached data at once, then the server stopped mid-session: the console says
// so, every dashboard tab keeps working from the cache, and the history steps through,
// compares and exports snapshots. Tests run in order on one harness.

const SCREENS = path.resolve('test-results/screens');
let harness: Harness;

const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.addInitScript(harness.preload.script, harness.preload.arg);
      await use(errors);
      expect(errors, 'uncaught errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(180_000);
  harness = await startHarness();
});
test.afterAll(async () => harness?.close());

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENS, `${name}.png`) });

/** Opens the dashboard, signing in unless the sealed session from an earlier test is still there. */
async function signIn(page: Page) {
  await page.goto(`${harness.bridgeUrl}/admin`);
  const form = page.getByRole('form', { name: 'Sign in' });
  await expect(form.or(page.getByRole('heading', { name: 'Operations dashboard' }))).toBeVisible();
  if (!(await form.isVisible())) return;
  await page.getByLabel('Email').fill(harness.admin.email);
  await page.getByLabel('Password').fill(harness.admin.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Operations dashboard' })).toBeVisible();
}

test('the page gets exactly one console method per IPC channel', async ({ page }) => {
  await page.goto(`${harness.bridgeUrl}/console/settings`);
  const methods = await page.evaluate(() => Object.keys((window as unknown as { ideamine: object }).ideamine).sort());
  expect(methods).toEqual(Object.keys(IPC_CHANNELS).map(ipcMethodName).sort());
});

test('sign-in, then the dashboard shows live numbers and every answer lands in the cache', async ({ page }) => {
  await page.goto(`${harness.bridgeUrl}/admin`);
  await expect(page).toHaveURL(/\/console\/sign-in\?redirect=/);
  await signIn(page);
  await expect(page.getByText('Online')).toBeVisible();
  const metrics = page.getByRole('region', { name: 'Queue Metrics' });
  await expect(metrics.getByText(/Last updated \w{3}/)).toBeVisible();
  await expect(metrics.getByRole('alert')).toHaveCount(0);
  // The session is sealed by the main side, not kept in the page's storage.
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
  expect(harness.console.vault.load()?.user).toMatchObject({ email: harness.admin.email });
  // The collector fetches every call of the five tabs, whichever tab is open.
  await expect
    .poll(() => harness.console.snapshots.keys().map((k) => k.key), { timeout: 20_000 })
    .toEqual(
      expect.arrayContaining([
        '/dashboard/queue-metrics',
        '/dashboard/worker-stats',
        '/dashboard/job-stats?period=30d',
        '/dashboard/knowledge-metrics',
        '/dashboard/source-performance?limit=5&order=desc&sort=data_volume',
        '/dashboard/domain-health?issues_only=false&limit=5',
      ]),
    );
  await shot(page, 'console-dashboard');
});

test('a crawl error rate over its threshold raises one native notification', async () => {
  await expect
    .poll(() => harness.notifications.filter((n) => n.startsWith('Crawl error rate over its threshold')).length, {
      timeout: 20_000,
    })
    .toBe(1);
  expect(harness.notifications.find((n) => n.startsWith('Crawl'))).toMatch(
    /Crawl errors at 20% over the last 24 hours/,
  );
});

test('the tasks table stays usable at 100,000 rows', async ({ page }) => {
  await signIn(page);
  await page.goto(`${harness.bridgeUrl}/admin/tasks?job_id=${harness.seeded.bigJobId}`);
  const table = page.locator('.im-data-table').first();
  await expect(page.getByText(`${BIG_JOB_TASKS.toLocaleString('en-US')} tasks`).first()).toBeVisible({
    timeout: 15_000,
  });
  // Jump to the end: only the rows on screen are fetched and drawn.
  const body = table.locator('.bp6-table-quadrant-main .bp6-table-quadrant-scroll-container');
  await body.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(
    table
      .locator('.bp6-table-quadrant-main')
      .getByText(/big\.example\.test\/page\/\d+$/)
      .first(),
  ).toBeVisible();
  await shot(page, 'console-tasks-100k');
});

test('the jobs screen shows an operator whose job each is, and keeps the list for offline use', async ({ page }) => {
  await signIn(page);
  await page.goto(`${harness.bridgeUrl}/admin/jobs?tag=console-big`);
  const table = page.getByRole('region', { name: 'Jobs' });
  await expect(table.locator('.bp6-table-quadrant-top').getByText('Owner', { exact: true })).toBeVisible();
  // The seeded job has no creator (as a built-in schedule's jobs).
  await expect(table.locator('.bp6-table-quadrant-main').getByText('No owner', { exact: true })).toBeVisible();
  // Operators all see the same list, so it is kept (a trial user's never is: caching-fetch.test.ts).
  await expect
    .poll(() => harness.console.snapshots.keys().map((k) => k.key))
    .toEqual(expect.arrayContaining([expect.stringMatching(/^\/jobs\?.*tag=console-big/)]));
  await shot(page, 'console-jobs-owner');
});

test("the console shows the admin's own watchlists and their alerts per day", async ({ page }) => {
  await signIn(page);
  await page.getByRole('link', { name: 'My watchlists' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'My watchlists' })).toBeVisible();
  const row = page.getByRole('table', { name: 'Watchlists' }).getByRole('row', { name: /Console ideas/ });
  await expect(row).toContainText('“console”');
  await expect(row.getByRole('cell').nth(2)).toHaveText('8');
  await expect(page.getByRole('region', { name: 'Alerts per day' })).toContainText(
    '8 alerts in the last 30 days, growing',
  );
  await shot(page, 'console-watchlists');
});

test('a restart shows the cached data at once, then the live data', async ({ page }) => {
  await signIn(page);
  await page.reload();
  const metrics = page.getByRole('region', { name: 'Queue Metrics' });
  await expect(metrics.getByText('Crawl tasks queue')).toBeVisible();
  await expect(page.getByText('Online')).toBeVisible();
});

test('with the server stopped mid-session every tab works from the cache, and it says so', async ({ page }) => {
  await signIn(page);
  await expect(page.getByText('Online')).toBeVisible();
  await harness.stopApi();
  try {
    const metrics = page.getByRole('region', { name: 'Queue Metrics' });
    await metrics.getByRole('button', { name: 'Refresh Queue Metrics' }).click();
    const banner = page.getByRole('alert').filter({ hasText: 'cannot be reached' });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(/Showing data cached at \w{3} \d+, \d\d:\d\d:\d\d/);
    await expect(page.locator('.im-topnav').getByText('Offline', { exact: true })).toBeVisible();
    for (const tab of ['Overview', 'System Health', 'Knowledge & Insights', 'Data Sources']) {
      await page.getByRole('tab', { name: tab }).click();
      const panel = page.getByRole('tabpanel');
      await expect(panel.locator('.im-widget').first(), tab).toBeVisible();
      await expect(panel.getByText(/Using mock data instead/), tab).toHaveCount(0);
    }
    await shot(page, 'console-offline');

    // The history works from the cache alone.
    await page.getByRole('link', { name: 'Snapshot history' }).click();
    await page.getByRole('menuitem', { name: /\/dashboard\/queue-metrics/ }).click();
    const snapshots = page.getByRole('region', { name: 'Snapshots' });
    await expect(snapshots.locator('tbody tr').nth(1)).toBeVisible();
    const view = page.getByRole('region', { name: 'Snapshot' });
    await expect(view.locator('pre')).toContainText('crawl_tasks_queue');
    await view.getByRole('button', { name: 'Older', exact: true }).click();
    await expect(snapshots.locator('tbody tr').nth(1)).toHaveAttribute('aria-selected', 'true');
    await view.getByRole('button', { name: 'Newer', exact: true }).click();
    await expect(snapshots.locator('tbody tr').first()).toHaveAttribute('aria-selected', 'true');
    await view.getByRole('button', { name: 'Compare with older' }).click();
    const comparison = page.getByRole('region', { name: 'Comparison' });
    await expect(comparison.getByText(/changed, \d+ unchanged/)).toBeVisible();
    const download = page.waitForEvent('download');
    await view.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^dashboard-queue-metrics-.*\.csv$/);
    const csv = await (await import('node:fs/promises')).readFile((await file.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('path,value');
    expect(csv).toContain('data.crawl_tasks_queue.depth,');
    await shot(page, 'console-history');
  } finally {
    await harness.startApi();
  }
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await page
    .getByRole('region', { name: 'Queue Metrics' })
    .getByRole('button', { name: 'Refresh Queue Metrics' })
    .click();
  await expect(page.getByText('Online')).toBeVisible();
});

test('console settings: the server address is checked, the cache limits apply', async ({ page }) => {
  await signIn(page);
  await page.goto(`${harness.bridgeUrl}/console/settings`);
  await page.getByLabel('Ideamine server').fill('ftp://files.example');
  await page.getByRole('button', { name: 'Save server' }).click();
  await expect(page.getByText(/server_url must be an http\(s\) address/)).toBeVisible();
  const cache = page.getByRole('region', { name: 'Metrics cache' });
  await expect(cache.getByText(/snapshots? of \d+ calls?/)).toBeVisible();
  await cache.getByLabel('Keep snapshots for (days)').fill('14');
  await cache.getByRole('button', { name: 'Apply and prune' }).click();
  await expect(page.getByText('Cache keeps 14 days, at most 1,024 MB')).toBeVisible();
  expect(harness.console.snapshots.settings()).toEqual({ retention_days: 14, max_megabytes: 1024 });
  await shot(page, 'console-settings');
});
