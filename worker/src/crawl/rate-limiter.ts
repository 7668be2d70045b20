import { sql } from 'kysely';
import type { Db } from '@ideamine/server/db/database';

// Per-domain politeness. The request rate is a token bucket held in PostgreSQL, so it holds
// across every worker process on every machine; concurrency is capped per process.

export interface DomainRule {
  requestsPerMinute: number;
  burst: number;
  maxConcurrency: number;
}

export const DEFAULT_RULE: DomainRule = { requestsPerMinute: 60, burst: 5, maxConcurrency: 2 };
const RULES_TTL_MS = 10_000;

/** '*' matches all, '*.example.com' matches example.com and its subdomains, else exact host. */
export function patternMatches(pattern: string, domain: string): boolean {
  const p = pattern.toLowerCase();
  if (p === '*') return true;
  if (p.startsWith('*.')) return domain === p.slice(2) || domain.endsWith(p.slice(1));
  return domain === p;
}

/** The most specific pattern wins: exact, then the longest wildcard, then '*'. */
export function pickRule(rules: { domain_pattern: string; rule: DomainRule }[], domain: string): DomainRule | null {
  const matching = rules.filter((r) => patternMatches(r.domain_pattern, domain));
  matching.sort((a, b) => specificity(b.domain_pattern) - specificity(a.domain_pattern));
  return matching[0]?.rule ?? null;
}

function specificity(pattern: string): number {
  if (pattern === '*') return 0;
  if (pattern.startsWith('*.')) return pattern.length;
  return 10_000 + pattern.length;
}

export class DomainRateLimiter {
  private rules: { at: number; list: { domain_pattern: string; rule: DomainRule }[] } | null = null;
  private readonly active = new Map<string, number>();
  private readonly waiting = new Map<string, (() => void)[]>();

  constructor(private readonly db: Db) {}

  async ruleFor(domain: string, crawlDelaySeconds: number | null): Promise<DomainRule> {
    if (!this.rules || Date.now() - this.rules.at > RULES_TTL_MS) {
      const rows = await this.db.selectFrom('rate_limits').selectAll().execute();
      this.rules = {
        at: Date.now(),
        list: rows.map((r) => ({
          domain_pattern: r.domain_pattern,
          rule: { requestsPerMinute: r.requests_per_minute, burst: r.burst, maxConcurrency: r.max_concurrency },
        })),
      };
    }
    const rule = pickRule(this.rules.list, domain) ?? DEFAULT_RULE;
    if (crawlDelaySeconds && crawlDelaySeconds > 0) {
      // robots.txt Crawl-delay: never faster than one request per delay.
      return { ...rule, requestsPerMinute: Math.min(rule.requestsPerMinute, 60 / crawlDelaySeconds), burst: 1 };
    }
    return rule;
  }

  /** Takes up to `want` tokens; returns how many were granted and how long until the next one. */
  async take(domain: string, rule: DomainRule, want: number): Promise<{ granted: number; waitMs: number }> {
    const perSecond = rule.requestsPerMinute / 60;
    await this.db
      .insertInto('domain_buckets')
      .values({ domain, tokens: rule.burst })
      .onConflict((oc) => oc.column('domain').doNothing())
      .execute();
    const result = await sql<{ granted: number; available: number }>`
      WITH b AS (
        SELECT domain,
               LEAST(${rule.burst}::float8,
                     tokens + EXTRACT(EPOCH FROM clock_timestamp() - updated_at) * ${perSecond}::float8) AS available
        FROM domain_buckets WHERE domain = ${domain} FOR UPDATE
      )
      UPDATE domain_buckets d
      SET tokens = b.available - LEAST(FLOOR(b.available), ${want}), updated_at = clock_timestamp()
      FROM b WHERE d.domain = b.domain
      RETURNING LEAST(FLOOR(b.available), ${want})::int AS granted, b.available AS available`.execute(this.db);
    const row = result.rows[0]!;
    const remaining = row.available - row.granted;
    const waitMs = row.granted >= want ? 0 : Math.ceil(((1 - (remaining % 1)) / perSecond) * 1000);
    return { granted: row.granted, waitMs };
  }

  private readonly reserve = new Map<string, number>();
  private readonly refilling = new Map<string, Promise<void>>();

  /**
   * Waits for a token for one request. Tokens are taken from the shared bucket a few at a time
   * (at most a tenth of a second's worth, never more than the burst), so a fast domain costs
   * one round trip per several requests while the limit still holds across processes.
   */
  async acquire(domain: string, rule: DomainRule): Promise<void> {
    for (;;) {
      const held = this.reserve.get(domain) ?? 0;
      if (held > 0) {
        this.reserve.set(domain, held - 1);
        return;
      }
      let refill = this.refilling.get(domain);
      if (!refill) {
        refill = this.refill(domain, rule).finally(() => this.refilling.delete(domain));
        this.refilling.set(domain, refill);
      }
      await refill;
    }
  }

  private async refill(domain: string, rule: DomainRule): Promise<void> {
    const want = Math.max(1, Math.min(rule.burst, Math.floor(rule.requestsPerMinute / 600), 32));
    const { granted, waitMs } = await this.take(domain, rule, want);
    if (granted > 0) this.reserve.set(domain, (this.reserve.get(domain) ?? 0) + granted);
    else await new Promise((r) => setTimeout(r, Math.min(Math.max(waitMs, 5), 60_000)));
  }

  /** Runs `fn` when fewer than the rule's max concurrent requests to the domain run in this process. */
  async withSlot<T>(domain: string, rule: DomainRule, fn: () => Promise<T>): Promise<T> {
    while ((this.active.get(domain) ?? 0) >= rule.maxConcurrency) {
      await new Promise<void>((resolve) => this.waiting.set(domain, [...(this.waiting.get(domain) ?? []), resolve]));
    }
    this.active.set(domain, (this.active.get(domain) ?? 0) + 1);
    try {
      return await fn();
    } finally {
      this.active.set(domain, (this.active.get(domain) ?? 1) - 1);
      const next = this.waiting.get(domain)?.shift();
      next?.();
    }
  }
}
