-- Operations dashboard (issue 5): periodic samples of queue depths and database probe timings
-- (for trends and average query time), and operator queue pauses honoured by the workers.

CREATE TABLE dashboard_samples (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  sampled_at        timestamptz NOT NULL DEFAULT now(),
  crawl_depth       integer NOT NULL,
  transform_depth   integer NOT NULL,
  dead_letter_depth integer NOT NULL DEFAULT 0,
  -- Round trip of a SELECT 1 when the sample was taken, in milliseconds.
  db_probe_ms       double precision NOT NULL
);
CREATE INDEX dashboard_samples_at_idx ON dashboard_samples (sampled_at DESC);

-- Queue depth counts pending tasks; these keep the count an index-only scan of the few waiting rows.
CREATE INDEX crawl_tasks_pending_idx ON crawl_tasks (id) WHERE status = 'pending';
CREATE INDEX transform_tasks_pending_idx ON transform_tasks (id) WHERE status = 'pending';

-- A row means the queue is paused: workers stop fetching its messages until the row is deleted.
CREATE TABLE queue_pauses (
  queue     text PRIMARY KEY,
  reason    text NOT NULL DEFAULT '',
  paused_by integer REFERENCES users (id) ON DELETE SET NULL,
  paused_at timestamptz NOT NULL DEFAULT now()
);
