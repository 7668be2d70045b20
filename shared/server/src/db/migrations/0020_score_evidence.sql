-- Scores that explain themselves: the sentences of the source that drove each profit sub-score,
-- and the model that scored the idea (so ideas scored by an older model can be re-scored).
ALTER TABLE knowledge ADD COLUMN score_evidence jsonb;
ALTER TABLE knowledge ADD COLUMN model_version text;
CREATE INDEX knowledge_model_version_idx ON knowledge (model_version) WHERE analyzed_at IS NOT NULL AND deleted_at IS NULL;

-- What the pre-filter dropped from a page, item by item with its reason, and the items an operator
-- overruled it on: those are kept as ideas when the task runs again, whatever the model says.
ALTER TABLE transform_tasks ADD COLUMN dropped_items jsonb NOT NULL DEFAULT '[]';
ALTER TABLE transform_tasks ADD COLUMN keep_urls text[] NOT NULL DEFAULT '{}';

-- Re-scoring after the idea model changes: ideas scored by an older local model are queued for
-- the new one in the background; this marks the ones already queued, so a tick does not queue
-- them twice (a mark older than an hour is taken as lost and queued again).
ALTER TABLE knowledge ADD COLUMN rescore_queued_at timestamptz;
