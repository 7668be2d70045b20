import { Icon } from '@blueprintjs/core';
import { Link, useRouterState } from '@tanstack/react-router';
import { breadcrumbsFor } from '@ideamine/shared/breadcrumbs';
import { useAuth } from '../auth/AuthProvider';
import { useIsMobile } from './use-media-query';

// Where the page sits, from the route table (shared/src/breadcrumbs.ts): every crumb is a page
// the person may open, named by its title. A plain list of links in a labelled nav, so screen
// readers announce it as breadcrumbs. On a phone only the way up is shown ("‹ Parent"), which
// fits above any page title.

export function AppBreadcrumbs() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const { user } = useAuth();
  const mobile = useIsMobile();
  const crumbs = breadcrumbsFor(pathname, user);
  if (crumbs.length === 0) return null;
  if (mobile) {
    const parent = crumbs.at(-2) ?? { text: 'Home', href: '/' };
    return (
      <nav aria-label="Breadcrumb" className="im-breadcrumbs im-breadcrumbs-up">
        <Link to={parent.href}>
          <Icon icon="chevron-left" size={12} /> {parent.text}
        </Link>
      </nav>
    );
  }
  const trail = [{ text: 'Home', href: '/' }, ...crumbs];
  return (
    <nav aria-label="Breadcrumb" className="im-breadcrumbs">
      <ol className="im-crumbs">
        {trail.map((crumb, i) =>
          i < trail.length - 1 ? (
            <li key={crumb.href}>
              <Link to={crumb.href}>
                {i === 0 && <Icon icon="home" size={14} />} {crumb.text}
              </Link>
              <Icon icon="chevron-right" size={12} className="im-crumb-separator" />
            </li>
          ) : (
            <li key={crumb.href} aria-current="page">
              {crumb.text}
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
