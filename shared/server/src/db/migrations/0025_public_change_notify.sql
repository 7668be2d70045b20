-- Cached public reads are dropped when what visitors see changes (cache/change-listener.ts):
-- each statement that changes it sends one NOTIFY, delivered when its transaction commits (none
-- for a rollback). Statement-level, so a bulk change is one notification, not one per row.
CREATE FUNCTION notify_public_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ideamine_public_change', TG_TABLE_NAME);
  RETURN NULL;
END $$;

CREATE TRIGGER knowledge_public_rows AFTER INSERT OR DELETE ON knowledge
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_change();
CREATE TRIGGER knowledge_public_truncate AFTER TRUNCATE ON knowledge
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_change();
-- Only statements that set a column visitors see: not the pipeline's bookkeeping (updated_at,
-- rescore_queued_at, pipeline_attempts, pipeline_error, pipeline_failed_at). A new column shown
-- to visitors belongs in this list.
CREATE TRIGGER knowledge_public_update AFTER UPDATE OF
    slug, title, summary, body, source_url, source_domain, author, published_at, user_id, visibility,
    categories, keywords, tags, key_strengths, profit_potential, profit_score, problem_severity_score,
    market_demand_score, monetization_score, implementation_score, overall_score,
    business_model_innovation_score, technology_innovation_score, market_disruption_potential_score,
    approach_novelty_score, score_evidence, model_version, editor_pick, editor_pick_message,
    editor_picked_at, upvotes, downvotes, merged_into_id, enriched_at, analyzed_at, deleted_at
  ON knowledge FOR EACH STATEMENT EXECUTE FUNCTION notify_public_change();

CREATE TRIGGER knowledge_sources_public_change AFTER INSERT OR UPDATE OR DELETE ON knowledge_sources
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_change();
CREATE TRIGGER categories_public_change AFTER INSERT OR UPDATE OR DELETE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_change();
