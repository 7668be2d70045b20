import { encodePattern, type ParsedRobots, type RobotsGroup, type RobotsRule } from './parse';

// Which rules apply to a crawler, and whether they allow a URL (RFC 9309 sections 2.2.1-2.2.3).

/**
 * Whether `pattern` matches the start of `path`: '*' stands for any run of characters and a
 * final '$' anchors the end. The literal runs between the stars are found left to right, each at
 * its first place after the one before (taking the first place never stops a later run from
 * matching), so a check costs a few string searches, never backtracking: a robots.txt is
 * written by whoever runs the site, and a hostile one must not hold the crawler.
 */
export function patternMatches(path: string, pattern: string): boolean {
  const anchored = pattern.endsWith('$');
  const runs = (anchored ? pattern.slice(0, -1) : pattern).split('*');
  const first = runs[0]!;
  if (!path.startsWith(first)) return false;
  if (runs.length === 1) return !anchored || path.length === first.length;
  const last = runs[runs.length - 1]!;
  // With '$' the last run sits at the very end; the runs between must fit before it.
  const end = anchored ? path.length - last.length : path.length;
  let pos = first.length;
  if (end < pos) return false;
  for (const run of runs.slice(1, -1)) {
    if (!run) continue;
    const at = path.indexOf(run, pos);
    if (at < 0 || at + run.length > end) return false;
    pos = at + run.length;
  }
  return anchored ? path.endsWith(last) : path.indexOf(last, pos) >= 0;
}

/** The groups that speak to `token` (lower-case product token): its own, else the global ones, else none. */
export function groupsFor(robots: ParsedRobots, token: string): RobotsGroup[] {
  const own = robots.groups.filter((g) => g.agents.includes(token));
  // A group naming the crawler applies even with no rules in it: then everything is allowed.
  if (own.length) return own;
  return robots.groups.filter((g) => g.agents.includes('*'));
}

/** Google's reading: "Allow: /dir/index.html" also allows "/dir/" itself. */
function withIndexDirectory(rule: RobotsRule): RobotsRule[] {
  if (!rule.allow) return [rule];
  const slash = rule.pattern.lastIndexOf('/');
  if (slash < 0 || !rule.pattern.startsWith('/index.htm', slash)) return [rule];
  return [rule, { allow: true, pattern: rule.pattern.slice(0, slash + 1) + '$' }];
}

/**
 * The path and query a rule is matched against: as the link wrote them (never re-sorted or
 * re-encoded beyond what RFC 3986 allows), '/' when the path is empty.
 */
export function matchTarget(url: string): string {
  const u = new URL(url);
  // A literal '*' or '$' in a URL is matched by a rule that writes it %2A or %24 (RFC 9309
  // 2.2.3): in a rule the plain characters are the wildcard and the end anchor.
  return encodePattern((u.pathname || '/') + u.search)
    .replaceAll('*', '%2A')
    .replaceAll('$', '%24');
}

/**
 * Whether the most specific rule (the longest pattern) allows `path`; on a tie between an
 * allow and a disallow of the same length, allow wins. No matching rule: allowed, and
 * /robots.txt itself always is.
 */
export function isAllowedBy(groups: RobotsGroup[], path: string): boolean {
  if (path === '/robots.txt') return true; // "implicitly allowed" (RFC 9309 2.2.2)
  let best: RobotsRule | null = null;
  for (const group of groups) {
    for (const rule of group.rules.flatMap(withIndexDirectory)) {
      if (!patternMatches(path, rule.pattern)) continue;
      if (
        !best ||
        rule.pattern.length > best.pattern.length ||
        (rule.pattern.length === best.pattern.length && rule.allow)
      )
        best = rule;
    }
  }
  return best ? best.allow : true;
}

export function crawlDelayFor(groups: RobotsGroup[]): number | null {
  return groups.find((g) => g.crawlDelaySeconds !== null)?.crawlDelaySeconds ?? null;
}
