import { describe, expect, it } from 'vitest';
import { breadcrumbsFor } from './breadcrumbs';
import type { User } from './contract/users';
import { ROLES } from './permissions';
import { matchPortalRoute, PORTAL_ROUTES } from './routes';

const userWith = (role: User['role']) => ({ id: 1, role, trial_expires_at: null }) as User;

/** A concrete path for a route pattern: numbers for ids, words for slugs and tokens. */
const concrete = (pattern: string) =>
  pattern.replace(/\$(\w+)/g, (_, name: string) => (name === 'id' ? '42' : `some-${name.toLowerCase()}`));

describe('breadcrumbs', () => {
  it('name pages by their titles, never by an id or a token', () => {
    expect(breadcrumbsFor('/my/projects/42/share', userWith('trial'))).toEqual([
      { text: 'My projects', href: '/my/projects' },
      { text: 'Project', href: '/my/projects/42' },
      { text: 'Share project', href: '/my/projects/42/share' },
    ]);
    expect(breadcrumbsFor('/shared/abc123token', null)).toEqual([
      { text: 'Shared project', href: '/shared/abc123token' },
    ]);
    expect(breadcrumbsFor('/ideas/7/a-slug', null)).toEqual([
      { text: 'Ideas', href: '/ideas' },
      { text: 'Idea', href: '/ideas/7/a-slug' },
    ]);
  });

  it('skip paths that are no page (/my, /admin/data, /auth) and parents the person may not open', () => {
    expect(breadcrumbsFor('/admin/data/raw/42', userWith('admin')).map((c) => c.href)).toEqual([
      '/admin',
      '/admin/data/raw',
      '/admin/data/raw/42',
    ]);
    // A developer may open raw data but not the operations dashboard.
    expect(breadcrumbsFor('/admin/data/raw/42', userWith('developer')).map((c) => c.href)).toEqual([
      '/admin/data/raw',
      '/admin/data/raw/42',
    ]);
    expect(breadcrumbsFor('/admin/llm-monitoring/models/gpt-4o', userWith('admin')).map((c) => c.href)).toEqual([
      '/admin',
      '/admin/llm-monitoring',
      '/admin/llm-monitoring/models/gpt-4o',
    ]);
  });

  it('lead only to pages of the route table the person may open, for every route and role', () => {
    for (const user of [null, ...ROLES.map(userWith)])
      for (const route of PORTAL_ROUTES) {
        const path = concrete(route.path);
        const crumbs = breadcrumbsFor(path, user);
        for (const crumb of crumbs.slice(0, -1)) {
          expect(matchPortalRoute(crumb.href), `${crumb.href} on ${path}`).toBeDefined();
          expect(crumb.text).not.toMatch(/^\d+$|some-/);
        }
        if (route.path !== '/') expect(crumbs.at(-1)?.href, path).toBe(path);
      }
  });
});
