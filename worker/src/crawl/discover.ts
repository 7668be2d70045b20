import type { FeedItemJson } from '@ideamine/server/db/schema';
import { fetchUrlFor, linkedUrl, normalizeUrl } from '@ideamine/shared/url';

// Link discovery without a full parse (the transform stage parses the page properly): anchors,
// feed links announced in <head>, <loc> entries of sitemaps, and the sitemaps robots.txt names.

export interface Discovered {
  /** The dedup key. */
  url: string;
  /** The link as written, when it differs from the key: what is fetched and matched against robots.txt. */
  fetchUrl?: string | null;
  via: 'link' | 'feed' | 'sitemap';
  /** A sitemap or feed, which lists pages rather than being one: a schema's follow patterns do not filter it. */
  index?: true;
  /** A feed's item followed to read it in full (pipeline/feed-items.ts): the item as the feed gave it. */
  feedItem?: FeedItemJson;
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

/** One discovered link, or null for a link that is not http(s). */
function link(href: string, base: string, via: Discovered['via'], index = false): Discovered | null {
  const url = normalizeUrl(href, base);
  if (!url) return null;
  const fetchUrl = fetchUrlFor(url, linkedUrl(href, base));
  const found: Discovered = fetchUrl ? { url, fetchUrl, via } : { url, via };
  return index ? { ...found, index: true } : found;
}

export function isSitemap(contentType: string, body: string): boolean {
  return /xml/.test(contentType) && /<(urlset|sitemapindex)[\s>]/.test(body.slice(0, 1000));
}

export function discoverLinks(html: string, pageUrl: string): Discovered[] {
  const base = BASE.exec(html)?.[1] ?? pageUrl;
  const found = new Map<string, Discovered>();
  for (const m of html.matchAll(ANCHOR)) {
    const d = link(decodeEntities(m[1] ?? m[2] ?? m[3] ?? ''), base, 'link');
    if (d && !found.has(d.url)) found.set(d.url, d);
  }
  for (const m of html.matchAll(LINK_TAG)) {
    const tag = m[0];
    if (
      !/rel\s*=\s*["']?alternate/i.test(tag) ||
      !/type\s*=\s*["']?application\/(rss|atom|feed)\+(xml|json)/i.test(tag)
    )
      continue;
    const href = /href\s*=\s*["']([^"']+)["']/i.exec(tag)?.[1];
    const d = href ? link(decodeEntities(href), base, 'feed', true) : null;
    if (d) found.set(d.url, d);
  }
  return [...found.values()];
}

export function sitemapUrls(xml: string, pageUrl: string): Discovered[] {
  // A sitemap index lists further sitemaps; a urlset lists pages.
  const nested = /<sitemapindex[\s>]/.test(xml.slice(0, 1000));
  const out: Discovered[] = [];
  for (const m of xml.matchAll(LOC)) {
    const d = link(decodeEntities(m[1]!), pageUrl, 'sitemap', nested);
    if (d) out.push(d);
  }
  return out;
}

/** The `Sitemap:` URLs of an origin's robots.txt (absolute by the RFC; a relative one resolves against the origin). */
export function robotsSitemaps(urls: string[], origin: string): Discovered[] {
  return urls.flatMap((u) => link(u, origin, 'sitemap', true) ?? []);
}
