import type { Selectable } from 'kysely';
import type { JobsTable } from '@ideamine/server/db/schema';
import { compilePatterns, type Pattern, type PatternError } from '@ideamine/shared/pattern';
import { domainOf } from '@ideamine/shared/url';
import type { Discovered } from '../crawl/discover';

// A job's budget: which discovered URLs it may still crawl, and when it takes no more pages.

export type JobRow = Selectable<JobsTable>;

/** A job as the crawler sees it: with the follow patterns of its extraction schema (empty without one). */
export type CrawlJob = JobRow & { follow_patterns: string[] };

export const TIME_LIMIT_REASON = 'Job time limit reached';

/** A pattern the engine refuses: it was stored before patterns were checked; the job page shows it. */
export type OnRefusedPattern = (err: PatternError) => void;

function compile(patterns: string[], onRefused: OnRefusedPattern): Pattern[] {
  const { compiled, refused } = compilePatterns(patterns);
  refused.forEach(onRefused);
  return compiled;
}

/**
 * Which discovered links the job may follow. Patterns run on the linear-time engine (crawled URLs
 * are attacker-chosen text); one the engine refuses is skipped, never thrown.
 */
export function scopeOf(job: CrawlJob, onRefused: OnRefusedPattern = () => {}): (link: Discovered) => boolean {
  const seedDomain = domainOf(job.initial_url);
  const include = compile(job.include_patterns, onRefused);
  const exclude = compile(job.exclude_patterns, onRefused);
  const follow = compile(job.follow_patterns, onRefused);
  return ({ url, index, feedItem }) => {
    // A feed's item is read where it lives (an aggregator's items link to other sites).
    if (job.same_domain && !feedItem && domainOf(url) !== seedDomain) return false;
    if (include.length && !include.some((r) => r.test(url))) return false;
    if (exclude.some((r) => r.test(url))) return false;
    // Sitemaps and feeds are still read: the pages they list are what the patterns choose from.
    return index || !!feedItem || !follow.length || follow.some((r) => r.test(url));
  };
}

export function timeLimitReached(job: Pick<JobRow, 'started_at' | 'time_limit_seconds'>, now = Date.now()): boolean {
  return !!job.started_at && now - job.started_at.getTime() > job.time_limit_seconds * 1000;
}

/** Why a job takes no more pages (cancelled, ended, out of time), or null while it goes on. */
export function stopReason(
  job: Pick<JobRow, 'status' | 'cancelled_at' | 'started_at' | 'time_limit_seconds'>,
): string | null {
  if (job.cancelled_at) return 'Job cancelled';
  if (job.status !== 'pending' && job.status !== 'active') return `Job is ${job.status}`;
  return timeLimitReached(job) ? TIME_LIMIT_REASON : null;
}
