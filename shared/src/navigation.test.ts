import { describe, expect, it } from 'vitest';
import type { User } from './contract/users';
import { ADMIN_MENU, CONSOLE_SIDEBAR, sidebarFor, topNavItems, type NavItem } from './navigation';
import { ADMIN_ROUTES, CONSOLE_ROUTES, matchPortalRoute, PORTAL_ROUTES } from './routes';
import { ROLES } from './permissions';

const userWith = (role: User['role']) => ({ id: 1, role, trial_expires_at: null }) as User;
const everyone: (User | null)[] = [null, ...ROLES.map(userWith)];

describe('navigation', () => {
  it('leads only to pages of the route table, for visitors and every role', () => {
    const items: NavItem[] = [
      ...ADMIN_MENU,
      ...everyone.flatMap((u) => [...topNavItems(u), ...sidebarFor(u).flatMap((s) => s.items)]),
    ];
    for (const item of items) expect(matchPortalRoute(item.to), item.to).toBeDefined();
  });

  it('gives the console every operator screen without parameters, then its own, named by the route table', () => {
    const listed = CONSOLE_SIDEBAR.flatMap((s) => s.items);
    const screens = [...ADMIN_ROUTES, ...CONSOLE_ROUTES].filter(
      (r) => !r.path.includes('$') && !/\/(new|backup-v2)$/.test(r.path),
    );
    expect(listed.map((i) => i.to).sort()).toEqual(screens.map((r) => r.path).sort());
    for (const item of listed)
      expect(item.label).toBe(matchPortalRoute(item.to, [...PORTAL_ROUTES, ...CONSOLE_ROUTES])!.title);
  });
});
