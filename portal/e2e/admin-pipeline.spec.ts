import type { Locator, Page } from '@playwright/test';
import { apiAs, e2eState, expect, pressEscapeIn, screenshot, signIn, test, withServerDatabase } from './fixtures';

// The pipeline operator screens: a job started from the form and followed until its ideas show,
// the jobs list with URL filters and sort, tasks with a counted bulk retry, a 10,000-task list
// that scrolls and copies, raw data by hand (content shown as text), and the role guards.

/** Table2 draws its header twice; the copy in the top quadrant is the one on top. */
const sortBy = (table: Locator, column: string) =>
  table
    .locator('.bp6-table-quadrant-top')
    .getByRole('button', { name: `Sort by ${column}` })
    .click();

/** The link texts of a dense table's body, in row order. */
const linkTexts = (table: Locator) => table.locator('.bp6-table-quadrant-main .bp6-table-cell a').allInnerTexts();

const jobIdOf = (page: Page) => Number(/\/admin\/jobs\/(\d+)/.exec(page.url())?.[1]);

test('an admin starts a job, watches it run and opens an idea it produced', async ({ page }) => {
  test.setTimeout(150_000);
  const tag = `e2e-pipeline-${Date.now()}`;
  await signIn(page, 'admin', '/admin/jobs/new');
  await page.getByRole('textbox', { name: /^Start URL/ }).fill('not a url');
  await page.getByRole('button', { name: 'Start job' }).click();
  await expect(page.getByText('initial_url must be an absolute http(s) URL')).toBeVisible();

  await page.getByRole('textbox', { name: /^Start URL/ }).fill(`${e2eState().siteUrl}/`);
  await page.getByLabel('Tag').fill(tag);
  await page.getByLabel('Max pages').fill('20');
  await page.getByLabel('Max depth').fill('1');
  await page.getByRole('button', { name: 'Start job' }).click();
  await expect(page).toHaveURL(/\/admin\/jobs\/\d+$/);
  await expect(page.getByRole('heading', { name: `Job ${jobIdOf(page)}: ${tag}` })).toBeVisible();
  const progress = page.getByRole('region', { name: 'Progress' });
  for (const stage of ['Crawl', 'Transform', 'Enrich', 'Analyse'])
    await expect(progress.getByRole('group', { name: stage })).toBeVisible();

  // The page follows the job by itself: no reload, no fixed sleep.
  const status = page.getByLabel('Properties').locator('dd').nth(1);
  await expect(status).toHaveText(/^(completed|partially completed)$/, { timeout: 100_000 });
  await expect(progress.getByText('Following the job')).toHaveCount(0);
  await expect(progress.getByRole('group', { name: 'Crawl' })).toContainText('completed');
  // Completed means its ideas are scored too, not only its pages read.
  await expect(progress.getByRole('group', { name: 'Analyse' })).toContainText(
    /of [1-9]\d* ideas finished \(100(\.0)?%\)/,
  );
  const crawlTable = page.getByRole('region', { name: 'Crawl tasks' });
  await expect(crawlTable.getByText(`${e2eState().siteUrl}/`, { exact: true })).toBeVisible();
  await screenshot(page, 'admin-job-detail');

  // Run one finished crawl task again: the job reopens, the page follows it to the end again.
  const rerun = crawlTable.getByRole('button', { name: /^Run again: crawl task \d+$/ }).first();
  await rerun.click();
  await expect(page.getByText('Crawl task queued')).toBeVisible();
  await expect(status).toHaveText(/^(completed|partially completed)$/, { timeout: 60_000 });

  await page.getByRole('tab', { name: /^Ideas/ }).click();
  await expect(page).toHaveURL(/tab=ideas/);
  const ideas = page.getByRole('region', { name: 'Ideas' });
  await expect(ideas.locator('.bp6-table-quadrant-main .bp6-table-cell a').first()).toBeVisible({ timeout: 20_000 });
  await screenshot(page, 'admin-job-ideas');
  const title = (await linkTexts(ideas))[0]!;
  await ideas.locator('.bp6-table-quadrant-main .bp6-table-cell a').first().click();
  await expect(page).toHaveURL(/\/admin\/knowledge\/\d+$/);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();

  // The job is listed under its tag, and the edit screen renames it.
  await page.goto(`/admin/jobs?tag=${tag}`);
  const jobs = page.getByRole('region', { name: 'Jobs' });
  await expect(jobs.getByText('1 jobs')).toBeVisible();
  await jobs.getByRole('link', { name: `${e2eState().siteUrl}/` }).click();
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Tag').fill(`${tag}-renamed`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: `Job ${jobIdOf(page)}: ${tag}-renamed` })).toBeVisible();
});

