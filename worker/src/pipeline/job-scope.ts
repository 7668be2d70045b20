import type { Selectable } from 'kysely';
import type { JobsTable } from '@ideamine/api/db/schema';
import { domainOf } from '@ideamine/shared/url';

// A job's budget: which discovered URLs it may still crawl.

export type JobRow = Selectable<JobsTable>;

function compile(patterns: string[]): RegExp[] {
  return patterns.flatMap((p) => {
    try {
      return [new RegExp(p, 'i')];
    } catch {
      return []; // refused at the API; a stored bad pattern is ignored rather than crashing a worker
    }
  });
}

export function scopeOf(job: JobRow): (url: string) => boolean {
  const seedDomain = domainOf(job.initial_url);
  const include = compile(job.include_patterns);
  const exclude = compile(job.exclude_patterns);
  return (url) => {
    if (job.same_domain && domainOf(url) !== seedDomain) return false;
    if (include.length && !include.some((r) => r.test(url))) return false;
    return !exclude.some((r) => r.test(url));
  };
}

export function timeLimitReached(job: JobRow, now = Date.now()): boolean {
  return !!job.started_at && now - job.started_at.getTime() > job.time_limit_seconds * 1000;
}
