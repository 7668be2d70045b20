import { FOLLOW_FEED_ITEMS, type CreateJobBody } from '@ideamine/shared/contract/jobs';

type FollowFeedItems = (typeof FOLLOW_FEED_ITEMS)[number];
import { linesOf } from './lines';

// A job's crawl settings as a form edits them (numbers may be empty, patterns one per line) and
// as the API takes them: the body of a new job, and the job template of a schedule.

export interface CrawlDraft {
  initial_url: string;
  tag: string;
  /** A schema id as text; empty for Automatic. */
  schema_id: string;
  max_pages: number | undefined;
  max_depth: number | undefined;
  same_domain: boolean;
  include_patterns: string;
  exclude_patterns: string;
  /** Empty: the server's default. */
  time_limit_seconds: number | undefined;
  follow_feed_items: FollowFeedItems;
}

export const NEW_CRAWL: CrawlDraft = {
  initial_url: '',
  tag: '',
  schema_id: '',
  max_pages: 50,
  max_depth: 2,
  same_domain: true,
  include_patterns: '',
  exclude_patterns: '',
  time_limit_seconds: undefined,
  follow_feed_items: 'auto',
};

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const num = (v: unknown) => (typeof v === 'number' ? v : undefined);
const lines = (v: unknown) => (Array.isArray(v) ? v.filter((x) => typeof x === 'string').join('\n') : '');

/** A stored template (loosely typed: written by older versions too) as a draft. */
export function crawlDraftOf(t: Record<string, unknown>): CrawlDraft {
  return {
    initial_url: text(t.initial_url),
    tag: text(t.tag),
    schema_id: typeof t.schema_id === 'number' ? String(t.schema_id) : '',
    max_pages: num(t.max_pages),
    max_depth: num(t.max_depth),
    same_domain: t.same_domain !== false,
    include_patterns: lines(t.include_patterns),
    exclude_patterns: lines(t.exclude_patterns),
    time_limit_seconds: num(t.time_limit_seconds),
    follow_feed_items: FOLLOW_FEED_ITEMS.find((f) => f === t.follow_feed_items) ?? 'auto',
  };
}

/** The API body: empty optional fields are left out so the server's defaults apply. */
export function crawlBodyOf(d: CrawlDraft): CreateJobBody {
  const body: CreateJobBody = {
    initial_url: d.initial_url.trim(),
    same_domain: d.same_domain,
    include_patterns: linesOf(d.include_patterns),
    exclude_patterns: linesOf(d.exclude_patterns),
    follow_feed_items: d.follow_feed_items,
  };
  if (d.tag.trim()) body.tag = d.tag.trim();
  if (d.schema_id) body.schema_id = Number(d.schema_id);
  if (d.max_pages !== undefined) body.max_pages = d.max_pages;
  if (d.max_depth !== undefined) body.max_depth = d.max_depth;
  if (d.time_limit_seconds !== undefined) body.time_limit_seconds = d.time_limit_seconds;
  return body;
}
