import { describe, expect, it } from 'vitest';
import { checkAccess, type Principal, type Role } from '@ideamine/shared/permissions';
import { routes } from '../routes/registry';

// Checklist item 5. permission-matrix.test.ts sends every registered route for every role and
// expects 403 wherever the route's declared requirement refuses the role; that proves the API
// enforces what a route declares. This file checks the declarations themselves from the outside:
// a call that is an admin call by its address (operations dashboards, queue control, backups,
// recovery, audit log, analytics, LLM monitoring, idea administration) or by what it does
// (changing or deleting users, tasks, settings) must declare a requirement no lower role meets,
// so a route added with a weaker requirement fails here even though the matrix would agree.

const LOWER: { name: string; principal: Principal }[] = (['guest', 'trial', 'developer'] as Role[]).map((role) => ({
  name: role,
  principal: { role, trial_expires_at: role === 'trial' ? new Date(Date.now() + 86_400_000) : null },
}));

/** Admin calls by address. The two user dashboards under /dashboard are every user's own. */
const isAdminByPath = (path: string) =>
  path.startsWith('/admin/') || (path.startsWith('/dashboard/') && !/^\/dashboard\/user-(overview|stats)$/.test(path));

/** Admin calls by effect, whatever their address. */
const ADMIN_BY_EFFECT = new Set([
  'users.update',
  'users.delete',
  'tasks.crawl.list',
  'tasks.transform.list',
  'tasks.crawl.run',
  'tasks.transform.run',
  'settings.create',
  'settings.update',
  'settings.delete',
]);

const adminCalls = routes.filter((r) => isAdminByPath(r.path) || ADMIN_BY_EFFECT.has(r.id));

describe('admin calls', () => {
  it('are found: every /admin and operations /dashboard route, and the admin-only actions', () => {
    expect(adminCalls.length).toBeGreaterThan(45);
    expect(adminCalls.filter((r) => r.path.startsWith('/admin/')).length).toBeGreaterThan(25);
    for (const id of ADMIN_BY_EFFECT)
      expect(
        routes.some((r) => r.id === id),
        id,
      ).toBe(true);
  });

  it.each(adminCalls.map((r) => [r.id, r] as const))('%s refuses guest, trial and developer', (_id, route) => {
    for (const { name, principal } of LOWER) {
      const decision = checkAccess(principal, route.requirement);
      expect(decision.allowed, `${route.method} ${route.path} for ${name}`).toBe(false);
      if (!decision.allowed) expect(decision.reason).toBe('FORBIDDEN');
    }
    expect(checkAccess({ role: 'admin' }, route.requirement).allowed).toBe(true);
  });
});
