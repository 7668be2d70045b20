import type { Locator, Page } from '@playwright/test';
import { expect, pressEscapeIn, signIn, test } from './fixtures';

// The portal by keyboard: a skip link first, one Tab stop per control, focus never hidden under
// the cookie banner, and menus, drawers and dialogs that keep focus inside and close on Escape.

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/** Controls inside other controls: each would cost a second Tab stop for one thing on screen. */
const nestedControls = (page: Page) =>
  page.evaluate((selector) => {
    const all = Array.from(document.querySelectorAll<HTMLElement>(selector));
    return all
      .filter((el) => all.some((outer) => outer !== el && outer.contains(el)))
      .map((el) => `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}"`);
  }, FOCUSABLE);

const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const box = el.getBoundingClientRect();
    return { id: el.id, text: (el.textContent ?? '').trim().slice(0, 60), top: box.top, bottom: box.bottom };
  });

/** Tab `times` times; after each press focus comes to rest inside `container`. */
async function expectFocusKeptIn(page: Page, container: Locator, times: number) {
  for (let i = 0; i < times; i += 1) {
    await page.keyboard.press('Tab');
    // Blueprint moves focus that reaches the overlay's edge back in on the focus event.
    await expect
      .poll(() => container.evaluate((c) => c.contains(document.activeElement)), {
        message: `Tab ${i + 1}`,
        timeout: 2_000,
      })
      .toBe(true);
  }
}

test('the first Tab stop skips to the page, and every chip is one Tab stop', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('idea-card').first()).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();

  for (const path of ['/', '/ideas', '/categories', '/search', '/trending']) {
    await page.goto(path);
    await expect(page.locator('main')).toBeVisible();
    await expect(page.locator('.bp6-spinner, .bp6-skeleton')).toHaveCount(0);
    expect(await nestedControls(page), path).toEqual([]);
  }

  // From the skip link, the first idea of the home page is a few Tab presses away.
  await page.goto('/');
  await expect(page.getByTestId('idea-card').first()).toBeVisible();
  // As `focused` reads it: a long title is cut at 60 characters there.
  const firstIdea = (await page.getByTestId('idea-card').first().getByRole('link').first().textContent())
    ?.trim()
    .slice(0, 60);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  let presses = 0;
  while (presses < 60 && (await focused(page))?.text !== firstIdea) {
    await page.keyboard.press('Tab');
    presses += 1;
  }
  expect(presses).toBeLessThan(30);
});

test('on a phone, nothing that has focus is hidden under the cookie banner', async ({ browser }) => {
  // A new visitor: no consent given yet, so the banner shows.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/ideas');
  const banner = page.getByRole('region', { name: 'Cookie preferences' });
  await expect(banner).toBeVisible();
  await expect(page.getByTestId('idea-card').first()).toBeVisible();
  const bannerTop = (await banner.boundingBox())!.y;
  const hidden: string[] = [];
  for (let i = 0; i < 40; i += 1) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    if (!now) continue;
    const inBanner = await banner.evaluate((b) => b.contains(document.activeElement));
    if (!inBanner && now.bottom > bannerTop)
      hidden.push(`${now.text} (bottom ${Math.round(now.bottom)} > ${bannerTop})`);
  }
  expect(hidden).toEqual([]);
});

test('the menu drawer and the user menu keep focus inside and close on Escape', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'trial', '/ideas');
  await page.getByRole('button', { name: 'Open navigation' }).click();
  const drawer = page.getByRole('dialog', { name: 'Navigation' });
  await expect(drawer).toBeVisible();
  await expectFocusKeptIn(page, drawer, 25);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('button', { name: 'user menu' }).click();
  const menu = page.getByRole('menu', { name: 'User menu' });
  await expect(menu).toBeVisible();
  await pressEscapeIn(page, menu);
  await expect(menu).toBeHidden();
});

test('a dialog keeps focus inside and closes on Escape', async ({ page }) => {
  await signIn(page, 'trial', '/ideas');
  await page.getByTestId('idea-card').first().getByRole('link').first().click();
  await page.getByRole('button', { name: 'Add to project' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  // The overlay around the dialog: Blueprint parks focus on the dialog's frame on its way round.
  await expectFocusKeptIn(page, page.locator('.bp6-overlay-open').last(), 15);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