test('an admin cancels a waiting job after confirming, then deletes it', async ({ page, request }) => {
  // With the crawl queue paused the new job waits, so the test cancels it without a race.
  await apiAs(request, 'admin', 'POST', '/admin/queues/crawl/pause', { reason: 'e2e: hold a job to cancel' });
  try {
    // The workers stop fetching within a second or so; the queue state says when they all have.
    await expect
      .poll(async () => {
        const queues = await apiAs<{ queue: string; workers: number; workers_paused: number }[]>(
          request,
          'admin',
          'GET',
          '/admin/queues',
        );
        const crawl = queues.find((q) => q.queue === 'crawl')!;
        return crawl.workers > 0 && crawl.workers_paused === crawl.workers;
      })
      .toBe(true);
    const job = await apiAs<{ id: number }>(request, 'admin', 'POST', '/jobs', {
      initial_url: `${e2eState().siteUrl}/about`,
      tag: `e2e-cancel-${Date.now()}`,
      max_pages: 1,
    });
    await signIn(page, 'admin', `/admin/jobs/${job.id}`);
    await expect(page.getByRole('region', { name: 'Progress' }).getByText('Following the job')).toBeVisible();
    await page.getByRole('button', { name: 'Cancel job' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Its pending tasks are skipped');
    await confirm.getByRole('button', { name: 'Cancel job' }).click();
    await expect(page.getByText(`Job ${job.id} cancelled`)).toBeVisible();
    await expect(page.getByLabel('Properties').locator('dd').nth(1)).toHaveText('skipped');
    await expect(page.getByRole('button', { name: 'Cancel job' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Crawl tasks' })).toContainText('Job cancelled');

    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/admin\/jobs$/);
    await expect(page.getByText('Job deleted')).toBeVisible();
    await page.goto(`/admin/jobs/${job.id}`);
    await expect(page.getByText('Job not found')).toBeVisible();
  } finally {
    await apiAs(request, 'admin', 'POST', '/admin/queues/crawl/resume', { reason: 'e2e: done' });
  }
});

test('a pattern the linear-time engine cannot run is refused on the form; one stored earlier shows as skipped', async ({
  page,
  request,
}) => {
  await signIn(page, 'admin', '/admin/jobs/new');
  await page.getByRole('textbox', { name: /^Start URL/ }).fill(`${e2eState().siteUrl}/about`);
  await page.getByLabel('Include patterns').fill('/about\n/ideas/(?=\\d)');
  await page.getByRole('button', { name: 'Start job' }).click();
  await expect(page.getByText(/^include_patterns\.1 "\/ideas\/\(\?=\\d\)" uses a lookahead/)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/jobs\/new$/);

  // A job saved before patterns were checked: the crawler skips the pattern, the page says so.
  const job = await apiAs<{ id: number }>(request, 'admin', 'POST', '/jobs', {
    initial_url: `${e2eState().siteUrl}/about`,
    tag: `e2e-patterns-${Date.now()}`,
    max_pages: 1,
  });
  await withServerDatabase((db) =>
    db.query('UPDATE jobs SET include_patterns = $1 WHERE id = $2', [['/about', '(\\w+)/\\1'], job.id]),
  );
  await page.goto(`/admin/jobs/${job.id}`);
  const skipped = page.getByRole('list', { name: 'Skipped patterns' });
  await expect(skipped).toContainText('The include pattern (\\w+)/\\1 uses a backreference (\\1)');
  await screenshot(page, 'admin-job-skipped-patterns');
});

test('the jobs list filters by status from the URL and sorts by column', async ({ page }) => {
  await signIn(page, 'admin', '/admin/jobs?status=completed');
  const table = page.getByRole('region', { name: 'Jobs' });
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('completed');
  await expect(table.getByText('seeded-big-crawl', { exact: true })).toBeVisible();
  await expect(table.getByText('seeded-failures')).toHaveCount(0);
  const statuses = await table.locator('.bp6-table-quadrant-main .bp6-tag').allInnerTexts();
  expect(statuses.length).toBeGreaterThan(0);
  expect(new Set(statuses)).toEqual(new Set(['completed']));
  await screenshot(page, 'admin-jobs');

  await page.getByLabel('Status', { exact: true }).selectOption('partially_completed');
  await expect(page).toHaveURL(/status=partially_completed/);
  await expect(table.getByText('seeded-failures', { exact: true })).toBeVisible();
  await expect(table.getByText('seeded-big-crawl')).toHaveCount(0);

  await page.getByLabel('Status', { exact: true }).selectOption('');
  await expect(page).not.toHaveURL(/status=/);
  await sortBy(table, 'Start URL');
  await expect(page).toHaveURL(/sort=initial_url/);
  await expect(page).toHaveURL(/order=desc/);
  await expect.poll(async () => (await linkTexts(table))[0]).toBe('https://big.example.test/');
  const descending = await linkTexts(table);
  await sortBy(table, 'Start URL');
  await expect(page).toHaveURL(/order=asc/);
  await expect.poll(async () => (await linkTexts(table))[0]).not.toBe('https://big.example.test/');
  const ascending = await linkTexts(table);
  expect(ascending).toEqual([...ascending].sort());
  expect(descending).toEqual([...descending].sort().reverse());

  // The dashboard's link: running jobs only.
  await page.goto('/admin/jobs?status=active');
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('active');
  await expect(table.getByText('seeded-big-crawl')).toHaveCount(0);
});

test('a bulk retry on the failing job counts the tasks first and needs a reason', async ({ page, request }) => {
  const { failingJobId, failedTasks } = e2eState().seeded;
  await signIn(page, 'admin', `/admin/tasks?job_id=${failingJobId}&status=failed`);
  // The queues panel: folded while all is well; pause and resume the crawl queue with a reason.
  const queues = page.getByRole('region', { name: 'Queues' });
  await expect(queues.getByText(/waiting · \d+ dead letters? · all \d+ running/)).toBeVisible();
  await queues.getByRole('button', { name: 'Show queues' }).click();
  await queues.getByRole('button', { name: 'Pause queue crawl' }).click();
  const pause = page.getByRole('dialog', { name: 'Pause queue crawl' });
  await expect(pause.getByRole('button', { name: 'Pause', exact: true })).toBeDisabled();
  await pause.getByLabel('Reason').fill('e2e maintenance');
  await pause.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect(pause).toBeHidden();
  await expect(queues.getByRole('row', { name: /crawl paused/ })).toContainText('e2e maintenance');
  // The e2e server runs one worker process; the panel reloads every 5 s.
  await expect(queues.getByRole('row', { name: /crawl paused/ })).toContainText('stopped on the worker', {
    timeout: 10_000,
  });
  await screenshot(page, 'admin-tasks-queues');
  await queues.getByRole('button', { name: 'Resume queue crawl' }).click();
  const resume = page.getByRole('dialog', { name: 'Resume queue crawl' });
  await resume.getByLabel('Reason').fill('e2e maintenance over');
  await resume.getByRole('button', { name: 'Resume', exact: true }).click();
  await expect(queues.getByRole('button', { name: 'Pause queue crawl' })).toBeVisible();

  const table = page.getByRole('region', { name: 'Tasks' });
  await expect(table.getByText(`${failedTasks} tasks`, { exact: true })).toBeVisible();
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('failed');
  await screenshot(page, 'admin-tasks');

  await table.getByRole('button', { name: 'Retry...' }).click();
  const dialog = page.getByRole('dialog', { name: 'Retry tasks' });
  await expect(dialog.getByText(`This will retry ${failedTasks} tasks.`)).toBeVisible();
  const confirm = dialog.getByRole('button', { name: `Retry ${failedTasks} tasks` });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Reason').fill('demo site is back');
  await screenshot(page, 'admin-tasks-bulk-retry');
  await confirm.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Retried ${failedTasks} tasks`)).toBeVisible();
  await expect(table.getByText('No tasks match these filters.')).toBeVisible();

  const seededUrls = Array.from({ length: failedTasks }, (_, i) => `${e2eState().siteUrl}/ideas/${i + 1}`);
  const stillFailed = await apiAs<{ url: string }[]>(
    request,
    'admin',
    'GET',
    `/tasks/crawl?job_id=${failingJobId}&status=failed&page_size=100`,
  );
  expect(stillFailed.filter((t) => seededUrls.includes(t.url))).toEqual([]);
  const search = await apiAs<{ url: string; status: string; skip_reason: string | null }[]>(
    request,
    'admin',
    'GET',
    `/admin/queues/tasks?kind=crawl&job_id=${failingJobId}&q=${encodeURIComponent('/ideas/')}&page_size=100`,
  );
  const retried = search.filter((t) => seededUrls.includes(t.url));
  expect(retried).toHaveLength(failedTasks);
  for (const t of retried) {
    // Another job may have fetched the page since: the crawler then asks "modified since?" and
    // a 304 ends the task as skipped with that reason. Either way it is no longer failed.
    expect(['pending', 'active', 'completed', 'skipped']).toContain(t.status);
    if (t.status === 'skipped') expect(t.skip_reason).toBe('Not modified since the last crawl');
  }
});

test('the tasks of the 10,000-task job scroll to the end and checked rows copy as TSV', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { bigJobId, bigJobTasks } = e2eState().seeded;
  await signIn(page, 'admin', `/admin/tasks?job_id=${bigJobId}`);
  const table = page.getByRole('region', { name: 'Tasks' });
  await expect(table.getByText(`${bigJobTasks.toLocaleString('en-US')} tasks`, { exact: true })).toBeVisible();
  const cells = table.locator('.bp6-table-quadrant-main .bp6-table-cell');
  const pageCell = (n: number) => cells.filter({ hasText: new RegExp(`^https://big\\.example\\.test/page/${n}$`) });
  // The order is the API's (most recently updated first): one end holds page 10000, the other page 1.
  await expect(cells.filter({ hasText: /^https:\/\/big\.example\.test\/page\/\d+$/ }).first()).toBeVisible();
  const topIsLast = (await pageCell(bigJobTasks).count()) > 0;
  const [top, bottom] = topIsLast ? [bigJobTasks, 1] : [1, bigJobTasks];
  await expect(pageCell(top)).toBeVisible();
  await expect(pageCell(bottom)).toHaveCount(0);

  const scroller = table.locator('.bp6-table-quadrant-main .bp6-table-quadrant-scroll-container');
  await scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(pageCell(bottom)).toBeVisible();
  await expect(pageCell(top)).toHaveCount(0);
  await expect(cells.filter({ hasText: /^completed$/ }).first()).toBeVisible();
  await scroller.evaluate((el) => el.scrollIntoView({ block: 'end' }));
  await screenshot(page, 'admin-tasks-big-job-end');

  // Blueprint's checkbox indicator covers the input: click its label, as a person does.
  const checks = table.locator('.bp6-table-quadrant-main label.bp6-checkbox');
  await checks.last().click();
  await checks.nth((await checks.count()) - 2).click();
  await expect(table.getByText('2 selected')).toBeVisible();
  await table.getByRole('button', { name: 'Copy selected' }).click();
  await expect(page.getByText('Copied 2 rows')).toBeVisible();
  const text = await page.evaluate(() => navigator.clipboard.readText());
  const lines = text.split('\n');
  expect(lines).toHaveLength(3);
  const header = lines[0]!.split('\t');
  expect(header.slice(0, 4)).toEqual(['Kind', 'Id', 'Job', 'Status']);
  const urlAt = header.indexOf('URL');
  for (const line of lines.slice(1)) {
    const cells = line.split('\t');
    expect(cells[0]).toBe('crawl');
    expect(cells[2]).toBe(String(bigJobId));
    expect(cells[3]).toBe('completed');
    expect(cells[urlAt]).toMatch(/^https:\/\/big\.example\.test\/page\/\d+$/);
  }
});

test('a developer adds a raw page by hand, sees its content as text, edits and deletes it', async ({ page }) => {
  const url = `https://manual.example.test/e2e-${Date.now()}`;
  const script = '<script>window.__rawScriptRan = true</script>';
  await signIn(page, 'developer', '/admin/data/raw');
  await expect(page.getByRole('region', { name: 'Raw data' }).getByText(/^\d+ raw pages$/)).toBeVisible();
  await page.getByRole('button', { name: 'New raw page' }).click();
  await expect(page).toHaveURL(/\/admin\/data\/raw\/new$/);
  await page.getByLabel('URL').fill('ftp://nope');
  await page.getByRole('textbox', { name: /^Content/ }).fill('x');
  await page.getByRole('button', { name: 'Add raw page' }).click();
  await expect(page.getByText('url must be an absolute http(s) URL')).toBeVisible();

  await page.getByLabel('URL').fill(url);
  await page
    .getByRole('textbox', { name: /^Content/ })
    .fill(`<html><body><h1>Clinic scheduler</h1>${script}<p>Fills cancelled appointments.</p></body></html>`);
  await page.getByRole('button', { name: 'Add raw page' }).click();
  await expect(page).toHaveURL(/\/admin\/data\/raw\/\d+$/);
  const content = page.getByLabel('Raw content');
  await expect(content).toContainText(script);
  await expect(page.getByRole('heading', { name: 'Clinic scheduler' })).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __rawScriptRan?: boolean }).__rawScriptRan)).toBeUndefined();
  await screenshot(page, 'admin-raw-data-detail');

  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('textbox', { name: /^Content/ })).toHaveValue(/Clinic scheduler/);
  await page.getByRole('textbox', { name: /^Content/ }).fill('Plain text: a scheduler for clinics, edited.');
  await page.getByLabel('Content type').selectOption('text/plain');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/admin\/data\/raw\/\d+$/);
  await expect(content).toHaveText('Plain text: a scheduler for clinics, edited.');
  await expect(page.getByLabel('Properties')).toContainText('text/plain');

  await page.goto(`/admin/data/raw?search=${encodeURIComponent('manual.example.test/e2e-')}`);
  const list = page.getByRole('region', { name: 'Raw data' });
  await expect(list.getByRole('link', { name: url })).toBeVisible();
  await screenshot(page, 'admin-raw-data');
  await list.getByRole('link', { name: url }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/admin\/data\/raw$/);
  await expect(page.getByRole('region', { name: 'Raw data' }).getByRole('link', { name: url })).toHaveCount(0);
});

