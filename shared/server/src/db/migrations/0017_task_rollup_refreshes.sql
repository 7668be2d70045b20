-- When the task rollups were last brought up to date (the UTC hour of that refresh). Without it an
-- idle install, whose last closed hour has no finished task and so no rollup row, recomputed the
-- rollups on every dashboard call (1.5 s each at 5,000,000 tasks).
CREATE TABLE task_rollup_refreshes (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  refreshed_hour timestamptz NOT NULL
);
