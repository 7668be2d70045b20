import { expect, screenshot, signIn, test, users } from './fixtures';

// Signed-in users: sign-up and sign-in, guard screens per role, token refresh, voting with
// rollback, and a project shared by link opened signed out.

test('sign up lands on the dashboard signed in', async ({ page, pageErrors }) => {
  const tag = Date.now().toString(36);
  await page.goto('/register');
  await page.getByLabel('Username').fill(`new_${tag}`);
  await page.getByLabel('Email').fill(`new_${tag}@e2e.test`);
  await page.getByLabel('Password').fill('a-long-password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test('a wrong password shows the server message; sign-in returns to the origin path', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(users().trial.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid email or password');
  await signIn(page, 'trial', '/my/projects');
  await expect(page).toHaveURL(/\/my\/projects$/);
});

const GUARDS: [keyof ReturnType<typeof users>, string, string | null][] = [
  ['guest', '/my/projects', 'You need trial role or higher to access this page.'],
  ['guest', '/dashboard/profit-analysis', "You don't have permission to read knowledge."],
  [
    'trialExpired',
    '/my/projects',
    'Your trial period has expired. Please upgrade your account to continue using the product.',
  ],
  ['trial', '/admin', 'You need admin role or higher to access this page.'],
  ['trial', '/admin/users', 'You need developer role or higher to access this page.'],
  ['developer', '/admin/settings', null],
  ['developer', '/admin/backup', 'You need admin role or higher to access this page.'],
  ['trial', '/dashboard', null],
];

test('route guards show the spec messages for each role', async ({ page }) => {
  let current: string | null = null;
  for (const [who, path, message] of GUARDS) {
    if (current !== who) {
      await page.evaluate(() => localStorage.clear()).catch(() => undefined);
      await signIn(page, who, '/dashboard');
      current = who;
    }
    await page.goto(path);
    if (message) {
      await expect(page.getByText(message)).toBeVisible();
      if (message.startsWith('You need')) {
        await expect(page.getByText('Access Restricted')).toBeVisible();
        await expect(page.getByRole('button', { name: 'Go Back' })).toBeVisible();
        await expect(page.getByRole('button', { name: 'Dashboard' })).toBeVisible();
      }
      if (who === 'trialExpired') {
        await expect(page.getByRole('button', { name: 'Upgrade Account' })).toBeVisible();
        await screenshot(page, 'guard-trial-expired');
      }
    } else {
      await expect(page.getByText('Access Restricted')).toBeHidden();
      await expect(page.getByText('Insufficient Permissions')).toBeHidden();
    }
  }
});

test('an expired access token is refreshed once and the page loads', async ({ page }) => {
  await signIn(page, 'trial', '/dashboard');
  // Tamper only once the first page's calls are over: a call sent with the bad token would start
  // a refresh that the navigation below cuts off after the server used up the refresh token.
  await expect(page.getByText('Your ideas', { exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const before = await page.evaluate(() => localStorage.getItem('refresh_token'));
  await page.evaluate(() => localStorage.setItem('access_token', 'expired-or-tampered'));
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await expect(page.getByText('Your ideas', { exact: true })).toBeVisible(); // personal stats need the signed-in call
  const after = await page.evaluate(() => localStorage.getItem('refresh_token'));
  expect(after).not.toBe(before);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('access_token'))).not.toBe('expired-or-tampered');
});

test('two tabs open across an access-token expiry both stay signed in', async ({ page, context }) => {
  await signIn(page, 'trial', '/dashboard');
  await expect(page.getByText('Your ideas', { exact: true })).toBeVisible();
  const second = await context.newPage();
  await second.goto('/dashboard');
  await expect(second.getByText('Your ideas', { exact: true })).toBeVisible();
  await Promise.all([page.waitForLoadState('networkidle'), second.waitForLoadState('networkidle')]);
  const before = await page.evaluate(() => localStorage.getItem('refresh_token'));
  // The access token both tabs share expires; both reload at once and meet the 401 together.
  await page.evaluate(() => localStorage.setItem('access_token', 'expired-or-tampered'));
  await Promise.all([page.reload(), second.reload()]);
  for (const tab of [page, second]) {
    await expect(tab.getByText('Your ideas', { exact: true })).toBeVisible();
    await expect(tab).toHaveURL(/\/dashboard$/);
  }
  expect(await page.evaluate(() => localStorage.getItem('refresh_token'))).not.toBe(before);
  // Still one live session: both tabs go on working.
  await second.goto('/my/ideas');
  await expect(second).toHaveURL(/\/my\/ideas$/);
  await page.goto('/my/profile');
  await expect(page).toHaveURL(/\/my\/profile$/);
  await second.close();
});

test('a refused refresh signs out to /login carrying the origin path', async ({ page }) => {
  await signIn(page, 'trial', '/dashboard');
  await page.evaluate(() => {
    localStorage.setItem('access_token', 'bad');
    localStorage.setItem('refresh_token', 'also-bad');
  });
  await page.goto('/my/ideas');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await expect(page.getByRole('alert')).toContainText('Token refresh failed');
});

test('voting updates at once and rolls back when the server refuses', async ({ page }) => {
  await signIn(page, 'developer', '/ideas?sort=title&order=asc');
  const card = page.getByTestId('idea-card').first();
  const up = card.getByRole('button', { name: 'Upvote' });
  await expect(up).toHaveText('0');
  await up.click();
  await expect(up).toHaveText('1');
  await expect(up).toHaveAttribute('aria-pressed', 'true');
  await page.route('**/api/v1/knowledge/*/vote', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({
            status: 'error',
            data: null,
            error: { code: 'INTERNAL_ERROR', message: 'Failed to vote' },
          }),
        })
      : route.continue(),
  );
  await card.getByRole('button', { name: 'Downvote' }).click();
  await expect(page.getByText('Failed to vote').first()).toBeVisible();
  await expect(up).toHaveText('1');
  await expect(card.getByRole('button', { name: 'Downvote' })).toHaveText('0');
});

