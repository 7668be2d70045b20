import type { Selectable } from 'kysely';
import type { JobsTable } from '@ideamine/server/db/schema';
import { domainOf } from '@ideamine/shared/url';
import type { Discovered } from '../crawl/discover';

// A job's budget: which discovered URLs it may still crawl, and when it takes no more pages.

export type JobRow = Selectable<JobsTable>;

/** A job as the crawler sees it: with the follow patterns of its extraction schema (empty without one). */
export type CrawlJob = JobRow & { follow_patterns: string[] };

export const TIME_LIMIT_REASON = 'Job time limit reached';

function compile(patterns: string[]): RegExp[] {
  return patterns.flatMap((p) => {
    try {
      return [new RegExp(p, 'i')];
    } catch {
      return []; // refused at the API; a stored bad pattern is ignored rather than crashing a worker
    }
  });
}

export function scopeOf(job: CrawlJob): (link: Discovered) => boolean {
  const seedDomain = domainOf(job.initial_url);
  const include = compile(job.include_patterns);
  const exclude = compile(job.exclude_patterns);
  const follow = compile(job.follow_patterns);
  return ({ url, index }) => {
    if (job.same_domain && domainOf(url) !== seedDomain) return false;
    if (include.length && !include.some((r) => r.test(url))) return false;
    if (exclude.some((r) => r.test(url))) return false;
    // Sitemaps and feeds are still read: the pages they list are what the patterns choose from.
    return index || !follow.length || follow.some((r) => r.test(url));
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