test("a trial user sees only their own jobs, operators everyone's with the owner; not raw data", async ({
  page,
  request,
}) => {
  // A job of the trial user's own (whether the workers have run it yet does not matter here).
  const tag = `e2e-trial-own-${Date.now()}`;
  const own = await apiAs<{ id: number }>(request, 'trial', 'POST', '/jobs', {
    initial_url: `${e2eState().siteUrl}/about`,
    tag,
    max_pages: 1,
  });
  await signIn(page, 'trial', '/admin/jobs');
  const table = page.getByRole('region', { name: 'Jobs' });
  await expect(table.getByText(tag, { exact: true })).toBeVisible();
  await expect(page.getByText('Your crawl jobs:')).toBeVisible();
  // Other users' jobs are not listed, and with only their own there is no owner column.
  await expect(table.getByText('seeded-failures', { exact: true })).toHaveCount(0);
  await expect(table.locator('.bp6-table-quadrant-top').getByText('Owner', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'New job' })).toBeVisible();
  await screenshot(page, 'admin-jobs-trial');

  await page.goto(`/admin/jobs/${own.id}`);
  await expect(page.getByRole('heading', { name: `Job ${own.id}: ${tag}` })).toBeVisible();
  await expect(page.getByLabel('Properties')).toContainText('trial_user');
  await expect(page.getByRole('tab', { name: /^Crawl tasks/ })).toBeVisible();
  await expect(page.getByRole('tab', { name: /^Raw data/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(
    page.getByRole('region', { name: 'Crawl tasks' }).getByText(`${e2eState().siteUrl}/about`, { exact: true }),
  ).toBeVisible();
  await screenshot(page, 'admin-job-detail-trial');

  // Another user's job does not exist for them.
  await page.goto(`/admin/jobs/${e2eState().seeded.failingJobId}`);
  await expect(page.getByText('Job not found')).toBeVisible();

  await page.goto('/admin/data/raw');
  await expect(page.getByText('Access Restricted')).toBeVisible();
  await screenshot(page, 'admin-raw-data-trial');

  // An operator sees every job, with whose it is.
  await signIn(page, 'developer', `/admin/jobs?tag=${tag}`);
  const operatorTable = page.getByRole('region', { name: 'Jobs' });
  await expect(operatorTable.locator('.bp6-table-quadrant-top').getByText('Owner', { exact: true })).toBeVisible();
  await expect(
    operatorTable.locator('.bp6-table-quadrant-main').getByText('trial_user', { exact: true }),
  ).toBeVisible();
  await page.goto('/admin/jobs?tag=seeded-failures');
  await expect(operatorTable.locator('.bp6-table-quadrant-main').getByText('No owner', { exact: true })).toBeVisible();
  await screenshot(page, 'admin-jobs-owner');
});

test('an admin pages through everything the pre-filter dropped from a feed and keeps one item as an idea', async ({
  page,
  request,
}) => {
  // A job whose one page the pre-filter dropped 150 items from: recorded as the transform stage
  // records them (a preview of 20 on the task, every item in its own row).
  const job = await apiAs<{ id: number }>(request, 'admin', 'POST', '/jobs', {
    initial_url: `${e2eState().siteUrl}/about`,
    tag: `e2e-dropped-${Date.now()}`,
    max_pages: 1,
  });
  await expect
    .poll(async () => (await apiAs<{ status: string }>(request, 'admin', 'GET', `/jobs/${job.id}`)).status, {
      timeout: 30_000,
    })
    .toMatch(/^(completed|partially completed)$/);
  const [task] = await apiAs<{ id: number }[]>(request, 'admin', 'GET', `/tasks/transform?job_id=${job.id}`);
  const dropped = Array.from({ length: 150 }, (_, i) => ({
    title: `[Hiring] Designer wanted ${i + 1}`,
    url: `${e2eState().siteUrl}/jobs-board/${i + 1}`,
    reason: 'not an idea: hiring post',
  }));
  await withServerDatabase(async (db) => {
    await db.query(
      `UPDATE transform_tasks SET status = 'skipped', skip_reason = 'not ideas: 150 items (150 hiring post)',
         dropped_items = $2, dropped_count = 150 WHERE id = $1`,
      [task!.id, JSON.stringify(dropped.slice(0, 20))],
    );
    await db.query('DELETE FROM transform_dropped_items WHERE task_id = $1', [task!.id]);
    await db.query(
      `INSERT INTO transform_dropped_items (task_id, position, url, title, reason)
       SELECT $1, p - 1, $2 || p, 'Designer wanted ' || p, 'not an idea: hiring post' FROM generate_series(1, 150) AS p`,
      [task!.id, `${e2eState().siteUrl}/jobs-board/`],
    );
  });

  await signIn(page, 'admin', `/admin/jobs/${job.id}`);
  // The progress says why the page was skipped and leads to the page's dropped posts.
  const progress = page.getByRole('region', { name: 'Progress' });
  await expect(
    progress.getByText(
      /^1 page kept no post: skipped because the pre-filter judged every post on it not to be an idea\. 150 posts judged not ideas in all/,
    ),
  ).toBeVisible();
  await expect(progress.getByText('Posts judged not ideas', { exact: true })).toBeVisible();
  await screenshot(page, 'admin-job-not-ideas');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(progress.getByRole('link', { name: 'Transform tasks' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, 'admin-job-not-ideas-phone');
  await page.setViewportSize({ width: 1440, height: 900 });
  await progress.getByRole('link', { name: 'Transform tasks' }).click();
  await expect(page).toHaveURL(/tab=transform/);
  const tasks = page.getByRole('region', { name: 'Transform tasks' });
  // The task's row shows the first 20 with their reasons and opens the rest.
  await tasks.getByText('not ideas: 150 items (150 hiring post)').click();
  await expect(tasks.getByRole('link', { name: '[Hiring] Designer wanted 20' })).toBeAttached();
  await tasks.getByRole('button', { name: /^All 150 dropped/ }).click();
  const dialog = page.getByRole('dialog', { name: `Dropped from transform task ${task!.id}` });
  await expect(dialog).toBeVisible();
  await pressEscapeIn(page, dialog);
  await expect(dialog).toBeHidden();
  await tasks
    .getByRole('button', {
      name: `Keep as ideas: the 150 items the pre-filter dropped from transform task ${task!.id}`,
    })
    .click();
  await expect(dialog.getByText('The pre-filter judged 150 items on this page not to be ideas.')).toBeVisible();
  const list = dialog.getByRole('region', { name: `Items dropped from transform task ${task!.id}` });
  await expect(list.getByText('150 items', { exact: true })).toBeVisible();
  await expect(list.getByRole('link', { name: 'Designer wanted 1', exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Keep 0 checked' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Keep all 150' })).toBeEnabled();
  await screenshot(page, 'admin-dropped-items');
  await page.setViewportSize({ width: 390, height: 844 });
  // The dialog narrows to the screen; the table scrolls inside it.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, 'admin-dropped-items-phone');
  await page.setViewportSize({ width: 1440, height: 900 });

  await list.locator('label', { has: page.getByRole('checkbox', { name: 'Select row 2' }) }).click();
  await dialog.getByRole('button', { name: 'Keep 1 checked' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Transform task queued: 1 item(s) will be kept as ideas')).toBeVisible();
  const after = await apiAs<{ keep_urls: string[] }[]>(request, 'admin', 'GET', `/tasks/transform?job_id=${job.id}`);
  expect(after[0]!.keep_urls).toEqual([`${e2eState().siteUrl}/jobs-board/3`]);
});
