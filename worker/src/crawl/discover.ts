import { normalizeUrl } from '@ideamine/shared/url';

// Link discovery without a full parse (the transform stage parses the page properly): anchors,
// feed links announced in <head>, <loc> entries of sitemaps, and the sitemaps robots.txt names.

export interface Discovered {
  url: string;
  via: 'link' | 'feed' | 'sitemap';
  /** A sitemap or feed, which lists pages rather than being one: a schema's follow patterns do not filter it. */
  index?: true;
}

const ANCHOR = /<a\b[^>]*?\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi;
const LINK_TAG = /<link\b[^>]*>/gi;
const LOC = /<loc>\s*([^<\s]+)\s*<\/loc>/gi;
const BASE = /<base\b[^>]*?\bhref\s*=\s*["']([^"']+)["']/i;

function decodeEntities(s: string): string {
  return s
    .replace(/&amp;/g, '&')
    .replace(/&#x2F;/gi, '/')
    .replace(/&#47;/g, '/');
}

export function isSitemap(contentType: string, body: string): boolean {
  return /xml/.test(contentType) && /<(urlset|sitemapindex)[\s>]/.test(body.slice(0, 1000));
}

export function discoverLinks(html: string, pageUrl: string): Discovered[] {
  const base = BASE.exec(html)?.[1] ?? pageUrl;
  const found = new Map<string, Discovered>();
  for (const m of html.matchAll(ANCHOR)) {
    const href = decodeEntities(m[1] ?? m[2] ?? m[3] ?? '');
    const url = normalizeUrl(href, base);
    if (url && !found.has(url)) found.set(url, { url, via: 'link' });
  }
  for (const m of html.matchAll(LINK_TAG)) {
    const tag = m[0];
    if (
      !/rel\s*=\s*["']?alternate/i.test(tag) ||
      !/type\s*=\s*["']?application\/(rss|atom|feed)\+(xml|json)/i.test(tag)
    )
      continue;
    const href = /href\s*=\s*["']([^"']+)["']/i.exec(tag)?.[1];
    const url = href ? normalizeUrl(decodeEntities(href), base) : null;
    if (url) found.set(url, { url, via: 'feed', index: true });
  }
  return [...found.values()];
}

export function sitemapUrls(xml: string, pageUrl: string): Discovered[] {
  // A sitemap index lists further sitemaps; a urlset lists pages.
  const nested = /<sitemapindex[\s>]/.test(xml.slice(0, 1000));
  const out: Discovered[] = [];
  for (const m of xml.matchAll(LOC)) {
    const url = normalizeUrl(decodeEntities(m[1]!), pageUrl);
    if (url) out.push(nested ? { url, via: 'sitemap', index: true } : { url, via: 'sitemap' });
  }
  return out;
}

/** The `Sitemap:` URLs of an origin's robots.txt (absolute by the RFC; a relative one resolves against the origin). */
export function robotsSitemaps(urls: string[], origin: string): Discovered[] {
  return urls.flatMap((u) => {
    const url = normalizeUrl(u, origin);
    return url ? [{ url, via: 'sitemap' as const, index: true as const }] : [];
  });
}
