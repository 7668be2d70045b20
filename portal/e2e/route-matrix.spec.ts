import { checkAccess, type Role } from '@ideamine/shared/permissions';
import { USER_ROUTES } from '@ideamine/shared/routes';
import type { users } from './fixtures';
import { expect, signIn, test } from './fixtures';

// Every login-required route for every kind of user: the screen when the route table allows it,
// else the guard screen with the spec's words. Project routes use a project of the user's own.

const ACCOUNTS: { who: keyof ReturnType<typeof users>; role: Role; expired: boolean }[] = [
  { who: 'guest', role: 'guest', expired: false },
  { who: 'trial', role: 'trial', expired: false },
  { who: 'trialExpired', role: 'trial', expired: true },
  { who: 'developer', role: 'developer', expired: false },
];

const GUARD_TEXT = /Access Restricted|Insufficient Permissions|Trial Expired/;

for (const account of ACCOUNTS) {
  test(`login-required routes for ${account.who}`, async ({ page }) => {
    await signIn(page, account.who, '/dashboard');
    const principal = {
      role: account.role,
      trial_expires_at: account.expired
        ? '2000-01-01T00:00:00Z'
        : account.role === 'trial'
          ? '2999-01-01T00:00:00Z'
          : null,
    };
    const token = await page.evaluate(() => localStorage.getItem('access_token'));
    const created = await page.request.post('/api/v1/projects', {
      headers: { Authorization: `Bearer ${token}` },
      data: { name: `Matrix project of ${account.who}` },
    });
    const projectId = created.ok() ? String((await created.json()).data.id) : '1';
    for (const route of USER_ROUTES) {
      if (route.path.includes('/auth/')) continue; // provider callbacks need a provider round trip
      const path = route.path.replace('$id', projectId);
      await page.goto(path);
      const decision = checkAccess(principal, route.requirement);
      const main = page.locator('main');
      if (decision.allowed) {
        await expect(main.locator('h2').first(), `${account.who} on ${path}`).toBeVisible();
        await expect(main.getByText(GUARD_TEXT), `${account.who} on ${path}`).toHaveCount(0);
      } else {
        const title =
          decision.reason === 'TRIAL_EXPIRED'
            ? 'Trial Expired'
            : route.requirement.kind === 'role'
              ? 'Access Restricted'
              : 'Insufficient Permissions';
        await expect(main.getByText(title), `${account.who} on ${path}`).toBeVisible();
      }
    }
  });
}
