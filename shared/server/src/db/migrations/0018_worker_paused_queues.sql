-- The queues a worker has stopped fetching because an operator paused them, written as soon as it
-- has stopped: the queue screen shows when a pause has taken hold on every live worker.
ALTER TABLE worker_heartbeats ADD COLUMN paused_queues text[] NOT NULL DEFAULT '{}';
