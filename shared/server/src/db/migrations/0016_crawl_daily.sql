-- Closed UTC days of task_hourly's crawl rows, per domain: domain health reads the whole days of
-- its 7-day window here (one row per domain and day) instead of 24 hourly rows each; the hours of
-- the days its edges cut through still come from task_hourly, the current hour live. Kept by
-- refreshTaskRollups (api/src/queries/task-rollups.ts): a day is recomputed from task_hourly
-- when one of its hours is, or when it has no row yet.
CREATE TABLE crawl_daily (
  day          timestamptz NOT NULL,
  domain       text NOT NULL,
  completed    integer NOT NULL DEFAULT 0,
  failed       integer NOT NULL DEFAULT 0,
  skipped      integer NOT NULL DEFAULT 0,
  retries      bigint NOT NULL DEFAULT 0,
  err_http_429 integer NOT NULL DEFAULT 0,
  err_http_5xx integer NOT NULL DEFAULT 0,
  err_http_4xx integer NOT NULL DEFAULT 0,
  err_timeout  integer NOT NULL DEFAULT 0,
  err_robots   integer NOT NULL DEFAULT 0,
  err_network  integer NOT NULL DEFAULT 0,
  err_other    integer NOT NULL DEFAULT 0,
  PRIMARY KEY (day, domain)
);

INSERT INTO crawl_daily (day, domain, completed, failed, skipped, retries, err_http_429, err_http_5xx, err_http_4xx,
                         err_timeout, err_robots, err_network, err_other)
SELECT date_trunc('day', hour, 'UTC'), domain, sum(completed), sum(failed), sum(skipped), sum(retries),
       sum(err_http_429), sum(err_http_5xx), sum(err_http_4xx), sum(err_timeout), sum(err_robots), sum(err_network),
       sum(err_other)
FROM task_hourly
WHERE kind = 'crawl' AND hour < date_trunc('day', now(), 'UTC')
GROUP BY 1, 2;

-- Domain health's failing days and error types read only the hours with failures: an index of
-- those alone instead of every domain's hours of the last 3 days (or, per domain, 7).
CREATE INDEX task_hourly_failed_idx ON task_hourly (kind, hour) WHERE failed > 0;
