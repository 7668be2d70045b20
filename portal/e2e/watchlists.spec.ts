import type { Page } from '@playwright/test';
import { expect, screenshot, signIn, test, withServerDatabase } from './fixtures';

// Watchlists as a person meets them: "Watch this search" on the search page, the matches under
// the bell, and /my/watchlists at desktop and phone widths. The pipeline's matching itself is
// tested in worker/src/watchlist-alerts.test.ts; here matches are recorded as the matcher would.

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - innerWidth);

test('a visitor is offered sign-in to watch a search', async ({ page }) => {
  await page.goto('/search?q=invoice');
  await expect(page.getByRole('link', { name: 'Sign in to watch this search' })).toHaveAttribute(
    'href',
    /\/login\?redirect=/,
  );
});

test('a user watches a search, hears of its matches and manages the watchlist', async ({ page }) => {
  // A word of a public idea's title that search finds (not a word it ignores, like "there").
  const ideas = await (await page.request.get('/api/v1/public/ideas?page_size=20')).json();
  const candidates = (ideas.data as { title: string }[]).flatMap(
    (i) => i.title.toLowerCase().match(/[a-z]{5,}/g) ?? [],
  );
  let word = '';
  for (const candidate of candidates) {
    const found = await (await page.request.get(`/api/v1/public/search?q=${candidate}&page_size=1`)).json();
    if (found.data.length > 0) {
      word = candidate;
      break;
    }
  }
  expect(word, 'a searchable word in the public ideas').not.toBe('');
  await signIn(page, 'trial', `/search?q=${encodeURIComponent(word)}`);
  await page.getByRole('button', { name: 'Watch this search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Watch this search' });
  await expect(dialog.getByLabel('Name')).toHaveValue(`“${word}”`);
  await dialog.getByLabel('Name').fill(`Ideas about ${word}`);
  await dialog.getByRole('button', { name: 'Watch', exact: true }).click();
  await expect(page.getByText(`Watching “Ideas about ${word}”`).first()).toBeVisible();

  // Before any match: it says it watches from now on and leads to the ideas found so far.
  await page.goto('/my/watchlists');
  const fresh = page.getByRole('region', { name: `Ideas about ${word}` });
  await expect(fresh.getByText(/No matches yet: it tells you about ideas found from now on/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Alerts per day' })).toContainText('No alerts in the last 30 days');
  await fresh.getByRole('link', { name: 'Search the ideas found so far' }).click();
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}`));
  await expect(page.getByTestId('idea-card').first()).toBeVisible();

  // The matcher's work for this watchlist, over the ideas already public.
  const matched = await withServerDatabase(async (db) => {
    const r = await db.query(
      `INSERT INTO watchlist_matches (watchlist_id, knowledge_id, user_id)
       SELECT w.id, k.id, w.user_id FROM watchlists w JOIN knowledge k ON k.search @@ w.query
       WHERE w.name = $1 AND k.visibility = 'public' AND k.deleted_at IS NULL LIMIT 3 RETURNING knowledge_id`,
      [`Ideas about ${word}`],
    );
    return r.rowCount ?? 0;
  });
  expect(matched).toBeGreaterThan(0);

  await page.goto('/my/watchlists');
  await expect(page.getByRole('heading', { level: 2, name: 'My watchlists' })).toBeVisible();
  const card = page.getByRole('region', { name: `Ideas about ${word}` });
  await expect(card.getByText(`${matched} new`)).toBeVisible();
  // The tab's title counts them too, for a tab in the background.
  await expect(page).toHaveTitle(new RegExp(`^\\(${matched}\\) My watchlists`));
  await expect(card.getByText(`Watches “${word}”. ${matched} ${matched === 1 ? 'match' : 'matches'}`)).toBeVisible();
  await expect(card.getByRole('link', { name: 'RSS (Atom)' })).toHaveAttribute(
    'href',
    /\/api\/v1\/feeds\/.+\/atom\.xml$/,
  );
  // The bell counts the matches with this tab's own notifications.
  await expect(page.getByRole('button', { name: /^Notifications \(\d+ unread\)$/ })).toBeVisible();
  await screenshot(page, 'watchlists-1440');
  expect(await overflow(page)).toBeLessThanOrEqual(0);

  await card.getByRole('button', { name: 'Show matches' }).click();
  await expect(card.getByRole('region', { name: 'Matches' }).getByRole('link')).toHaveCount(matched);
  await card.getByRole('button', { name: 'Pause' }).click();
  await expect(card.getByText('Paused', { exact: true })).toBeVisible();

  // Edit what it watches: a bad source is named, a good list is saved and described.
  await card.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: /^Edit/ });
  await edit.getByLabel('Sources').fill('news.ycombinator.com, not a domain!');
  await edit.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(edit.getByText(/domain names like news\.ycombinator\.com/).first()).toBeVisible();
  await edit.getByLabel('Sources').fill('news.ycombinator.com, reddit.com');
  await edit.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(edit).toBeHidden();
  await expect(card.getByText(/from news\.ycombinator\.com, reddit\.com\./)).toBeVisible();

  // No SMTP on this server: the email choice says why it is off.
  await expect(card.getByLabel('Email')).toBeDisabled();
  await expect(card.getByText('This server sends no email')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Alerts per day' })).toContainText(
    `${matched} alerts in the last 30 days`,
  );
  // A webhook: saved with its signing secret shown, and an empty delivery log.
  await card.getByLabel('Webhook URL').fill('https://hooks.example.com/ideamine');
  await card.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Webhook saved').first()).toBeVisible();
  await expect(
    card.getByText(/signed in X-Ideamine-Signature \(HMAC-SHA256\) with the secret [\w-]{43}/),
  ).toBeVisible();
  await card.getByRole('button', { name: 'Webhook log' }).click();
  await expect(card.getByText('Nothing sent yet')).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('region', { name: `Ideas about ${word}` })).toBeVisible();
  await screenshot(page, 'watchlists-390');
  expect(await overflow(page)).toBeLessThanOrEqual(0);

  // The bell lists the matches; one opens its idea and is read.
  await page.getByRole('button', { name: /^Notifications \(\d+ unread\)$/ }).click();
  const menu = page.getByRole('menu', { name: 'Notifications' });
  await expect(menu.getByText(`Watchlist matches (${matched} unread)`)).toBeVisible();
  await menu
    .getByRole('menuitem', { name: new RegExp(`Ideas about ${word}`) })
    .first()
    .click();
  await expect(page).toHaveURL(/\/ideas\/\d+\/[\w-]+$/);
  await page.getByRole('button', { name: /^Notifications \(\d+ unread\)$/ }).click();
  await expect(menu.getByText(`Watchlist matches (${matched - 1} unread)`)).toBeVisible();
  await expect(page).toHaveTitle(matched > 1 ? new RegExp(`^\\(${matched - 1}\\) `) : /^(?!\()/);
});
