-- The pipeline: extraction schemas, jobs and their crawl and transform tasks, raw pages,
-- knowledge items (ideas) with their sources, categories, schedules, crawl rate limits, the
-- shared per-domain token buckets, robots.txt cache, LLM call log and worker heartbeats.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE extraction_schemas (
  id              integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name            text NOT NULL UNIQUE,
  description     text NOT NULL DEFAULT '',
  type            text NOT NULL CHECK (type IN ('html', 'feed', 'json')),
  item_selector   text,
  fields          jsonb NOT NULL DEFAULT '{}',
  follow_patterns text[] NOT NULL DEFAULT '{}',
  is_builtin      boolean NOT NULL DEFAULT false,
  created_by      integer REFERENCES users (id) ON DELETE SET NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE schedules (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name         text NOT NULL,
  cron         text NOT NULL,
  timezone     text NOT NULL DEFAULT 'UTC',
  job_template jsonb NOT NULL,
  is_active    boolean NOT NULL DEFAULT false,
  next_run_at  timestamptz,
  last_run_at  timestamptz,
  last_job_id  integer,
  is_builtin   boolean NOT NULL DEFAULT false,
  created_by   integer REFERENCES users (id) ON DELETE SET NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX schedules_due_idx ON schedules (next_run_at) WHERE is_active;

CREATE TABLE jobs (
  id                 integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tag                text NOT NULL DEFAULT '',
  initial_url        text NOT NULL,
  status             text NOT NULL DEFAULT 'pending'
                     CHECK (status IN ('pending', 'active', 'completed', 'failed', 'partially_completed', 'skipped')),
  origin             text NOT NULL DEFAULT 'manual' CHECK (origin IN ('manual', 'scheduled')),
  schedule_id        integer REFERENCES schedules (id) ON DELETE SET NULL,
  schema_id          integer REFERENCES extraction_schemas (id) ON DELETE SET NULL,
  max_pages          integer NOT NULL DEFAULT 50,
  max_depth          integer NOT NULL DEFAULT 2,
  same_domain        boolean NOT NULL DEFAULT true,
  include_patterns   text[] NOT NULL DEFAULT '{}',
  exclude_patterns   text[] NOT NULL DEFAULT '{}',
  time_limit_seconds integer NOT NULL DEFAULT 900,
  error              text,
  created_by         integer REFERENCES users (id) ON DELETE SET NULL,
  started_at         timestamptz,
  finished_at        timestamptz,
  cancelled_at       timestamptz,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX jobs_status_idx ON jobs (status, created_at DESC);
CREATE INDEX jobs_created_idx ON jobs (created_at DESC);

CREATE TABLE crawl_tasks (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  job_id         integer NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
  url            text NOT NULL,
  domain         text NOT NULL,
  depth          integer NOT NULL DEFAULT 0,
  discovered_via text NOT NULL DEFAULT 'seed' CHECK (discovered_via IN ('seed', 'link', 'sitemap', 'feed')),
  status         text NOT NULL DEFAULT 'pending'
                 CHECK (status IN ('pending', 'active', 'completed', 'failed', 'skipped')),
  attempts       integer NOT NULL DEFAULT 0,
  http_status    integer,
  content_type   text,
  bytes          integer,
  duration_ms    integer,
  error          text,
  skip_reason    text,
  started_at     timestamptz,
  finished_at    timestamptz,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  UNIQUE (job_id, url)
);
CREATE INDEX crawl_tasks_job_status_idx ON crawl_tasks (job_id, status);
CREATE INDEX crawl_tasks_finished_idx ON crawl_tasks (finished_at) WHERE finished_at IS NOT NULL;
CREATE INDEX crawl_tasks_domain_idx ON crawl_tasks (domain, finished_at);

CREATE TABLE raw_data (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  job_id        integer REFERENCES jobs (id) ON DELETE CASCADE,
  crawl_task_id bigint REFERENCES crawl_tasks (id) ON DELETE SET NULL,
  url           text NOT NULL,
  final_url     text,
  domain        text NOT NULL DEFAULT '',
  content_type  text NOT NULL DEFAULT '',
  http_status   integer,
  etag          text,
  last_modified text,
  content       text NOT NULL,
  content_hash  text NOT NULL,
  size_bytes    integer NOT NULL DEFAULT 0,
  fetched_at    timestamptz NOT NULL DEFAULT now(),
  created_by    integer REFERENCES users (id) ON DELETE SET NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX raw_data_crawl_task_idx ON raw_data (crawl_task_id) WHERE crawl_task_id IS NOT NULL;
CREATE INDEX raw_data_job_idx ON raw_data (job_id);
CREATE INDEX raw_data_url_idx ON raw_data (url, fetched_at DESC);

CREATE TABLE transform_tasks (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  job_id        integer REFERENCES jobs (id) ON DELETE CASCADE,
  raw_data_id   bigint NOT NULL REFERENCES raw_data (id) ON DELETE CASCADE,
  schema_id     integer REFERENCES extraction_schemas (id) ON DELETE SET NULL,
  status        text NOT NULL DEFAULT 'pending'
                CHECK (status IN ('pending', 'active', 'completed', 'failed', 'skipped')),
  attempts      integer NOT NULL DEFAULT 0,
  items_created integer NOT NULL DEFAULT 0,
  error         text,
  skip_reason   text,
  started_at    timestamptz,
  finished_at   timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  UNIQUE (raw_data_id)
);
CREATE INDEX transform_tasks_job_status_idx ON transform_tasks (job_id, status);
CREATE INDEX transform_tasks_finished_idx ON transform_tasks (finished_at) WHERE finished_at IS NOT NULL;

CREATE TABLE categories (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  slug        text NOT NULL UNIQUE,
  name        text NOT NULL,
  description text NOT NULL DEFAULT '',
  keywords    text[] NOT NULL DEFAULT '{}',
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE knowledge (
  id                                integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  slug                              text NOT NULL,
  title                             text NOT NULL,
  summary                           text NOT NULL DEFAULT '',
  body                              text NOT NULL DEFAULT '',
  source_url                        text NOT NULL,
  source_domain                     text NOT NULL DEFAULT '',
  content_hash                      text NOT NULL,
  author                            text,
  published_at                      timestamptz,
  job_id                            integer REFERENCES jobs (id) ON DELETE SET NULL,
  raw_data_id                       bigint REFERENCES raw_data (id) ON DELETE SET NULL,
  user_id                           integer REFERENCES users (id) ON DELETE SET NULL,
  visibility                        text NOT NULL DEFAULT 'public' CHECK (visibility IN ('public', 'private')),
  categories                        text[] NOT NULL DEFAULT '{}',
  keywords                          text[] NOT NULL DEFAULT '{}',
  tags                              text[] NOT NULL DEFAULT '{}',
  key_strengths                     text[] NOT NULL DEFAULT '{}',
  profit_potential                  text CHECK (profit_potential IN ('Very High', 'High', 'Medium', 'Low', 'Speculative')),
  profit_score                      numeric(4, 2),
  problem_severity_score            numeric(4, 2),
  market_demand_score               numeric(4, 2),
  monetization_score                numeric(4, 2),
  implementation_score              numeric(4, 2),
  overall_score                     numeric(3, 2),
  business_model_innovation_score   numeric(3, 2),
  technology_innovation_score       numeric(3, 2),
  market_disruption_potential_score numeric(3, 2),
  approach_novelty_score            numeric(3, 2),
  editor_pick                       boolean NOT NULL DEFAULT false,
  editor_pick_message               text,
  merged_into_id                    integer REFERENCES knowledge (id) ON DELETE SET NULL,
  enriched_at                       timestamptz,
  analyzed_at                       timestamptz,
  deleted_at                        timestamptz,
  created_at                        timestamptz NOT NULL DEFAULT now(),
  updated_at                        timestamptz NOT NULL DEFAULT now(),
  search                            tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('english', coalesce(title, '')), 'A') ||
    setweight(to_tsvector('english', coalesce(summary, '')), 'B') ||
    setweight(to_tsvector('english', left(coalesce(body, ''), 100000)), 'C')
  ) STORED
);
CREATE UNIQUE INDEX knowledge_source_url_idx ON knowledge (source_url);
CREATE INDEX knowledge_content_hash_idx ON knowledge (content_hash);
CREATE INDEX knowledge_slug_idx ON knowledge (slug);
CREATE INDEX knowledge_search_idx ON knowledge USING gin (search);
CREATE INDEX knowledge_title_trgm_idx ON knowledge USING gin (title gin_trgm_ops);
CREATE INDEX knowledge_job_idx ON knowledge (job_id);
CREATE INDEX knowledge_created_idx ON knowledge (created_at DESC) WHERE deleted_at IS NULL;
CREATE INDEX knowledge_profit_idx ON knowledge (profit_score DESC NULLS LAST) WHERE deleted_at IS NULL;
CREATE INDEX knowledge_categories_idx ON knowledge USING gin (categories);

-- Every URL an idea was seen at: near-duplicates from other sources merge into one idea.
CREATE TABLE knowledge_sources (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  knowledge_id integer NOT NULL REFERENCES knowledge (id) ON DELETE CASCADE,
  url          text NOT NULL UNIQUE,
  domain       text NOT NULL DEFAULT '',
  raw_data_id  bigint REFERENCES raw_data (id) ON DELETE SET NULL,
  job_id       integer REFERENCES jobs (id) ON DELETE SET NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX knowledge_sources_knowledge_idx ON knowledge_sources (knowledge_id);

CREATE TABLE rate_limits (
  id                  integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  domain_pattern      text NOT NULL UNIQUE,
  requests_per_minute integer NOT NULL CHECK (requests_per_minute > 0),
  burst               integer NOT NULL DEFAULT 1 CHECK (burst > 0),
  max_concurrency     integer NOT NULL DEFAULT 2 CHECK (max_concurrency > 0),
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now()
);

-- Token buckets shared by every worker process: one row per domain.
CREATE TABLE domain_buckets (
  domain     text PRIMARY KEY,
  tokens     double precision NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
);

CREATE TABLE robots_cache (
  origin      text PRIMARY KEY,
  status      integer,
  body        text NOT NULL DEFAULT '',
  mode        text NOT NULL CHECK (mode IN ('rules', 'allow_all', 'disallow_all')),
  fetched_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL
);

CREATE TABLE llm_calls (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  provider          text NOT NULL,
  model             text NOT NULL,
  purpose           text NOT NULL,
  knowledge_id      integer,
  prompt_tokens     integer NOT NULL DEFAULT 0,
  completion_tokens integer NOT NULL DEFAULT 0,
  total_tokens      integer NOT NULL DEFAULT 0,
  latency_ms        integer NOT NULL DEFAULT 0,
  status            text NOT NULL CHECK (status IN ('ok', 'error', 'skipped')),
  error             text,
  cost_usd          numeric(12, 6) NOT NULL DEFAULT 0,
  created_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX llm_calls_model_created_idx ON llm_calls (model, created_at DESC);
CREATE INDEX llm_calls_created_idx ON llm_calls (created_at DESC);

CREATE TABLE worker_heartbeats (
  worker_id    text PRIMARY KEY,
  hostname     text NOT NULL,
  pid          integer NOT NULL,
  queues       text[] NOT NULL,
  processed    jsonb NOT NULL DEFAULT '{}',
  started_at   timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now()
);
