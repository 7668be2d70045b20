import type { Selectable } from 'kysely';
import type { ExtractionSchemasTable, RateLimitsTable, RawDataTable, SchedulesTable } from '@ideamine/server/db/schema';
import { patternProblems } from '@ideamine/shared/pattern';
import { iso } from './time';

export function presentRawData(r: Omit<Selectable<RawDataTable>, 'content'> & { content_preview: string }) {
  return {
    id: r.id,
    job_id: r.job_id,
    crawl_task_id: r.crawl_task_id,
    url: r.url,
    final_url: r.final_url,
    domain: r.domain,
    content_type: r.content_type,
    http_status: r.http_status,
    content_hash: r.content_hash,
    size_bytes: r.size_bytes,
    fetched_at: r.fetched_at.toISOString(),
    created_by: r.created_by,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
    content_preview: r.content_preview,
  };
}

export function presentSchema(s: Selectable<ExtractionSchemasTable>) {
  return {
    id: s.id,
    name: s.name,
    description: s.description,
    type: s.type,
    item_selector: s.item_selector,
    fields: s.fields,
    follow_patterns: s.follow_patterns,
    pattern_problems: patternProblems('follow_patterns', s.follow_patterns),
    is_builtin: s.is_builtin,
    created_at: s.created_at.toISOString(),
    updated_at: s.updated_at.toISOString(),
  };
}

export function presentSchedule(s: Selectable<SchedulesTable>) {
  return {
    id: s.id,
    name: s.name,
    cron: s.cron,
    timezone: s.timezone,
    job_template: s.job_template,
    is_active: s.is_active,
    next_run_at: iso(s.next_run_at),
    last_run_at: iso(s.last_run_at),
    last_job_id: s.last_job_id,
    is_builtin: s.is_builtin,
    created_by: s.created_by,
    created_at: s.created_at.toISOString(),
    updated_at: s.updated_at.toISOString(),
  };
}

export function presentRateLimit(r: Selectable<RateLimitsTable>) {
  return {
    id: r.id,
    domain_pattern: r.domain_pattern,
    requests_per_minute: r.requests_per_minute,
    burst: r.burst,
    max_concurrency: r.max_concurrency,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}
