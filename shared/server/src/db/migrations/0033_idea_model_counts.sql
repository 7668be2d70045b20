-- Re-scoring progress on the operations dashboard without counting every idea (issue 20): live
-- analysed ideas per model version ('' for none recorded), kept like the public counts of 0026.
-- Statement triggers append each statement's net effect to idea_model_count_changes; the fold
-- (foldIdeaRollups) adds them into idea_model_counts; a reader adds the changes not folded yet.
CREATE TABLE idea_model_counts (
  model_version text PRIMARY KEY,
  ideas         bigint NOT NULL DEFAULT 0
);
CREATE TABLE idea_model_count_changes (
  model_version text NOT NULL,
  ideas         bigint NOT NULL
);

-- The key one version of an idea counts under; NULL when it is not a live analysed idea.
CREATE FUNCTION idea_model_key(k knowledge) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN k.analyzed_at IS NOT NULL AND k.deleted_at IS NULL AND k.merged_into_id IS NULL
    THEN coalesce(k.model_version, '') END
$$;

CREATE FUNCTION idea_model_count_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO idea_model_count_changes (model_version, ideas)
    SELECT idea_model_key(n), count(*) FROM new_rows n WHERE idea_model_key(n) IS NOT NULL GROUP BY 1;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO idea_model_count_changes (model_version, ideas)
    SELECT idea_model_key(o), -count(*) FROM old_rows o WHERE idea_model_key(o) IS NOT NULL GROUP BY 1;
  ELSE
    INSERT INTO idea_model_count_changes (model_version, ideas)
    SELECT s.model_version, sum(s.sign)
    FROM old_rows o JOIN new_rows n ON n.id = o.id,
    LATERAL (SELECT idea_model_key(n) AS model_version, 1 AS sign UNION ALL SELECT idea_model_key(o), -1) AS s
    WHERE idea_model_key(o) IS DISTINCT FROM idea_model_key(n) AND s.model_version IS NOT NULL
    GROUP BY 1
    HAVING sum(s.sign) <> 0;
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION idea_model_count_reset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM idea_model_counts;
  DELETE FROM idea_model_count_changes;
  RETURN NULL;
END
$$;

CREATE TRIGGER knowledge_model_count_insert AFTER INSERT ON knowledge
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION idea_model_count_changes();
CREATE TRIGGER knowledge_model_count_update AFTER UPDATE ON knowledge
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION idea_model_count_changes();
CREATE TRIGGER knowledge_model_count_delete AFTER DELETE ON knowledge
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION idea_model_count_changes();
CREATE TRIGGER knowledge_model_count_truncate AFTER TRUNCATE ON knowledge
  FOR EACH STATEMENT EXECUTE FUNCTION idea_model_count_reset();

-- Existing ideas: the triggers above hold a lock that keeps writers out until this commits.
INSERT INTO idea_model_counts (model_version, ideas)
SELECT idea_model_key(k), count(*) FROM knowledge k WHERE idea_model_key(k) IS NOT NULL GROUP BY 1;
