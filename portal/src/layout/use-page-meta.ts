import { useLayoutEffect } from 'react';
import { NOT_FOUND_ROUTE, documentTitle, matchPortalRoute } from '@ideamine/shared/routes';

/** The SEO title and description of the route table for the current path. */
export function usePageMeta(pathname: string): void {
  useLayoutEffect(() => {
    const route = matchPortalRoute(pathname) ?? NOT_FOUND_ROUTE;
    document.title = documentTitle(route.title);
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    meta.content = route.description;
  }, [pathname]);
}
