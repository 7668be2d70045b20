import type { Selectable } from 'kysely';
import type { Job } from '@ideamine/shared/contract/jobs';
import type { CrawlTasksTable, JobsTable, TransformTasksTable } from '@ideamine/server/db/schema';
import { patternProblems } from '@ideamine/shared/pattern';
import { iso } from './time';

/** A job row; reads that join its owner's username (queries/jobs.ts) pass it along. */
export type JobWithOwner = Selectable<JobsTable> & { created_by_username?: string | null };

export function presentJob(j: JobWithOwner): Job {
  return {
    id: j.id,
    status: j.status,
    tag: j.tag,
    initial_url: j.initial_url,
    origin: j.origin,
    schedule_id: j.schedule_id,
    schema_id: j.schema_id,
    max_pages: j.max_pages,
    max_depth: j.max_depth,
    same_domain: j.same_domain,
    include_patterns: j.include_patterns,
    exclude_patterns: j.exclude_patterns,
    pattern_problems: [
      ...patternProblems('include_patterns', j.include_patterns),
      ...patternProblems('exclude_patterns', j.exclude_patterns),
    ],
    time_limit_seconds: j.time_limit_seconds,
    follow_feed_items: j.follow_feed_items,
    error: j.error,
    created_by: j.created_by,
    created_by_username: j.created_by_username ?? null,
    created_at: j.created_at.toISOString(),
    started_at: iso(j.started_at),
    finished_at: iso(j.finished_at),
    cancelled_at: iso(j.cancelled_at),
  };
}

export function presentCrawlTask(t: Selectable<CrawlTasksTable>) {
  return {
    id: t.id,
    job_id: t.job_id,
    url: t.url,
    depth: t.depth,
    discovered_via: t.discovered_via,
    status: t.status,
    attempts: t.attempts,
    http_status: t.http_status,
    content_type: t.content_type,
    bytes: t.bytes,
    duration_ms: t.duration_ms,
    error: t.error,
    skip_reason: t.skip_reason,
    created_at: t.created_at.toISOString(),
    finished_at: iso(t.finished_at),
  };
}

export function presentTransformTask(t: Selectable<TransformTasksTable>) {
  return {
    id: t.id,
    job_id: t.job_id,
    raw_data_id: t.raw_data_id,
    schema_id: t.schema_id,
    status: t.status,
    attempts: t.attempts,
    items_created: t.items_created,
    error: t.error,
    skip_reason: t.skip_reason,
    dropped_items: t.dropped_items,
    dropped_count: t.dropped_count,
    keep_urls: t.keep_urls,
    created_at: t.created_at.toISOString(),
    finished_at: iso(t.finished_at),
  };
}
