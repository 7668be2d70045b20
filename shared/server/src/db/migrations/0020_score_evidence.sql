-- Scores that explain themselves: the sentences of the source that drove each profit sub-score,
-- and the model that scored the idea (so ideas scored by an older model can be re-scored).
ALTER TABLE knowledge ADD COLUMN score_evidence jsonb;
ALTER TABLE knowledge ADD COLUMN model_version text;
CREATE INDEX knowledge_model_version_idx ON knowledge (model_version) WHERE analyzed_at IS NOT NULL AND deleted_at IS NULL;
