import { Breadcrumbs, type BreadcrumbProps } from '@blueprintjs/core';
import { useNavigate, useRouterState } from '@tanstack/react-router';

/** Breadcrumbs from the path segments: /my/projects/3 -> Home / My / Projects / 3. */
export function breadcrumbsFor(pathname: string): { text: string; href: string }[] {
  const parts = pathname.split('/').filter(Boolean);
  return parts.map((part, i) => ({
    text: decodeURIComponent(part)
      .replace(/-/g, ' ')
      .replace(/^\w/, (c) => c.toUpperCase()),
    href: `/${parts.slice(0, i + 1).join('/')}`,
  }));
}

export function AppBreadcrumbs() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const navigate = useNavigate();
  const crumbs = breadcrumbsFor(pathname);
  if (crumbs.length === 0) return null;
  const items: BreadcrumbProps[] = [{ text: 'Home', href: '/', icon: 'home' as const }, ...crumbs].map((c, i, all) => ({
    ...c,
    onClick:
      i < all.length - 1
        ? (e: React.MouseEvent) => {
            e.preventDefault();
            void navigate({ to: c.href });
          }
        : undefined,
    href: i < all.length - 1 ? c.href : undefined,
  }));
  return (
    <div className="im-breadcrumbs">
      <Breadcrumbs items={items} />
    </div>
  );
}
