-- Which worker process holds an active task, so the tasks of a worker that died can be given
-- back to the queue once its heartbeat goes stale.

ALTER TABLE crawl_tasks ADD COLUMN claimed_by text;
ALTER TABLE transform_tasks ADD COLUMN claimed_by text;
CREATE INDEX crawl_tasks_active_idx ON crawl_tasks (claimed_by) WHERE status = 'active';
CREATE INDEX transform_tasks_active_idx ON transform_tasks (claimed_by) WHERE status = 'active';
