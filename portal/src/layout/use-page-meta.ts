import { useLayoutEffect, useRef } from 'react';
import { documentTitle } from '@ideamine/shared/page-meta';
import { NOT_FOUND_ROUTE, matchPortalRoute } from '@ideamine/shared/routes';

/**
 * Tags only the server writes, for crawlers and link previews (api/src/seo): right for the page
 * the HTML was sent for, wrong once the portal has moved to another page, so they go then.
 */
const SERVER_ONLY =
  'link[rel="canonical"], meta[property^="og:"], meta[property^="article:"], meta[name^="twitter:"], meta[name="robots"]';

export function setPageDescription(text: string): void {
  let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.appendChild(meta);
  }
  meta.content = text;
}

/** The title and description of the route table for the current path; pages with data refine them. */
export function usePageMeta(pathname: string): void {
  const served = useRef(pathname);
  useLayoutEffect(() => {
    if (pathname !== served.current) document.querySelectorAll(SERVER_ONLY).forEach((tag) => tag.remove());
    const route = matchPortalRoute(pathname) ?? NOT_FOUND_ROUTE;
    document.title = documentTitle(route.title);
    setPageDescription(route.description);
  }, [pathname]);
}
