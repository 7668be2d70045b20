import { withoutTrailingSlashes } from '@ideamine/shared/url';

// The address a share link opens: the portal's /shared/{token} page on this site.
export function shareUrl(origin: string, token: string): string {
  return `${withoutTrailingSlashes(origin)}/shared/${encodeURIComponent(token)}`;
}
