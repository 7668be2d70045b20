import type { Agent } from 'undici';
import type { Db } from '@ideamine/server/db/database';
import { REFUSED_PRIVATE, type AllowList } from '@ideamine/server/net/address-policy';
import { productToken } from '@ideamine/shared/product-token';
import { fetchPage } from '../fetcher';
import { parseRobots, type ParsedRobots } from './parse';
import { crawlDelayFor, groupsFor, isAllowedBy, matchTarget } from './match';

// robots.txt per RFC 9309: fetched once per origin and cached (in memory and in PostgreSQL for
// the other workers); a 4xx means no rules, a 5xx or network failure means crawl nothing, and so
// does a robots.txt on an address the address policy refuses, reported as such. Only the first
// 500 KiB are read (2.5: "at least 500 kibibytes"), so rules at the top of a huge file still hold.

export interface RobotsVerdict {
  allowed: boolean;
  crawlDelaySeconds: number | null;
  reason?: string;
  sitemaps: string[];
}

interface CachedPolicy {
  mode: 'rules' | 'allow_all' | 'disallow_all' | 'refused';
  robots: ParsedRobots | null;
  expiresAt: number;
}

export interface RobotsCheckOptions {
  /** Bounds the robots.txt fetch like any page fetch (crawl.timeout_seconds). */
  timeoutMs?: number;
  /** The crawl.user_agent setting; its product token picks the group. */
  userAgent: string;
}

const RULES_TTL_MS = 24 * 3600_000;
/** Fetch limit when the caller names none; the crawler passes its crawl.timeout_seconds. */
const DEFAULT_TIMEOUT_MS = 15_000;
const FAILURE_TTL_MS = 10 * 60_000;
const MAX_ROBOTS_BYTES = 500 * 1024;
/** When the setting names no product token (the settings schema refuses that), the crawler's own name. */
const DEFAULT_TOKEN = 'ideaminebot';

export class RobotsPolicy {
  private readonly cache = new Map<string, Promise<CachedPolicy>>();

  constructor(
    private readonly db: Db,
    private readonly agent: Agent,
    private readonly allow: AllowList,
  ) {}

  /** Whether `url`, as the link wrote it (never the dedup form), may be fetched. */
  async check(url: string, opts: RobotsCheckOptions): Promise<RobotsVerdict> {
    const origin = new URL(url).origin;
    const policy = await this.policy(origin, opts.timeoutMs ?? DEFAULT_TIMEOUT_MS, opts.userAgent);
    if (policy.mode === 'allow_all') return { allowed: true, crawlDelaySeconds: null, sitemaps: [] };
    if (policy.mode === 'refused') {
      return {
        allowed: false,
        crawlDelaySeconds: null,
        reason: `${REFUSED_PRIVATE}: robots.txt of ${origin} is on a private, loopback or reserved address; crawling nothing`,
        sitemaps: [],
      };
    }
    if (policy.mode === 'disallow_all') {
      return {
        allowed: false,
        crawlDelaySeconds: null,
        reason: 'robots.txt unreachable (server error or no answer): crawling nothing',
        sitemaps: [],
      };
    }
    const robots = policy.robots!;
    const groups = groupsFor(robots, productToken(opts.userAgent) ?? DEFAULT_TOKEN);
    const allowed = isAllowedBy(groups, matchTarget(url));
    return {
      allowed,
      crawlDelaySeconds: crawlDelayFor(groups),
      sitemaps: robots.sitemaps,
      ...(allowed ? {} : { reason: 'Disallowed by robots.txt' }),
    };
  }

  private policy(origin: string, timeoutMs: number, userAgent: string): Promise<CachedPolicy> {
    const cached = this.cache.get(origin);
    if (cached) {
      return cached.then((p) => (p.expiresAt > Date.now() ? p : this.refresh(origin, timeoutMs, userAgent)));
    }
    return this.refresh(origin, timeoutMs, userAgent);
  }

  private refresh(origin: string, timeoutMs: number, userAgent: string): Promise<CachedPolicy> {
    const pending = this.load(origin, timeoutMs, userAgent);
    this.cache.set(origin, pending);
    pending.catch(() => this.cache.delete(origin));
    return pending;
  }

  private async load(origin: string, timeoutMs: number, userAgent: string): Promise<CachedPolicy> {
    const stored = await this.db.selectFrom('robots_cache').selectAll().where('origin', '=', origin).executeTakeFirst();
    if (stored && stored.expires_at.getTime() > Date.now()) {
      return this.toPolicy(stored.mode, stored.body, stored.expires_at.getTime());
    }
    const res = await fetchPage(`${origin}/robots.txt`, this.agent, this.allow, {
      timeoutMs,
      maxBytes: MAX_ROBOTS_BYTES,
      truncate: true,
      maxRedirects: 5,
      userAgent,
    });
    let mode: CachedPolicy['mode'];
    let body = '';
    let status: number | null = null;
    if (res.kind === 'ok') {
      mode = 'rules';
      // A cut file ends mid-line: that last line is not the rule the site wrote, so it is dropped.
      body = res.truncated
        ? res.body.slice(0, Math.max(0, res.body.lastIndexOf('\n'), res.body.lastIndexOf('\r')))
        : res.body;
      status = res.status;
    } else if (res.kind === 'http_error' && res.status >= 400 && res.status < 500 && res.status !== 429) {
      mode = 'allow_all';
      status = res.status;
    } else if (res.kind === 'skipped') {
      mode = 'allow_all'; // not a robots file (e.g. an HTML error page type): no rules
      status = res.status;
    } else if (res.kind === 'failed' && res.refused) {
      mode = 'refused'; // an SSRF attempt or a misconfigured site: said as such on every task
    } else if (res.kind === 'failed' && res.redirects) {
      mode = 'allow_all'; // more than 5 redirects, or a loop: unavailable, like a 4xx (RFC 9309 2.3.1.2)
    } else {
      mode = 'disallow_all';
      status = res.kind === 'http_error' ? res.status : null;
    }
    const expiresAt = Date.now() + (mode === 'disallow_all' || mode === 'refused' ? FAILURE_TTL_MS : RULES_TTL_MS);
    await this.db
      .insertInto('robots_cache')
      .values({ origin, status, body, mode, expires_at: new Date(expiresAt) })
      .onConflict((oc) =>
        oc
          .column('origin')
          .doUpdateSet({ status, body, mode, fetched_at: new Date(), expires_at: new Date(expiresAt) }),
      )
      .execute();
    return this.toPolicy(mode, body, expiresAt);
  }

  private toPolicy(mode: CachedPolicy['mode'], body: string, expiresAt: number): CachedPolicy {
    return { mode, robots: mode === 'rules' ? parseRobots(body) : null, expiresAt };
  }
}
