// URL normalisation for dedup: same page, same string.

const TRACKING = /^(utm_[a-z]+|fbclid|gclid|mc_cid|mc_eid|ref_src|igshid)$/i;

/** The normalised absolute http(s) URL, or null for anything else (mailto:, javascript:, junk). */
export function normalizeUrl(input: string, base?: string): string | null {
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
  url.hostname = url.hostname.toLowerCase().replace(/\.$/, '');
  if ((url.protocol === 'http:' && url.port === '80') || (url.protocol === 'https:' && url.port === '443'))
    url.port = '';
  const params = [...url.searchParams.entries()].filter(([k]) => !TRACKING.test(k));
  params.sort(([a, av], [b, bv]) => (a === b ? av.localeCompare(bv) : a.localeCompare(b)));
  url.search = params.length ? new URLSearchParams(params).toString() : '';
  if (url.pathname === '') url.pathname = '/';
  return url.toString();
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
