-- A job is done when every idea it created has been analysed or has failed. An idea that keeps
-- failing in enrich or analyse (an unusable model answer, a queue message that kept failing) is
-- given up on after a few attempts and counted as failed, with the last error, so its job ends.
ALTER TABLE knowledge ADD COLUMN pipeline_attempts integer NOT NULL DEFAULT 0;
ALTER TABLE knowledge ADD COLUMN pipeline_error text;
ALTER TABLE knowledge ADD COLUMN pipeline_failed_at timestamptz;

-- The ideas still on their way through enrich and analyse: what finalising a job and the
-- reconciler look for, kept small because finished ideas leave it.
CREATE INDEX knowledge_in_pipeline_idx ON knowledge (job_id, id)
  WHERE analyzed_at IS NULL AND pipeline_failed_at IS NULL AND merged_into_id IS NULL AND deleted_at IS NULL;

