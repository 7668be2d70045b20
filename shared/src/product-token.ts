// The name robots.txt groups are matched against (RFC 9309 2.2.1: "the product token"), taken
// from the crawl.user_agent setting: "IdeamineBot/0.1" and
// "Mozilla/5.0 (compatible; IdeamineBot/0.1; +https://...)" both name "ideaminebot". A browser-like
// prefix must never make the crawler obey the rules written for "Mozilla".

const TOKEN = /^[A-Za-z_-]+/;
const PRODUCTS = /(?:^|\s)([A-Za-z_-]+)(?=\/|\s|$)/g;

/** The lower-case product token, or null when the string names none but "Mozilla". */
export function productToken(userAgent: string): string | null {
  const compatible = /\(compatible;\s*([^;)]*)/i.exec(userAgent)?.[1]?.trim();
  if (compatible) return TOKEN.exec(compatible)?.[0]?.toLowerCase() ?? null;
  // Otherwise the first product outside parentheses that is not the browser-compatibility "Mozilla".
  const outside = userAgent.replace(/\([^()]*\)/g, ' ');
  for (const m of outside.matchAll(PRODUCTS)) {
    const token = m[1]!.toLowerCase();
    if (token !== 'mozilla') return token;
  }
  return null;
}
