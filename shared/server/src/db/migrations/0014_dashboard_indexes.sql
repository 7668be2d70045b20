-- Narrow covering indexes over live ideas so the Knowledge & Insights widgets (metrics, pipeline,
-- profit distribution, domains, high-potential list) read an index instead of the wide table
-- (bodies and search vectors) at a million ideas.

CREATE INDEX knowledge_live_metrics_idx ON knowledge (created_at)
  INCLUDE (enriched_at, analyzed_at, profit_score, profit_potential, source_domain, overall_score)
  WHERE deleted_at IS NULL AND merged_into_id IS NULL;

CREATE INDEX knowledge_live_overall_idx ON knowledge (overall_score DESC NULLS LAST, id DESC)
  WHERE deleted_at IS NULL AND merged_into_id IS NULL;
