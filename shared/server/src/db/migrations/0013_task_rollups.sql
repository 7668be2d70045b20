-- Hourly rollups behind the operations dashboard's task widgets (worker-stats throughput, error
-- rates, domain health, source performance). Only closed UTC hours are stored; the current hour
-- (and the hours a sliding window boundary cuts through) are read live from the task tables.
-- Filled by refreshTaskRollups (api/src/queries/task-rollups.ts) from the worker's minute tick
-- and lazily by the dashboard. An hour is (re)computed when it has no row yet (within 31 days)
-- and the last two closed hours always; older hours are not revisited, so a task re-finished or
-- an idea deleted/merged long after its hour closed leaves that hour slightly stale.

-- Finished tasks (status completed, failed or skipped) per kind, domain and hour of finished_at.
-- Crawl: crawl_tasks.domain; transform: the domain of the task's raw_data page.
CREATE TABLE task_hourly (
  kind         text NOT NULL CHECK (kind IN ('crawl', 'transform')),
  hour         timestamptz NOT NULL,
  domain       text NOT NULL,
  completed    integer NOT NULL DEFAULT 0,
  failed       integer NOT NULL DEFAULT 0,
  skipped      integer NOT NULL DEFAULT 0,
  -- Attempts beyond the first, summed over the finished tasks.
  retries      bigint NOT NULL DEFAULT 0,
  -- Transform: finished tasks that created at least one item.
  items        integer NOT NULL DEFAULT 0,
  -- Crawl: failed tasks by the error type domain health reports (see ERROR_TYPE).
  err_http_429 integer NOT NULL DEFAULT 0,
  err_http_5xx integer NOT NULL DEFAULT 0,
  err_http_4xx integer NOT NULL DEFAULT 0,
  err_timeout  integer NOT NULL DEFAULT 0,
  err_robots   integer NOT NULL DEFAULT 0,
  err_network  integer NOT NULL DEFAULT 0,
  err_other    integer NOT NULL DEFAULT 0,
  -- Crawl: the first and last finished_at of the hour's failed tasks. An hour holds at most two
  -- of domain health's 24-hour periods; these name them without reading the tasks again.
  failed_first timestamptz,
  failed_last  timestamptz,
  PRIMARY KEY (kind, hour, domain)
);

-- task_hourly summed over domains, for the domain-less widgets (throughput, error rates).
CREATE TABLE task_hour_totals (
  kind      text NOT NULL CHECK (kind IN ('crawl', 'transform')),
  hour      timestamptz NOT NULL,
  completed integer NOT NULL DEFAULT 0,
  failed    integer NOT NULL DEFAULT 0,
  skipped   integer NOT NULL DEFAULT 0,
  PRIMARY KEY (kind, hour)
);

-- Per raw_data domain (non-empty) and hour of created_at: pages stored, and live ideas (not
-- deleted, not merged) from those pages by the idea's created_at with their profit scores.
CREATE TABLE source_hourly (
  hour         timestamptz NOT NULL,
  domain       text NOT NULL,
  pages        integer NOT NULL DEFAULT 0,
  ideas        integer NOT NULL DEFAULT 0,
  profit_sum   numeric NOT NULL DEFAULT 0,
  profit_count integer NOT NULL DEFAULT 0,
  PRIMARY KEY (hour, domain)
);

-- Closed UTC days of source_hourly and of the transform rows of task_hourly (finished, and those
-- that created an item), per domain: source performance's all-time totals read days, not hours.
-- A day is recomputed when one of its hours is, or when it has no row yet.
CREATE TABLE source_daily (
  day          timestamptz NOT NULL,
  domain       text NOT NULL,
  pages        integer NOT NULL DEFAULT 0,
  ideas        integer NOT NULL DEFAULT 0,
  profit_sum   numeric NOT NULL DEFAULT 0,
  profit_count integer NOT NULL DEFAULT 0,
  transforms   integer NOT NULL DEFAULT 0,
  productive   integer NOT NULL DEFAULT 0,
  PRIMARY KEY (day, domain)
);

-- The live part of source performance reads pages of the current hour and of window edges.
CREATE INDEX raw_data_created_idx ON raw_data (created_at);
