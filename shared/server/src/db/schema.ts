import type { ColumnType, Generated } from 'kysely';
import type { Role } from '@ideamine/shared/permissions';

// Row types of the tables, for Kysely. Keep in step with migrations/.

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json = ColumnType<unknown, string, string>;
type Id = Generated<number>;
type TextArray = ColumnType<string[], string[] | undefined, string[]>;
type Score = ColumnType<number | null, number | null | undefined, number | null>;
export interface DroppedItem {
  title: string;
  url: string;
  reason: string;
}
export type ScoreEvidence = Record<'severity' | 'demand' | 'monetization' | 'implementation', string[]>;

export interface UsersTable {
  id: Generated<number>;
  email: string;
  username: string;
  first_name: Generated<string>;
  last_name: Generated<string>;
  password_hash: string | null;
  role: ColumnType<Role, Role | undefined, Role>;
  email_verified: Generated<boolean>;
  trial_expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  google_id: string | null;
  github_id: string | null;
  apple_id: string | null;
  google_linked_at: NullableTimestamp;
  github_linked_at: NullableTimestamp;
  apple_linked_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OAuthStatesTable {
  state_hash: string;
  provider: 'google' | 'github' | 'apple';
  mode: 'signin' | 'link';
  user_id: number | null;
  code_verifier: string;
  nonce: string | null;
  redirect_uri: string;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  created_at: Timestamp;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  user_agent: string | null;
  ip: string | null;
  created_at: Timestamp;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  revoked_reason: string | null;
}

export interface RefreshTokensTable {
  token_hash: string;
  session_id: string;
  created_at: Timestamp;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The token this one was rotated into, and that pair sealed, kept for the grace window. */
  successor_hash: ColumnType<string | null, string | null | undefined, string | null>;
  successor_sealed: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface RateLimitCountersTable {
  key: string;
  window_start: ColumnType<Date, Date | string, Date | string>;
  hits: Generated<number>;
}

export interface SettingsTable {
  key: string;
  value: Json;
  created_at: Timestamp;
  updated_at: Timestamp;
  updated_by: number | null;
}

export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: Timestamp;
}

export interface AuditLogTable {
  id: Generated<string>;
  actor_id: number | null;
  action: string;
  entity_type: string;
  entity_id: string | null;
  before: Json | null;
  after: Json | null;
  ip: string | null;
  request_id: string | null;
  created_at: Timestamp;
}

export type JobStatus = 'pending' | 'active' | 'completed' | 'failed' | 'partially_completed' | 'skipped';
export type TaskStatus = 'pending' | 'active' | 'completed' | 'failed' | 'skipped';

export interface ExtractionSchemasTable {
  id: Id;
  name: string;
  description: Generated<string>;
  type: 'html' | 'feed' | 'json';
  item_selector: string | null;
  fields: ColumnType<Record<string, string>, string | undefined, string>;
  follow_patterns: TextArray;
  is_builtin: Generated<boolean>;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SchedulesTable {
  id: Id;
  name: string;
  cron: string;
  timezone: Generated<string>;
  job_template: ColumnType<Record<string, unknown>, string, string>;
  is_active: Generated<boolean>;
  next_run_at: NullableTimestamp;
  last_run_at: NullableTimestamp;
  last_job_id: number | null;
  is_builtin: Generated<boolean>;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface JobsTable {
  id: Id;
  tag: Generated<string>;
  initial_url: string;
  status: ColumnType<JobStatus, JobStatus | undefined, JobStatus>;
  origin: ColumnType<'manual' | 'scheduled', 'manual' | 'scheduled' | undefined, 'manual' | 'scheduled'>;
  schedule_id: number | null;
  schema_id: number | null;
  max_pages: Generated<number>;
  max_depth: Generated<number>;
  same_domain: Generated<boolean>;
  include_patterns: TextArray;
  exclude_patterns: TextArray;
  time_limit_seconds: Generated<number>;
  /** Whether a feed's items are read in full from their links: 'auto' when their own text is short. */
  follow_feed_items: ColumnType<FollowFeedItems, FollowFeedItems | undefined, FollowFeedItems>;
  error: string | null;
  created_by: number | null;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
  cancelled_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type FollowFeedItems = 'auto' | 'always' | 'never';

export interface FeedItemJson {
  title: string;
  url: string;
  body: string;
  author: string | null;
  publishedAt: string | null;
}

export interface CrawlTasksTable {
  id: Id;
  job_id: number;
  /** The dedup key (`normalizeUrl`). */
  url: string;
  /** The URL as the link wrote it (`linkedUrl`), when it differs from `url`: fetched and matched against robots.txt. */
  fetch_url: ColumnType<string | null, string | null | undefined, string | null>;
  /** A followed feed item as the feed gave it (its text stands in when the page cannot be read). */
  feed_item: ColumnType<FeedItemJson | null, string | null | undefined, string | null>;
  domain: string;
  depth: Generated<number>;
  discovered_via: ColumnType<
    'seed' | 'link' | 'sitemap' | 'feed',
    'seed' | 'link' | 'sitemap' | 'feed' | undefined,
    never
  >;
  status: ColumnType<TaskStatus, TaskStatus | undefined, TaskStatus>;
  attempts: Generated<number>;
  http_status: number | null;
  content_type: string | null;
  bytes: number | null;
  duration_ms: number | null;
  error: string | null;
  skip_reason: string | null;
  claimed_by: string | null;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RawDataTable {
  id: Id;
  job_id: number | null;
  crawl_task_id: number | null;
  url: string;
  final_url: string | null;
  domain: Generated<string>;
  content_type: Generated<string>;
  http_status: number | null;
  etag: string | null;
  last_modified: string | null;
  content: string;
  content_hash: string;
  size_bytes: Generated<number>;
  fetched_at: Timestamp;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TransformTasksTable {
  id: Id;
  job_id: number | null;
  raw_data_id: number;
  schema_id: number | null;
  status: ColumnType<TaskStatus, TaskStatus | undefined, TaskStatus>;
  attempts: Generated<number>;
  items_created: Generated<number>;
  error: string | null;
  skip_reason: string | null;
  /** The first few items the pre-filter dropped from the page (all of them: transform_dropped_items). */
  dropped_items: ColumnType<DroppedItem[], string | undefined, string>;
  /** How many items the pre-filter dropped from the page. */
  dropped_count: Generated<number>;
  /** Items an operator overruled the pre-filter on: kept as ideas whatever the model says. */
  keep_urls: TextArray;
  claimed_by: string | null;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One item the pre-filter dropped from a transform task's page, in the page's order. */
export interface TransformDroppedItemsTable {
  task_id: number;
  position: number;
  url: string;
  title: string;
  reason: string;
}

export interface CategoriesTable {
  id: Id;
  slug: string;
  name: string;
  description: Generated<string>;
  keywords: TextArray;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type ProfitLabel = 'Very High' | 'High' | 'Medium' | 'Low' | 'Speculative';

/** One row per public idea and list key ('*' or a category): migration 0030, kept by triggers. */
export interface PublicListingTable {
  category: string;
  id: number;
  profit_label: ProfitLabel | null;
  community: boolean;
  created_at: Date;
  profit_score: string | null;
  overall_score: string | null;
  vote_score: number;
  title: string;
}

export interface KnowledgeTable {
  id: Id;
  slug: string;
  title: string;
  summary: Generated<string>;
  body: Generated<string>;
  source_url: string;
  source_domain: Generated<string>;
  content_hash: string;
  author: string | null;
  published_at: NullableTimestamp;
  job_id: number | null;
  raw_data_id: number | null;
  user_id: number | null;
  visibility: ColumnType<'public' | 'private', 'public' | 'private' | undefined, 'public' | 'private'>;
  categories: TextArray;
  keywords: TextArray;
  tags: TextArray;
  key_strengths: TextArray;
  profit_potential: ProfitLabel | null;
  profit_score: Score;
  problem_severity_score: Score;
  market_demand_score: Score;
  monetization_score: Score;
  implementation_score: Score;
  overall_score: Score;
  business_model_innovation_score: Score;
  technology_innovation_score: Score;
  market_disruption_potential_score: Score;
  approach_novelty_score: Score;
  /** Per profit sub-score, the sentences of the source that drove it ("Why this score"). */
  score_evidence: ColumnType<ScoreEvidence | null, string | null | undefined, string | null>;
  /** The model that gave the scores (the idea model's version, or the OpenAI-compatible model). */
  model_version: string | null;
  /** When the idea was queued to be re-scored by a newer idea model (see worker/src/jobs/rescore.ts). */
  rescore_queued_at: NullableTimestamp;
  /** When an operator chose this idea's categories: re-filing (category_refiling) leaves them alone. */
  categories_edited_at: NullableTimestamp;
  /** Failed tries at enriching or analysing this idea; at MAX_IDEA_ATTEMPTS it is given up on. */
  pipeline_attempts: Generated<number>;
  pipeline_error: string | null;
  /** Set when the idea was given up on: counted as failed, so its job can end. */
  pipeline_failed_at: NullableTimestamp;
  editor_pick: Generated<boolean>;
  editor_pick_message: string | null;
  editor_picked_at: NullableTimestamp;
  upvotes: Generated<number>;
  downvotes: Generated<number>;
  merged_into_id: number | null;
  enriched_at: NullableTimestamp;
  analyzed_at: NullableTimestamp;
  deleted_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  search: ColumnType<string, never, never>;
}

export interface KnowledgeVotesTable {
  id: Id;
  user_id: number;
  knowledge_id: number;
  vote_type: 'upvote' | 'downvote';
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface KnowledgeViewsTable {
  id: Id;
  token: string;
  knowledge_id: number;
  user_id: number | null;
  viewer_key: string;
  time_on_page_ms: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** knowledge_app_requests and knowledge_implementations share this shape (one row per user and idea). */
export interface KnowledgeInterestTable {
  id: Id;
  user_id: number;
  knowledge_id: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface IdeaStormAnalysesTable {
  id: Id;
  user_id: number | null;
  kind: 'analyze' | 'enhance';
  title: string;
  description: string;
  target_market: string | null;
  result: ColumnType<unknown, string, string>;
  knowledge_id: number | null;
  provider: string;
  model: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type BatchStatus = 'pending' | 'active' | 'completed' | 'failed';

export interface ProfitAnalysisBatchesTable {
  id: Id;
  user_id: number;
  knowledge_ids: ColumnType<number[], number[], number[]>;
  status: ColumnType<BatchStatus, BatchStatus | undefined, BatchStatus>;
  total: number;
  completed: Generated<number>;
  failed: Generated<number>;
  error: string | null;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProfitAnalysesTable {
  id: Id;
  knowledge_id: number;
  user_id: number | null;
  batch_id: number | null;
  status: 'completed' | 'failed';
  result: ColumnType<unknown, string | null | undefined, string | null>;
  error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BackupsTable {
  id: Id;
  file_name: string;
  kind: 'manual' | 'scheduled';
  scheduled_for: NullableTimestamp;
  size_bytes: number;
  sha256: string;
  header: ColumnType<unknown, string, string>;
  manifest: ColumnType<unknown, string, string>;
  created_by: number | null;
  verified_at: NullableTimestamp;
  verify_result: ColumnType<unknown, string | null | undefined, string | null>;
  restored_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AnalyticsEventsTable {
  id: Id;
  visitor_id: string;
  user_id: number | null;
  name: string;
  path: string | null;
  properties: ColumnType<unknown, string | undefined, string>;
  consent_version: string;
  occurred_at: ColumnType<Date, Date | string, Date | string>;
  created_at: Timestamp;
}

export interface KnowledgeSourcesTable {
  id: Id;
  knowledge_id: number;
  url: string;
  domain: Generated<string>;
  raw_data_id: number | null;
  job_id: number | null;
  created_at: Timestamp;
}

export interface RateLimitsTable {
  id: Id;
  domain_pattern: string;
  requests_per_minute: number;
  burst: Generated<number>;
  max_concurrency: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface DomainBucketsTable {
  domain: string;
  tokens: number;
  updated_at: Timestamp;
}

export interface RobotsCacheTable {
  origin: string;
  status: number | null;
  body: Generated<string>;
  mode: 'rules' | 'allow_all' | 'disallow_all' | 'refused';
  fetched_at: Timestamp;
  expires_at: ColumnType<Date, Date | string, Date | string>;
}

export interface LlmCallsTable {
  id: Id;
  provider: string;
  model: string;
  purpose: string;
  knowledge_id: number | null;
  prompt_tokens: Generated<number>;
  completion_tokens: Generated<number>;
  total_tokens: Generated<number>;
  latency_ms: Generated<number>;
  status: 'ok' | 'error' | 'skipped';
  error: string | null;
  cost_usd: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
}

export interface WorkerHeartbeatsTable {
  worker_id: string;
  hostname: string;
  pid: number;
  queues: string[];
  paused_queues: ColumnType<string[], string[] | undefined, string[]>;
  processed: ColumnType<Record<string, number>, string | undefined, string>;
  started_at: Timestamp;
  last_seen_at: Timestamp;
}

export interface DashboardSamplesTable {
  id: Generated<string>;
  sampled_at: Timestamp;
  crawl_depth: number;
  transform_depth: number;
  dead_letter_depth: Generated<number>;
  db_probe_ms: number;
}

/** Finished tasks per kind, domain and closed UTC hour (migration 0013). */
export interface TaskHourlyTable {
  kind: 'crawl' | 'transform';
  hour: Timestamp;
  domain: string;
  completed: Generated<number>;
  failed: Generated<number>;
  skipped: Generated<number>;
  retries: Generated<number>;
  items: Generated<number>;
  err_http_429: Generated<number>;
  err_http_5xx: Generated<number>;
  err_http_4xx: Generated<number>;
  err_timeout: Generated<number>;
  err_robots: Generated<number>;
  err_network: Generated<number>;
  err_other: Generated<number>;
  failed_first: NullableTimestamp;
  failed_last: NullableTimestamp;
}

/** task_hourly summed over domains per kind and closed UTC hour (migration 0013). */
export interface TaskHourTotalsTable {
  kind: 'crawl' | 'transform';
  hour: Timestamp;
  completed: Generated<number>;
  failed: Generated<number>;
  skipped: Generated<number>;
}

/** Pages stored and live ideas per raw_data domain and closed UTC hour (migration 0013). */
export interface SourceHourlyTable {
  hour: Timestamp;
  domain: string;
  pages: Generated<number>;
  ideas: Generated<number>;
  profit_sum: Generated<number>;
  profit_count: Generated<number>;
}

/** source_hourly and transform task_hourly rows per closed UTC day (migration 0013). */
export interface TaskRollupRefreshesTable {
  id: Generated<boolean>;
  refreshed_hour: Timestamp;
}

export interface SourceDailyTable {
  day: Timestamp;
  domain: string;
  pages: Generated<number>;
  ideas: Generated<number>;
  profit_sum: Generated<number>;
  profit_count: Generated<number>;
  transforms: Generated<number>;
  productive: Generated<number>;
}

/** task_hourly's crawl rows per closed UTC day (migration 0016). */
export interface CrawlDailyTable {
  day: Timestamp;
  domain: string;
  completed: Generated<number>;
  failed: Generated<number>;
  skipped: Generated<number>;
  retries: Generated<number>;
  err_http_429: Generated<number>;
  err_http_5xx: Generated<number>;
  err_http_4xx: Generated<number>;
  err_timeout: Generated<number>;
  err_robots: Generated<number>;
  err_network: Generated<number>;
  err_other: Generated<number>;
}

/** Live ideas per UTC day of created_at and profit label ('' when none) (migration 0015). */
export interface IdeaDailyTable {
  day: Timestamp;
  profit_label: string;
  ideas: Generated<number>;
  enriched: Generated<number>;
  analyzed: Generated<number>;
  profit_sum: Generated<number>;
  profit_count: Generated<number>;
  scored: Generated<number>;
}

/** Live ideas per source_domain (migration 0015). */
export interface IdeaDomainsTable {
  domain: string;
  ideas: Generated<number>;
}

/** Uses of each keyword, category and tag by live ideas per UTC day of created_at (migration 0015). */
export interface IdeaTermsDailyTable {
  kind: 'keyword' | 'category' | 'tag' | 'public_keyword';
  day: Timestamp;
  term: string;
  uses: Generated<number>;
}

/** Stored pages: one row with the count, plus the triggers' unfolded +1/-1 rows (migration 0015). */
export interface RawDataCountTable {
  pages: number;
}

export interface QueuePausesTable {
  queue: string;
  reason: Generated<string>;
  paused_by: number | null;
  paused_at: Timestamp;
}

export interface ProjectsTable {
  id: Id;
  user_id: number;
  name: string;
  description: Generated<string>;
  notes: Generated<string>;
  share_token: string | null;
  shared_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProjectIdeasTable {
  project_id: number;
  knowledge_id: number;
  note: Generated<string>;
  position: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type AvatarImageType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

export interface AvatarsTable {
  id: Id;
  user_id: number;
  name: string;
  description: Generated<string>;
  demographics: ColumnType<Record<string, string>, string | undefined, string>;
  goals: TextArray;
  pain_points: TextArray;
  image_file: string | null;
  image_type: AvatarImageType | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WatchlistsTable {
  id: Id;
  user_id: number;
  name: string;
  words: Generated<string>;
  /** websearch_to_tsquery('english', words), kept by PostgreSQL. */
  query: ColumnType<string, never, never>;
  categories: TextArray;
  min_profit_label: ProfitLabel | null;
  sources: TextArray;
  paused_at: NullableTimestamp;
  feed_token: string;
  email_token: string;
  email_digest: ColumnType<EmailDigest, EmailDigest | undefined, EmailDigest>;
  digest_sent_at: NullableTimestamp;
  webhook_url: string | null;
  webhook_secret: string | null;
  seen_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export type EmailDigest = 'off' | 'daily' | 'weekly';

export interface WatchlistMatchesTable {
  watchlist_id: number;
  knowledge_id: number;
  user_id: number;
  matched_at: Timestamp;
  read_at: NullableTimestamp;
  digested_at: NullableTimestamp;
}

export interface WebhookDeliveriesTable {
  id: Id;
  watchlist_id: number;
  knowledge_id: number;
  url: string;
  status: ColumnType<'pending' | 'delivered' | 'failed', 'pending' | undefined, 'pending' | 'delivered' | 'failed'>;
  attempts: Generated<number>;
  response_status: number | null;
  response_body: string | null;
  error: string | null;
  created_at: Timestamp;
  last_attempt_at: NullableTimestamp;
  delivered_at: NullableTimestamp;
}

export interface EmailDigestsTable {
  id: Id;
  watchlist_id: number;
  to_address: string;
  match_count: number;
  status: 'sent' | 'failed';
  error: string | null;
  created_at: Timestamp;
}

/** How far the sweep that files ideas again under the current category rules has come (migration 0042). */
export interface CategoryRefilingTable {
  singleton: Generated<boolean>;
  /** The rules the sweep files under; null on a fresh install (nothing to file again). */
  rules: string | null;
  next_id: ColumnType<number, number | undefined, number>;
  last_id: ColumnType<number, number | undefined, number>;
  moved: ColumnType<number, number | undefined, number>;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
}

export interface Database {
  users: UsersTable;
  oauth_states: OAuthStatesTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  rate_limit_counters: RateLimitCountersTable;
  settings: SettingsTable;
  server_secrets: ServerSecretsTable;
  audit_log: AuditLogTable;
  extraction_schemas: ExtractionSchemasTable;
  schedules: SchedulesTable;
  jobs: JobsTable;
  crawl_tasks: CrawlTasksTable;
  raw_data: RawDataTable;
  transform_tasks: TransformTasksTable;
  transform_dropped_items: TransformDroppedItemsTable;
  categories: CategoriesTable;
  category_refiling: CategoryRefilingTable;
  knowledge: KnowledgeTable;
  public_listing: PublicListingTable;
  knowledge_sources: KnowledgeSourcesTable;
  knowledge_votes: KnowledgeVotesTable;
  backups: BackupsTable;
  analytics_events: AnalyticsEventsTable;
  idea_storm_analyses: IdeaStormAnalysesTable;
  profit_analysis_batches: ProfitAnalysisBatchesTable;
  profit_analyses: ProfitAnalysesTable;
  knowledge_views: KnowledgeViewsTable;
  knowledge_app_requests: KnowledgeInterestTable & { message: Generated<string> };
  knowledge_implementations: KnowledgeInterestTable & { url: string | null; notes: Generated<string> };
  rate_limits: RateLimitsTable;
  domain_buckets: DomainBucketsTable;
  robots_cache: RobotsCacheTable;
  llm_calls: LlmCallsTable;
  worker_heartbeats: WorkerHeartbeatsTable;
  dashboard_samples: DashboardSamplesTable;
  task_hourly: TaskHourlyTable;
  task_hour_totals: TaskHourTotalsTable;
  source_hourly: SourceHourlyTable;
  source_daily: SourceDailyTable;
  task_rollup_refreshes: TaskRollupRefreshesTable;
  crawl_daily: CrawlDailyTable;
  idea_daily: IdeaDailyTable;
  idea_daily_changes: IdeaDailyTable;
  idea_domains: IdeaDomainsTable;
  idea_domain_changes: IdeaDomainsTable;
  idea_terms_daily: IdeaTermsDailyTable;
  idea_term_changes: IdeaTermsDailyTable;
  raw_data_count: RawDataCountTable;
  raw_data_count_changes: RawDataCountTable;
  queue_pauses: QueuePausesTable;
  projects: ProjectsTable;
  project_ideas: ProjectIdeasTable;
  avatars: AvatarsTable;
  watchlists: WatchlistsTable;
  watchlist_matches: WatchlistMatchesTable;
  webhook_deliveries: WebhookDeliveriesTable;
  email_digests: EmailDigestsTable;
}
