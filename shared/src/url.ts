// URL normalisation for dedup: same page, same string.

const TRACKING = /^(utm_[a-z]+|fbclid|gclid|mc_cid|mc_eid|ref_src|igshid)$/i;

/** An absolute http(s) URL without its fragment, credentials or the trailing dot of its host; null for anything else. */
function httpUrl(input: string, base?: string): URL | null {
  let url: URL;
  try {
    url = new URL(input.trim(), base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  url.hash = '';
  url.username = '';
  url.password = '';
  url.hostname = url.hostname.replace(/\.$/, '');
  return url;
}

/** The normalised absolute http(s) URL, or null for anything else (mailto:, javascript:, junk). */
export function normalizeUrl(input: string, base?: string): string | null {
  const url = httpUrl(input, base);
  if (!url) return null;
  url.hostname = url.hostname.toLowerCase();
  if ((url.protocol === 'http:' && url.port === '80') || (url.protocol === 'https:' && url.port === '443'))
    url.port = '';
  const params = [...url.searchParams.entries()].filter(([k]) => !TRACKING.test(k));
  params.sort(([a, av], [b, bv]) => (a === b ? av.localeCompare(bv) : a.localeCompare(b)));
  url.search = params.length ? new URLSearchParams(params).toString() : '';
  if (url.pathname === '') url.pathname = '/';
  return url.toString();
}

/**
 * The absolute http(s) URL as a link wrote it, for fetching and for robots.txt: the fragment
 * and any credentials dropped and percent-escapes in upper case (RFC 3986 6.2.2.1), but the
 * query left in its own order and encoding, unlike `normalizeUrl`, which is for dedup only.
 */
export function linkedUrl(input: string, base?: string): string | null {
  const url = httpUrl(input, base);
  return url && url.toString().replace(/%[0-9a-f]{2}/gi, (e) => e.toUpperCase());
}

/** What a crawl task stores as `fetch_url`: the linked form when it differs from the dedup key. */
export function fetchUrlFor(key: string, linked: string | null): string | null {
  return linked && linked !== key ? linked : null;
}

export function domainOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return '';
  }
}

/**
 * The text without trailing slashes. A loop rather than /\/+$/, which restarts at every slash
 * and so takes quadratic time on a long run of slashes followed by anything else.
 */
export function withoutTrailingSlashes(text: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === '/') end--;
  return text.slice(0, end);
}
