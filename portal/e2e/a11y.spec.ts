import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';
import { checkAccess } from '@ideamine/shared/permissions';
import { PORTAL_ROUTES } from '@ideamine/shared/routes';
import { expect, signIn, test } from './fixtures';
import { VIEWERS, concretePaths } from './route-paths';

// Everyone can use the portal: axe-core (WCAG 2.0 and 2.1, levels A and AA) finds nothing on any
// route of the route table, signed out, as a user and as an admin, each page checked at 1440 px
// and at 390 px, once in the light theme and once in the dark one (which of the two widths gets
// which theme alternates from page to page). A route the person may not open shows a guard
// screen; one route per kind of guard is checked.

const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** axe-core itself, put in every page the test opens (AxeBuilder re-injects it per run, 6x slower). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

async function violationsOn(page: Page, label: string): Promise<string[]> {
  const result = await page.evaluate(() =>
    (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } }).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    }),
  );
  return result.violations.flatMap((v) =>
    v.nodes.map((n) => `${label} ${v.id}: ${n.target.join(' ')} :: ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`),
  );
}

const settled = async (page: Page) => {
  await expect(page.locator('main').first()).toBeVisible();
  await expect(page.locator('.bp6-spinner, .bp6-skeleton')).toHaveCount(0, { timeout: 10_000 });
};

async function switchTheme(page: Page) {
  const dark = await page.locator('body.bp6-dark').count();
  await page.getByRole('button', { name: dark ? 'Switch to light mode' : 'Switch to dark mode' }).click();
  await expect(page.locator('body.bp6-dark')).toHaveCount(dark ? 0 : 1);
}

for (const viewer of VIEWERS) {
  test(`no accessibility violations on any route: ${viewer.who ?? 'signed out'}`, async ({ page, request }) => {
    test.setTimeout(300_000);
    const paths = await concretePaths(request);
    await page.addInitScript(AXE_SOURCE);
    await page.setViewportSize(WIDE);
    if (viewer.who) await signIn(page, viewer.who, '/dashboard');
    const guards = new Set<string>();
    const found: string[] = [];
    let wide = true;
    for (const route of PORTAL_ROUTES) {
      const path = paths.get(route.path);
      if (!path) continue;
      const access = checkAccess(viewer.principal, route.requirement);
      if (!access.allowed) {
        const guard = JSON.stringify(route.requirement);
        if (guards.has(guard)) continue;
        guards.add(guard);
      }
      await page.goto(path);
      await settled(page);
      const look = async () =>
        `${path} [${wide ? 1440 : 390}${(await page.locator('body.bp6-dark').count()) ? ' dark' : ''}]`;
      found.push(...(await violationsOn(page, await look())));
      await switchTheme(page);
      wide = !wide;
      await page.setViewportSize(wide ? WIDE : PHONE);
      found.push(...(await violationsOn(page, await look())));
    }
    expect(found).toEqual([]);
  });
}
