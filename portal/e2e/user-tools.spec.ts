import { apiAs, expect, screenshot, signIn, test } from './fixtures';

// The signed-in tools: every login-required screen renders for a trial user, Idea Storm runs
// and lands in the history, and a project is created, filled and shared through the screens.

const SCREENS: [string, string][] = [
  ['/dashboard', 'Welcome back'],
  ['/my/profile', 'Your profile'],
  ['/my/settings', 'Settings'],
  ['/my/ideas', 'My ideas'],
  ['/dashboard/idea-storm', 'Idea Storm'],
  ['/dashboard/idea-storm/history', 'Idea Storm history'],
  ['/dashboard/profit-analysis', 'Profit analysis'],
  ['/dashboard/high-potential-ideas', 'High-potential ideas'],
  ['/dashboard/editor-picks', "Editor's picks"],
  ['/dashboard/community-favorites', 'Community favourites'],
  ['/dashboard/trending', 'Trending keywords'],
  ['/my/projects', 'My projects'],
  ['/my/projects/new', 'New project'],
];

test('every signed-in screen renders for a trial user', async ({ page }) => {
  await signIn(page, 'trial', '/dashboard');
  for (const [path, heading] of SCREENS) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 2, name: heading }).first(), path).toBeVisible();
  }
  await page.goto('/my/profile?tab=password');
  await expect(page.getByRole('tab', { name: /password/i })).toHaveAttribute('aria-selected', 'true');
  await screenshot(page, 'profile');
});

test('Idea Storm analyses an idea and keeps it in the history', async ({ page }) => {
  await signIn(page, 'trial', '/dashboard/idea-storm');
  await page.getByLabel('Title').fill('Invoice chaser for plumbers');
  await page.getByLabel('Description').fill('Plumbers chase unpaid invoices by phone and lose a day every month.');
  await page.getByRole('button', { name: 'Analyse' }).click();
  await expect(page.getByText('Problem severity').first()).toBeVisible({ timeout: 15_000 });
  await screenshot(page, 'idea-storm');
  // On a phone: each score reads "3.4 / 10" on one line, and the breakdown scrolls in its own box.
  await page.setViewportSize({ width: 390, height: 844 });
  const score = page
    .getByRole('table', { name: 'Sub-scores' })
    .getByRole('cell', { name: /^\d+\.\d \/ 10$/ })
    .first();
  const lines = await score.evaluate((cell) => {
    const range = document.createRange();
    range.selectNodeContents(cell);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });
  expect(lines).toBe(1);
  await expect(page.getByRole('region', { name: 'Profit breakdown' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, 'idea-storm-390');
  await page.goto('/dashboard/idea-storm/history');
  await expect(page.getByText('Invoice chaser for plumbers').first()).toBeVisible();
});

test('a project is created, given an idea and shared from the screens', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, 'developer', '/my/projects/new');
  await page.getByLabel('Name').fill('Ideas for the summer');
  await page.getByRole('button', { name: 'Create project' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Ideas for the summer' })).toBeVisible();
  const ideas = await (await page.request.get('/api/v1/public/ideas?page_size=1')).json();
  const wanted = ideas.data[0].title as string;
  await page.getByRole('combobox', { name: 'Add an idea' }).fill(wanted);
  await page.getByRole('menu', { name: 'Matching ideas' }).getByText(wanted, { exact: true }).click();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByRole('table', { name: 'Ideas in the project' })).toContainText(ideas.data[0].title);
  await page.getByRole('button', { name: 'Share' }).click();
  await page.getByRole('button', { name: 'Create share link' }).click();
  const url = await page.getByLabel('Share link').inputValue();
  expect(url).toMatch(/\/shared\/[A-Za-z0-9_-]{20,}$/);
  await screenshot(page, 'project-share');
  await page.goto(new URL(url).pathname);
  await expect(page.getByRole('heading', { name: 'Ideas for the summer' })).toBeVisible();
});

test('from an idea to a project and a profit analysis, without typing an id', async ({ page }) => {
  await signIn(page, 'trial', '/ideas?sort=title&order=asc');
  const card = page.getByTestId('idea-card').first();
  const title = (await card.locator('.im-idea-title').innerText()).trim();

  // The card's menu: analyse its profit, the idea already picked.
  await card.getByRole('button', { name: `More actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Analyse profit' }).click();
  await expect(page).toHaveURL(/\/dashboard\/profit-analysis\?idea=\d+/);
  await expect(page.getByText(title).first()).toBeVisible();
  await page.getByRole('button', { name: 'Run analysis' }).click();
  await expect(page.getByText(/Analysed|analysis of .* failed/).first()).toBeVisible({ timeout: 20_000 });

  // The idea page: add it to a new project, then find it there.
  await page.goto('/ideas?sort=title&order=asc');
  await page.getByTestId('idea-card').first().locator('.im-idea-title').click();
  await page.getByRole('button', { name: 'Add to project' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add to project' });
  // With projects already, the dialog offers them first; a new one is the other choice. Either
  // that choice or the name field shows once the projects have loaded (the loading line may not
  // have appeared yet when the dialog opens, so its absence proves nothing).
  const newProject = dialog.getByRole('radio', { name: 'A new project' });
  const nameField = dialog.getByLabel("New project's name");
  await expect(newProject.or(nameField).first()).toBeVisible();
  if (await newProject.count()) {
    await dialog.getByText('A new project', { exact: true }).click();
    await expect(newProject).toBeChecked();
  }
  const name = `From the idea page ${Date.now()}`;
  await nameField.fill(name);
  await dialog.getByRole('button', { name: 'Create and add' }).click();
  await expect(dialog).toBeHidden();
  await page.goto('/my/projects');
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('table', { name: 'Ideas in the project' })).toContainText(title);

  // Signed out, the page offers sign-in and comes back.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/ideas?sort=title&order=asc');
  await page.getByTestId('idea-card').first().locator('.im-idea-title').click();
  await expect(page.getByRole('button', { name: /Sign in to add it to a project/ })).toBeVisible();
});

test('toasts stay three at most, newest on top, clear of the form', async ({ page, request }) => {
  const project = await apiAs<{ id: number }>(request, 'trial', 'POST', '/projects', { name: 'Toast check' });
  const ideas = (await (await request.get('/api/v1/public/ideas?page_size=4&sort=title&order=asc')).json()).data as {
    title: string;
  }[];
  await signIn(page, 'trial', `/my/projects/${project.id}`);
  const finder = page.getByRole('combobox', { name: 'Add an idea' });
  for (const idea of ideas) {
    await finder.fill(idea.title);
    await page.getByRole('menu', { name: 'Matching ideas' }).getByText(idea.title, { exact: true }).click();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.locator('.bp6-toast').first()).toContainText(idea.title);
  }
  const toasts = page.locator('.bp6-toast');
  // The fourth pushes the oldest out (it leaves with a short animation).
  await expect.poll(() => toasts.count()).toBeLessThanOrEqual(3);
  await expect(toasts.first()).toContainText(ideas.at(-1)!.title);
  const form = await page.getByRole('form', { name: 'Add an idea' }).boundingBox();
  for (const toast of await toasts.all()) {
    const box = (await toast.boundingBox())!;
    const overlaps =
      box.x < form!.x + form!.width &&
      form!.x < box.x + box.width &&
      box.y < form!.y + form!.height &&
      form!.y < box.y + box.height;
    expect(overlaps, 'a toast covers the form').toBe(false);
  }
});
