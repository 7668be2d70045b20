-- Jobs by who created them: a trial user's job list (they see only their own, newest first) and
-- the crawl budget's counts of a user's jobs today and still running read this instead of
-- every job.
CREATE INDEX jobs_created_by_idx ON jobs (created_by, created_at DESC);
