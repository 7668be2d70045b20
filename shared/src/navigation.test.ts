import { describe, expect, it } from 'vitest';
import type { User } from './contract/users';
import {
  ADMIN_MENU,
  CONSOLE_SIDEBAR,
  developerOperations,
  drawerSections,
  homeFor,
  sidebarFor,
  topNavItems,
  type NavItem,
} from './navigation';
import { ADMIN_ROUTES, CONSOLE_ROUTES, matchPortalRoute, PORTAL_ROUTES } from './routes';
import { checkAccess, ROLES } from './permissions';

const userWith = (role: User['role']) => ({ id: 1, role, trial_expires_at: null }) as User;
const everyone: (User | null)[] = [null, ...ROLES.map(userWith)];

describe('navigation', () => {
  it('leads only to pages of the route table, for visitors and every role', () => {
    const items: NavItem[] = [
      ...ADMIN_MENU,
      ...everyone.flatMap((u) => [
        ...topNavItems(u),
        ...sidebarFor(u).flatMap((s) => s.items),
        ...drawerSections(u).flatMap((s) => s.items),
      ]),
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

  it('puts in the phone drawer every place the desktop navigation offers, each once', () => {
    for (const u of everyone) {
      const drawer = drawerSections(u).flatMap((s) => s.items.map((i) => i.to));
      expect(new Set(drawer).size, `duplicates for ${u?.role ?? 'visitor'}`).toBe(drawer.length);
      const desktop = [...topNavItems(u), ...sidebarFor(u).flatMap((s) => s.items)].map((i) => i.to);
      for (const to of desktop) expect(drawer, `${to} for ${u?.role ?? 'visitor'}`).toContain(to);
    }
    const visitor = drawerSections(null).flatMap((s) => s.items.map((i) => i.to));
    expect(visitor).toEqual(expect.arrayContaining(['/ideas', '/trending', '/categories', '/login', '/register']));
    const trial = drawerSections(userWith('trial')).flatMap((s) => s.items.map((i) => i.to));
    expect(trial).toEqual(expect.arrayContaining(['/ideas', '/trending', '/categories', '/my/projects']));
  });

  it('leads a developer to the operator screens the permission matrix grants, and only those', () => {
    const developer = userWith('developer');
    const screens = developerOperations(developer).map((i) => i.to);
    expect(screens).toEqual(expect.arrayContaining(['/admin/users', '/admin/data/raw', '/admin/rate-limits']));
    expect(screens).not.toContain('/admin/backup');
    for (const to of screens) {
      const route = ADMIN_ROUTES.find((r) => r.path === to)!;
      expect(checkAccess(developer, route.requirement).allowed, to).toBe(true);
    }
    expect(sidebarFor(developer).map((s) => s.title)).toContain('Operations');
    expect(developerOperations(userWith('trial'))).toEqual([]);
    expect(developerOperations(userWith('admin'))).toEqual([]);
  });

  it('lands admins on the operations dashboard after sign-in, everyone else on theirs', () => {
    expect(homeFor(userWith('admin'))).toBe('/admin');
    expect(homeFor(userWith('developer'))).toBe('/dashboard');
    expect(homeFor(userWith('trial'))).toBe('/dashboard');
  });
});
