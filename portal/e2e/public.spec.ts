import { expect, screenshot, test } from './fixtures';

// Visitors: every public route shows its screen, redirects land where the spec says, unknown
// paths show the not-found page, and the layout holds in dark mode and at phone width.

const PUBLIC_PAGES: [string, string | RegExp][] = [
  ['/', 'Welcome to Ideamine'],
  ['/landing', 'Find the product idea worth building'],
  ['/about', 'About Ideamine'],
  ['/ideas', 'Ideas'],
  ['/ideas/high-potential', 'High-potential ideas'],
  ['/ideas/editor-picks', "Editor's picks"],
  ['/ideas/trending', 'Trending ideas'],
  ['/ideas/community-favorites', 'Community favourites'],
  ['/categories', 'Categories'],
  ['/categories/saas', 'saas'],
  ['/trending', 'Trending keywords'],
  ['/search', 'Search'],
  ['/submit', 'Submit an idea'],
  ['/login', 'Sign in'],
  ['/register', 'Create account'],
  ['/notifications', 'Notifications'],
];

test('every public route shows its screen with its title', async ({ page, pageErrors }) => {
  for (const [path, heading] of PUBLIC_PAGES) {
    await page.goto(path);
    await expect(
      page.getByRole('heading', { level: path === '/landing' ? 1 : 2, name: heading }).first(),
    ).toBeVisible();
    await expect(page).toHaveTitle(/Ideamine/);
  }
  expect(pageErrors).toEqual([]);
});

test('the home page lists real ideas and the idea detail shows scores and sources', async ({ page, pageErrors }) => {
  await page.goto('/');
  await expect(page.getByTestId('idea-card').first()).toBeVisible();
  await screenshot(page, 'home');
  await page.goto('/ideas?sort=profit_score');
  const first = page.getByTestId('idea-card').first();
  await expect(first).toContainText('/ 10');
  await expect(first.locator('.bp6-tag', { hasText: /^\+\d+$/ }).first()).toBeVisible(); // 4 categories: 3 and +1
  await first.locator('.im-idea-title').click();
  await expect(page).toHaveURL(/\/ideas\/\d+\/demo-idea/);
  await expect(page.getByRole('heading', { name: 'Scores' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Votes' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upvote' })).toBeDisabled();
  await screenshot(page, 'idea-detail');
  expect(pageErrors).toEqual([]);
});

test('filters, sort and page live in the URL', async ({ page }) => {
  await page.goto('/ideas');
  await page.getByLabel('Profit level').selectOption('Very High');
  await expect(page).toHaveURL(/profit_level=Very(\+|%20)High/);
  await expect(page.getByTestId('idea-card')).toHaveCount(6);
  await page.getByLabel('Profit level').selectOption('');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText(/Page 2 of \d+/)).toBeVisible(); // other files add ideas (jobs, Idea Storm)
});

test('search shows suggestions and results', async ({ page }) => {
  await page.goto('/search');
  await page.getByRole('textbox', { name: 'Search' }).fill('garden');
  await expect(page.getByRole('menu', { name: 'Suggestions' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search' }).press('Enter');
  await expect(page).toHaveURL(/q=garden/);
  await expect(page.getByTestId('idea-card').first()).toContainText('garden');
  await screenshot(page, 'search');
});

test('redirects, guarded routes and the not-found page', async ({ page }) => {
  await page.goto('/trending-keywords');
  await expect(page).toHaveURL(/\/trending$/);
  await page.goto('/idea-storm/public');
  await expect(page).toHaveURL(/\/submit$/);
  await page.goto('/editor-picks');
  await expect(page).toHaveURL(/\/ideas\/editor-picks$/);
  await page.goto('/knowledge?search=tutor');
  await expect(page).toHaveURL(/\/search\?q=tutor/);
  await page.goto('/dashboard/trending');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard%2Ftrending/);
  await page.goto('/no/such/page');
  await expect(page.getByText('Page not found')).toBeVisible();
  await expect(page).toHaveTitle('Page not found · Ideamine');
});

test('a visitor gets an Idea Storm analysis on /submit', async ({ page }) => {
  await page.goto('/submit');
  await page.getByLabel('Title').fill('Shared calendar for dog walkers');
  await page.getByLabel('Description').fill('Dog walkers juggle bookings by text message and lose hours every week.');
  await page.getByRole('button', { name: 'Analyse' }).click();
  await expect(page.getByTestId('evaluation')).toBeVisible();
  await expect(page.getByTestId('evaluation')).toContainText('Problem severity');
  await screenshot(page, 'submit-analysis');
});

test('dark mode follows the toggle and is remembered', async ({ page }) => {
  await page.goto('/ideas');
  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  await expect(page.locator('body')).toHaveClass(/bp6-dark/);
  await page.reload();
  await expect(page.locator('body')).toHaveClass(/bp6-dark/);
  await screenshot(page, 'ideas-dark');
});

test('phone width: drawer navigation and no horizontal overflow', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  for (const path of ['/', '/ideas', '/trending', '/search?q=helper', '/categories']) {
    await page.goto(path);
    await expect(page.locator('main')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
  }
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await expect(page.getByRole('navigation', { name: 'Sidebar' })).toBeVisible();
  await screenshot(page, 'mobile-drawer');
});

test('the cookie banner closes after a choice and stays closed', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('dialog', { name: 'Cookie preferences' })).toBeVisible();
  await page.getByRole('button', { name: 'Accept All' }).click();
  await expect(page.getByRole('dialog', { name: 'Cookie preferences' })).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome to Ideamine' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Cookie preferences' })).toBeHidden();
  await context.close();
});
