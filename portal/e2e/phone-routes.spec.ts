import type { Page } from '@playwright/test';
import { checkAccess } from '@ideamine/shared/permissions';
import { PORTAL_ROUTES, matchPortalRoute } from '@ideamine/shared/routes';
import { expect, signIn, test } from './fixtures';
import { VIEWERS, concretePaths } from './route-paths';

// Every route of the route table at 390 px, signed out, as a user and as an admin, with real
// records behind the ids: nothing wider than the screen, and every breadcrumb leads to a page of
// the table that the person may open (never "Page not found", never a guard screen).

async function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

for (const viewer of VIEWERS) {
  test(`every route at 390 px fits the screen and its breadcrumbs lead somewhere: ${viewer.who ?? 'signed out'}`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const paths = await concretePaths(request);
    await page.setViewportSize({ width: 390, height: 844 });
    if (viewer.who) await signIn(page, viewer.who, '/dashboard');
    const wide: string[] = [];
    for (const [pattern, path] of paths) {
      await page.goto(path);
      await expect(page.locator('main').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      const extra = await overflow(page);
      if (extra > 0) wide.push(`${path} (+${extra} px)`);
      // On a phone the breadcrumb is one link up; it must name a page this person may open.
      const up = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link');
      if ((await up.count()) > 0) {
        const href = (await up.first().getAttribute('href'))!;
        const target = new URL(href, 'http://x').pathname;
        const route = target === '/' ? PORTAL_ROUTES[0] : matchPortalRoute(target);
        expect(route, `breadcrumb ${target} on ${path}`).toBeDefined();
        expect(checkAccess(viewer.principal, route!.requirement).allowed, `breadcrumb ${target} on ${pattern}`).toBe(
          true,
        );
      }
    }
    expect(wide, 'pages wider than the screen').toEqual([]);
  });
}
