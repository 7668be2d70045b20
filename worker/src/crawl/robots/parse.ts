// A robots.txt read per RFC 9309, with the leniencies of Google's reference parser
// (github.com/google/robotstxt, robots.cc) that site owners test their files against:
// a missing colon, common typos of the keys, a user-agent value read up to its first
// non-token character, and lines cut at 8 x 2083 bytes.

export interface RobotsRule {
  allow: boolean;
  /** The path pattern, percent-encoding normalised (see `encodePattern`). */
  pattern: string;
}

export interface RobotsGroup {
  /** Product tokens, lower-cased; '*' for the global group. */
  agents: string[];
  rules: RobotsRule[];
  crawlDelaySeconds: number | null;
}

export interface ParsedRobots {
  groups: RobotsGroup[];
  sitemaps: string[];
}

/** Google's cap: lines longer than this are cut there (8 x the 2,083 bytes of the longest URL browsers take). */
const MAX_LINE_CHARS = 2083 * 8 - 1;

type Key = 'user-agent' | 'allow' | 'disallow' | 'sitemap' | 'crawl-delay' | 'unknown';

// Keys are matched by prefix, as Google does; the typos are the ones its parser accepts.
const KEY_PREFIXES: [Key, string[]][] = [
  ['user-agent', ['user-agent', 'useragent', 'user agent']],
  ['allow', ['allow']],
  ['disallow', ['disallow', 'dissallow', 'dissalow', 'disalow', 'diasllow', 'disallaw']],
  ['sitemap', ['sitemap', 'site-map']],
  ['crawl-delay', ['crawl-delay']],
];

function keyOf(name: string): Key {
  const lower = name.toLowerCase();
  for (const [key, prefixes] of KEY_PREFIXES) if (prefixes.some((p) => lower.startsWith(p))) return key;
  return 'unknown';
}

/** Trims ASCII white space only: JavaScript's trim() would also eat a stray byte-order mark. */
function trimAscii(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && ' \t\v\f'.includes(text[start]!)) start++;
  while (end > start && ' \t\v\f'.includes(text[end - 1]!)) end--;
  return text.slice(start, end);
}

/** The key and value of one line, or null for a blank, comment-only or unreadable line. */
function splitLine(raw: string): { key: Key; value: string } | null {
  const hash = raw.indexOf('#');
  const line = trimAscii(hash >= 0 ? raw.slice(0, hash) : raw);
  if (!line) return null;
  let sep = line.indexOf(':');
  let valueStart = sep + 1;
  if (sep < 0) {
    // A forgotten colon ("Disallow /x") is read as one when the line is exactly two words.
    const words = line.split(/[ \t]+/);
    if (words.length !== 2) return null;
    sep = words[0]!.length;
    valueStart = sep;
  }
  const name = trimAscii(line.slice(0, sep));
  if (!name) return null;
  return { key: keyOf(name), value: trimAscii(line.slice(valueStart)) };
}

/** The lines of a robots.txt: CR, LF and CRLF all end one; a full byte-order mark at the start is skipped. */
export function robotsLines(text: string): string[] {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  return body.split(/\r\n|\r|\n/).map((l) => (l.length > MAX_LINE_CHARS ? l.slice(0, MAX_LINE_CHARS) : l));
}

/**
 * The product token a User-agent line names: its leading letters, '-' and '_' (so "Foo Bar"
 * and "Foo/1.0" name "foo"), or '*' for the global group.
 */
export function agentToken(value: string): string {
  if (/^\*(\s|$)/.test(value)) return '*';
  return (/^[A-Za-z_-]*/.exec(value)?.[0] ?? '').toLowerCase();
}

const HEX = '0123456789ABCDEF';

/**
 * A path pattern or a URL's path and query with its percent-encoding normalised the way RFC 9309
 * section 2.2.2 asks: octets outside US-ASCII percent-encoded from UTF-8, and the hex digits of
 * existing escapes in upper case. Nothing is decoded, so an escaped character still differs from
 * the plain one, as in Google's reference tests.
 */
export function encodePattern(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    const code = ch.charCodeAt(0);
    if (ch === '%' && /^[0-9a-fA-F]{2}$/.test(text.slice(i + 1, i + 3))) {
      out += '%' + text.slice(i + 1, i + 3).toUpperCase();
      i += 2;
    } else if (code > 0x7e || code < 0x21) {
      const cp = text.codePointAt(i)!;
      if (cp > 0xffff) i++;
      for (const byte of Buffer.from(String.fromCodePoint(cp), 'utf8')) out += '%' + HEX[byte >> 4] + HEX[byte & 15];
    } else {
      out += ch;
    }
  }
  return out;
}

function crawlDelayOf(value: string): number | null {
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

/**
 * Groups as RFC 9309 section 2.1 defines them: one or more User-agent lines, then rules; a
 * User-agent line after a rule starts the next group. Sitemap, Crawl-delay and unknown lines
 * neither open nor close a group; rules before the first User-agent line belong to none.
 */
export function parseRobots(text: string): ParsedRobots {
  const groups: RobotsGroup[] = [];
  const sitemaps: string[] = [];
  let current: RobotsGroup | null = null;
  let sawRule = false;
  for (const raw of robotsLines(text)) {
    const line = splitLine(raw);
    if (!line) continue;
    switch (line.key) {
      case 'user-agent':
        if (!current || sawRule) {
          current = { agents: [], rules: [], crawlDelaySeconds: null };
          groups.push(current);
          sawRule = false;
        }
        current.agents.push(agentToken(line.value));
        break;
      case 'allow':
      case 'disallow':
        if (!current) break;
        sawRule = true;
        // An empty value matches nothing (RFC 9309 2.2.2: "Disallow:" allows everything).
        if (line.value) current.rules.push({ allow: line.key === 'allow', pattern: encodePattern(line.value) });
        break;
      case 'crawl-delay':
        if (current && current.crawlDelaySeconds === null) current.crawlDelaySeconds = crawlDelayOf(line.value);
        break;
      case 'sitemap':
        if (line.value) sitemaps.push(line.value);
        break;
      case 'unknown':
        break;
    }
  }
  return { groups, sitemaps };
}
