import { checkAccess, type Role } from '@ideamine/shared/permissions';
import { ADMIN_ROUTES } from '@ideamine/shared/routes';
import type { APIRequestContext } from '@playwright/test';
import { apiAs, e2eState, expect, signIn, test, type E2EUsers } from './fixtures';

// Every operator route (spec s2) for every role: its screen when the route table allows it,
// with real records behind the ids, else the guard screen with the spec's words.

const ACCOUNTS: { who: keyof E2EUsers; role: Role }[] = [
  { who: 'guest', role: 'guest' },
  { who: 'trial', role: 'trial' },
  { who: 'developer', role: 'developer' },
  { who: 'admin', role: 'admin' },
];

const GUARD_TEXT = /Access Restricted|Insufficient Permissions|Trial Expired/;

async function firstId(request: APIRequestContext, path: string): Promise<string> {
  const list = await apiAs<{ id: number }[]>(request, 'admin', 'GET', `${path}?page=1&page_size=1`);
  expect(list.length, `a record at ${path}`).toBeGreaterThan(0);
  return String(list[0]!.id);
}

/** A job of the trial user's own: they reach no one else's (another user's answers "Job not found"). */
async function trialJobId(request: APIRequestContext): Promise<string> {
  const mine = await apiAs<{ id: number }[]>(request, 'trial', 'GET', '/jobs?page=1&page_size=1');
  if (mine[0]) return String(mine[0].id);
  const created = await apiAs<{ id: number }>(request, 'trial', 'POST', '/jobs', {
    initial_url: `${e2eState().siteUrl}/about`,
    tag: 'e2e-route-matrix',
    max_pages: 1,
  });
  return String(created.id);
}

/** A concrete path for a route pattern, naming records that exist (and that `who` may reach). */
async function concretePaths(request: APIRequestContext, who: keyof E2EUsers): Promise<Map<string, string>> {
  const state = e2eState();
  const ids: Record<string, string> = {
    '/admin/users/$id': String(state.users.trial.id),
    '/admin/knowledge/$id': await firstId(request, '/data/knowledge'),
    '/admin/data/raw/$id': await firstId(request, '/data/raw'),
    '/admin/jobs/$id': who === 'trial' ? await trialJobId(request) : String(state.seeded.bigJobId),
    '/admin/schemas/$id': await firstId(request, '/schemas'),
    '/admin/rate-limits/$id': await firstId(request, '/rate-limits'),
    '/admin/schedules/$id': await firstId(request, '/schedules'),
  };
  const paths = new Map<string, string>();
  for (const route of ADMIN_ROUTES) {
    const prefix = Object.keys(ids).find((p) => route.path.startsWith(p));
    const path = prefix ? route.path.replace(prefix, prefix.replace('$id', ids[prefix]!)) : route.path;
    paths.set(route.path, path.replace('$modelName', 'local-rules'));
  }
  return paths;
}

for (const account of ACCOUNTS) {
  test(`admin routes for ${account.who}`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const paths = await concretePaths(request, account.who);
    await signIn(page, account.who, '/dashboard');
    const principal = {
      role: account.role,
      trial_expires_at: account.role === 'trial' ? '2999-01-01T00:00:00Z' : null,
    };
    for (const route of ADMIN_ROUTES) {
      const path = paths.get(route.path)!;
      await page.goto(path);
      const main = page.locator('main');
      const decision = checkAccess(principal, route.requirement);
      if (decision.allowed) {
        await expect(main.locator('h2').first(), `${account.who} on ${path}`).toBeVisible();
        await expect(main.getByText(GUARD_TEXT), `${account.who} on ${path}`).toHaveCount(0);
        await expect(main.getByText('not in the web portal yet'), `${account.who} on ${path}`).toHaveCount(0);
        await expect(main.getByText(/^Failed to fetch/), `${account.who} on ${path}`).toHaveCount(0);
      } else {
        const title = route.requirement.kind === 'role' ? 'Access Restricted' : 'Insufficient Permissions';
        await expect(main.getByText(title), `${account.who} on ${path}`).toBeVisible();
      }
    }
  });
}
