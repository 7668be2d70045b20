import type { APIRequestContext, Page } from '@playwright/test';
import { checkAccess, type Principal } from '@ideamine/shared/permissions';
import { PORTAL_ROUTES, matchPortalRoute } from '@ideamine/shared/routes';
import { apiAs, e2eState, expect, signIn, test, type E2EUsers } from './fixtures';

// Every route of the route table at 390 px, signed out, as a user and as an admin, with real
// records behind the ids: nothing wider than the screen, and every breadcrumb leads to a page of
// the table that the person may open (never "Page not found", never a guard screen).

const VIEWERS: { who: keyof E2EUsers | null; principal: Principal | null }[] = [
  { who: null, principal: null },
  { who: 'trial', principal: { role: 'trial', trial_expires_at: '2999-01-01T00:00:00Z' } },
  { who: 'admin', principal: { role: 'admin', trial_expires_at: null } },
];

/** Callback routes finish a sign-in with a provider; opened bare they only report an error. */
const SKIPPED = new Set(['/auth/$provider/callback', '/auth/$provider/link-callback']);

async function concretePaths(request: APIRequestContext): Promise<Map<string, string>> {
  const state = e2eState();
  const first = async (path: string) => (await apiAs<{ id: number }[]>(request, 'admin', 'GET', path))[0]!.id;
  const idea = (await apiAs<{ id: number; slug: string }[]>(request, 'admin', 'GET', '/public/ideas?page_size=1'))[0]!;
  const project = await apiAs<{ id: number }>(request, 'trial', 'POST', '/projects', { name: 'Phone checks' });
  const share = await apiAs<{ token: string }>(request, 'trial', 'POST', `/projects/${project.id}/share`);
  const values: Record<string, string> = {
    '/ideas/$id': String(idea.id),
    '/ideas/$id/$slug': `${idea.id}/${idea.slug}`,
    '/categories/$slug': 'saas',
    '/shared/$token': share.token,
    '/my/projects/$id': String(project.id),
    '/admin/users/$id': String(state.users.trial.id),
    '/admin/knowledge/$id': String(await first('/data/knowledge?page=1&page_size=1')),
    '/admin/data/raw/$id': String(await first('/data/raw?page=1&page_size=1')),
    '/admin/jobs/$id': String(state.seeded.bigJobId),
    '/admin/schemas/$id': String(await first('/schemas?page=1&page_size=1')),
    '/admin/rate-limits/$id': String(await first('/rate-limits?page=1&page_size=1')),
    '/admin/schedules/$id': String(await first('/schedules?page=1&page_size=1')),
    '/admin/llm-monitoring/models/$modelName': 'local-rules',
  };
  const paths = new Map<string, string>();
  for (const route of PORTAL_ROUTES) {
    if (SKIPPED.has(route.path)) continue;
    const prefix = Object.keys(values)
      .sort((a, b) => b.length - a.length)
      .find((p) => route.path === p || route.path.startsWith(`${p}/`));
    paths.set(
      route.path,
      prefix ? route.path.replace(prefix, prefix.replace(/\$[^/]+(\/\$[^/]+)?/, values[prefix]!)) : route.path,
    );
  }
  return paths;
}

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
