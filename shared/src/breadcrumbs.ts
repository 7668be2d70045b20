import type { Principal } from './permissions';
import { checkAccess } from './permissions';
import { matchPortalRoute, PORTAL_ROUTES, type PortalRoute } from './routes';

// Breadcrumbs from the route table, not from the path's segments: each crumb is a page of the
// table named by its title (never an id or a share token), its parent the nearest shorter path
// that is a page too. A parent the person may not open is left out, and so is one that names the
// same page as its child (/ideas/7 above /ideas/7/its-slug), so every crumb leads somewhere.

export interface Crumb {
  text: string;
  href: string;
}

export function breadcrumbsFor(
  pathname: string,
  user: Principal | null,
  routes: PortalRoute[] = PORTAL_ROUTES,
): Crumb[] {
  const parts = pathname.split('/').filter(Boolean);
  const crumbs: Crumb[] = [];
  for (let n = parts.length; n >= 1; n--) {
    const href = `/${parts.slice(0, n).join('/')}`;
    const route = matchPortalRoute(href, routes);
    if (!route || route.path === '/') continue;
    const current = n === parts.length;
    if (!current && !checkAccess(user, route.requirement).allowed) continue;
    if (crumbs[0]?.text === route.title) continue;
    crumbs.unshift({ text: route.title, href });
  }
  return crumbs;
}
