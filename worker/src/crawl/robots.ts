import robotsParser from 'robots-parser';
import type { Agent } from 'undici';
import type { Db } from '@ideamine/server/db/database';
import { fetchPage } from './fetcher';
import { REFUSED_PRIVATE, type AllowList } from '@ideamine/server/net/address-policy';

// robots.txt per RFC 9309: fetched once per origin and cached (in memory and in PostgreSQL for
// the other workers); a 4xx means no rules, a 5xx or network failure means crawl nothing, and so
// does a robots.txt on an address the address policy refuses, reported as such.

type Robot = ReturnType<typeof robotsParser>;

export interface RobotsVerdict {
  allowed: boolean;
  crawlDelaySeconds: number | null;
  reason?: string;
  sitemaps: string[];
}

interface CachedPolicy {
  mode: 'rules' | 'allow_all' | 'disallow_all' | 'refused';
  robot: Robot | null;
  expiresAt: number;
}

const RULES_TTL_MS = 24 * 3600_000;
/** Fetch limit when the caller names none; the crawler passes its crawl.timeout_seconds. */
const DEFAULT_TIMEOUT_MS = 15_000;
const FAILURE_TTL_MS = 10 * 60_000;
const MAX_ROBOTS_BYTES = 512 * 1024;

export class RobotsPolicy {
  private readonly cache = new Map<string, Promise<CachedPolicy>>();

  constructor(
    private readonly db: Db,
    private readonly agent: Agent,
    private readonly allow: AllowList,
    private readonly userAgent: string,
  ) {}

  /**
   * `timeoutMs` bounds the robots.txt fetch like any page fetch (crawl.timeout_seconds): a host
   * that never answers must not hold a task longer than its page would.
   */
  async check(url: string, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<RobotsVerdict> {
    const origin = new URL(url).origin;
    const policy = await this.policy(origin, timeoutMs);
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
    const robot = policy.robot!;
    const allowed = robot.isAllowed(url, this.userAgent) !== false;
    return {
      allowed,
      crawlDelaySeconds: robot.getCrawlDelay(this.userAgent) ?? null,
      sitemaps: robot.getSitemaps(),
      ...(allowed ? {} : { reason: 'Disallowed by robots.txt' }),
    };
  }

  private policy(origin: string, timeoutMs: number): Promise<CachedPolicy> {
    const cached = this.cache.get(origin);
    if (cached) {
      return cached.then((p) => (p.expiresAt > Date.now() ? p : this.refresh(origin, timeoutMs)));
    }
    return this.refresh(origin, timeoutMs);
  }

  private refresh(origin: string, timeoutMs: number): Promise<CachedPolicy> {
    const pending = this.load(origin, timeoutMs);
    this.cache.set(origin, pending);
    pending.catch(() => this.cache.delete(origin));
    return pending;
  }

  private async load(origin: string, timeoutMs: number): Promise<CachedPolicy> {
    const stored = await this.db.selectFrom('robots_cache').selectAll().where('origin', '=', origin).executeTakeFirst();
    if (stored && stored.expires_at.getTime() > Date.now()) {
      return this.toPolicy(origin, stored.mode, stored.body, stored.expires_at.getTime());
    }
    const res = await fetchPage(`${origin}/robots.txt`, this.agent, this.allow, {
      timeoutMs,
      maxBytes: MAX_ROBOTS_BYTES,
      maxRedirects: 5,
      userAgent: this.userAgent,
    });
    let mode: CachedPolicy['mode'];
    let body = '';
    let status: number | null = null;
    if (res.kind === 'ok') {
      mode = 'rules';
      body = res.body;
      status = res.status;
    } else if (res.kind === 'http_error' && res.status >= 400 && res.status < 500 && res.status !== 429) {
      mode = 'allow_all';
      status = res.status;
    } else if (res.kind === 'skipped') {
      mode = 'allow_all'; // not a robots file (e.g. an HTML error page type): no rules
      status = res.status;
    } else if (res.kind === 'failed' && res.refused) {
      mode = 'refused'; // an SSRF attempt or a misconfigured site: said as such on every task
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
    return this.toPolicy(origin, mode, body, expiresAt);
  }

  private toPolicy(origin: string, mode: CachedPolicy['mode'], body: string, expiresAt: number): CachedPolicy {
    return { mode, robot: mode === 'rules' ? robotsParser(`${origin}/robots.txt`, body) : null, expiresAt };
  }
}