test('a project shared by link opens signed out', async ({ page, browser, request }) => {
  const account = users().trial;
  const login = await request.post('/api/v1/auth/login', {
    data: { email: account.email, password: account.password },
  });
  const token = (await login.json()).data.tokens.access_token as string;
  const headers = { Authorization: `Bearer ${token}` };
  const ideas = await (await request.get('/api/v1/public/ideas?page_size=2')).json();
  const project = await (
    await request.post('/api/v1/projects', {
      headers,
      data: { name: 'Weekend builds', description: 'Small apps to try' },
    })
  ).json();
  for (const idea of ideas.data)
    await request.post(`/api/v1/projects/${project.data.id}/ideas`, { headers, data: { knowledge_id: idea.id } });
  const share = await (await request.post(`/api/v1/projects/${project.data.id}/share`, { headers })).json();

  const visitor = await browser.newContext();
  const tab = await visitor.newPage();
  await tab.goto(`/shared/${share.data.token}`);
  await expect(tab.getByRole('heading', { name: 'Weekend builds' })).toBeVisible();
  await expect(tab.getByTestId('idea-card')).toHaveCount(2);
  await screenshot(tab, 'shared-project');
  await visitor.close();
  await page.goto('/shared/not-a-real-token-at-all-xx');
  await expect(page.getByText('This link does not work')).toBeVisible();
});

test('the user menu shows the role badge, trial notice and signs out to /login', async ({ page }) => {
  await signIn(page, 'trialEnding', '/dashboard');
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByText(/Your trial ends in 3 days/)).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Change password' })).toBeVisible();
  await screenshot(page, 'user-menu');
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
});

test('on a phone, a user reaches every section from the menu', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await signIn(page, 'trial', '/dashboard');
  await page.getByRole('button', { name: 'Open navigation' }).click();
  const drawer = page.getByRole('navigation', { name: 'Sidebar' });
  for (const name of ['Ideas', 'Trending', 'Categories', 'My Projects', 'Idea Storm'])
    await expect(drawer.getByRole('link', { name, exact: true })).toBeVisible();
  await drawer.getByRole('link', { name: 'My Projects', exact: true }).click();
  await expect(page).toHaveURL(/\/my\/projects$/);
});

test('a developer reaches the operator screens it is allowed from the menu; an admin lands on /admin', async ({
  page,
}) => {
  await signIn(page, 'developer', '/dashboard');
  await page.getByRole('button', { name: 'Operations' }).click();
  const menu = page.getByRole('menu', { name: 'Operations menu' });
  for (const name of ['Users', 'Raw data', 'Rate limits'])
    await expect(menu.getByText(name, { exact: true })).toBeVisible();
  await expect(menu.getByText('Backups', { exact: true })).toHaveCount(0);
  await menu.getByText('Rate limits', { exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/rate-limits$/);
  await expect(page.getByText('Access Restricted')).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Users' })).toBeVisible();

  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  const admin = users().admin;
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
});

test('admins see the admin sidebar sections and the Admin menu', async ({ page }) => {
  await signIn(page, 'admin', '/dashboard');
  for (const section of ['Core', 'Content Management', 'System Operations', 'Data Management', 'Personal Tools'])
    await expect(page.getByText(section, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Admin', exact: true }).click();
  await expect(page.getByRole('menuitem', { name: 'Recovery' })).toBeVisible();
  await screenshot(page, 'admin-sidebar');
});

test('admins change an idea card visibility through the dialog; others see no card controls', async ({ page }) => {
  await signIn(page, 'admin', '/ideas?sort=title&order=desc');
  const card = page.getByTestId('idea-card').first();
  const title = await card.locator('.im-idea-title').innerText();
  await card.getByRole('button', { name: 'Visibility' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change visibility' });
  await expect(dialog.getByRole('button', { name: 'Update' })).toBeDisabled();
  await dialog.getByLabel('Visibility').selectOption('private');
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('idea-card').first().locator('.im-idea-title')).not.toHaveText(title);
  await card.getByRole('button', { name: 'Ownership' }).first().click();
  await expect(page.getByText('Leave empty to remove ownership (admin-only access)')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page.evaluate(() => localStorage.clear());
  await signIn(page, 'developer', '/ideas');
  await expect(page.getByTestId('idea-card').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Visibility' })).toHaveCount(0);
});

test('the dashboard averages only ideas there are', async ({ page }) => {
  // A new account: the seeded ones gain ideas in other files' tests.
  const email = `no-ideas-${Date.now()}@e2e.test`;
  const password = 'No-ideas-yet-2026';
  const registered = await page.request.post('/api/v1/auth/register', {
    data: { email, password, username: `noideas${Date.now()}` },
  });
  expect(registered.ok()).toBe(true);
  await page.goto('/login?redirect=%2Fdashboard');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/dashboard$/);
  const average = page.getByLabel('Statistics').locator('.bp6-card', { hasText: 'Your average profit score' });
  await expect(average).toContainText('–');
  await expect(average).toContainText('No ideas of yours yet');
  await expect(average).not.toContainText('0.0');
});
