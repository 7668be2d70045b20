-- Rollups of live ideas (not deleted, not merged) behind the Knowledge & Insights widgets
-- (knowledge metrics, idea pipeline, profit distribution, high-potential count, tag activity,
-- emerging trends), per UTC day of created_at.
--
-- Kept exact by statement triggers on knowledge: every INSERT, UPDATE, DELETE and COPY appends
-- its net effect (new row versions counted +1, old ones -1, grouped) to a *_changes table. The
-- change tables are append-only, so concurrent writers never wait on one another; foldIdeaRollups
-- (api/src/queries/idea-rollups.ts) moves them into the rollups under an advisory lock, and
-- readers add the changes not folded yet, so every answer counts every committed change: edits,
-- enrichment, analysis, soft delete, restore, merge, purge and the foreign-key actions alike.
-- TRUNCATE (backup restore) empties the rollups; the rows loaded next count themselves again.

-- Per day and profit label ('' when none): live ideas, how many are enriched and analysed, the
-- profit scores' sum and count (for means), and how many have an overall score.
CREATE TABLE idea_daily (
  day          timestamptz NOT NULL,
  profit_label text NOT NULL,
  ideas        bigint NOT NULL DEFAULT 0,
  enriched     bigint NOT NULL DEFAULT 0,
  analyzed     bigint NOT NULL DEFAULT 0,
  profit_sum   numeric NOT NULL DEFAULT 0,
  profit_count bigint NOT NULL DEFAULT 0,
  scored       bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (day, profit_label)
);

-- Live ideas per source_domain (as stored; '' when none).
CREATE TABLE idea_domains (
  domain text PRIMARY KEY,
  ideas  bigint NOT NULL DEFAULT 0
);

-- Uses of each term per day: 'keyword' (keywords), 'category' (categories), 'tag' (tags, or the
-- keywords of an idea without tags, as tag activity counts them). A term repeated in one idea
-- counts each time, as unnest does.
CREATE TABLE idea_terms_daily (
  kind text NOT NULL CHECK (kind IN ('keyword', 'category', 'tag')),
  day  timestamptz NOT NULL,
  term text NOT NULL,
  uses bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (kind, day, term)
);

-- Not folded yet: same columns, any number of rows per key, signed.
CREATE TABLE idea_daily_changes (LIKE idea_daily INCLUDING DEFAULTS);
CREATE TABLE idea_domain_changes (LIKE idea_domains INCLUDING DEFAULTS);
CREATE TABLE idea_term_changes (LIKE idea_terms_daily INCLUDING DEFAULTS);

-- What the rollups read of one version of an idea.
CREATE TYPE idea_rollup_row AS (
  live         boolean,
  day          timestamptz,
  profit_label text,
  enriched     boolean,
  analyzed     boolean,
  profit_score numeric,
  scored       boolean,
  domain       text,
  keywords     text[],
  categories   text[],
  tags         text[]
);

CREATE FUNCTION idea_rollup_row(k knowledge) RETURNS idea_rollup_row LANGUAGE sql STABLE AS $$
  SELECT ROW(k.deleted_at IS NULL AND k.merged_into_id IS NULL, date_trunc('day', k.created_at, 'UTC'),
             coalesce(k.profit_potential, ''), k.enriched_at IS NOT NULL, k.analyzed_at IS NOT NULL,
             k.profit_score, k.overall_score IS NOT NULL, k.source_domain, k.keywords, k.categories,
             CASE WHEN cardinality(k.tags) > 0 THEN k.tags ELSE k.keywords END)::idea_rollup_row
$$;

-- Appends the net effect of a statement: the new versions of its rows count +1, the old ones -1;
-- keys that net to zero are left out, so an update that touches none of the columns above (a
-- vote) appends nothing. PL/pgSQL keeps the statements' plans for the session.
CREATE FUNCTION knowledge_rollup_changes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added idea_rollup_row[] := '{}';
  removed idea_rollup_row[] := '{}';
BEGIN
  IF TG_OP = 'INSERT' THEN
    added := ARRAY(SELECT idea_rollup_row(n) FROM new_rows n);
  ELSIF TG_OP = 'DELETE' THEN
    removed := ARRAY(SELECT idea_rollup_row(o) FROM old_rows o);
  ELSE
    SELECT coalesce(array_agg(v.a), '{}'), coalesce(array_agg(v.b), '{}') INTO added, removed
    FROM (SELECT idea_rollup_row(n) AS a, idea_rollup_row(o) AS b FROM new_rows n JOIN old_rows o ON o.id = n.id) AS v
    WHERE v.a IS DISTINCT FROM v.b;
  END IF;
  IF cardinality(added) = 0 AND cardinality(removed) = 0 THEN
    RETURN NULL;
  END IF;

  INSERT INTO idea_daily_changes (day, profit_label, ideas, enriched, analyzed, profit_sum, profit_count, scored)
  SELECT day, profit_label, sum(sign), sum(sign * enriched::int), sum(sign * analyzed::int),
         coalesce(sum(sign * profit_score), 0), sum(sign * (profit_score IS NOT NULL)::int), sum(sign * scored::int)
  FROM (SELECT 1 AS sign, * FROM unnest(added) UNION ALL SELECT -1, * FROM unnest(removed)) AS s
  WHERE live
  GROUP BY day, profit_label
  HAVING sum(sign) <> 0 OR sum(sign * enriched::int) <> 0 OR sum(sign * analyzed::int) <> 0
      OR coalesce(sum(sign * profit_score), 0) <> 0 OR sum(sign * (profit_score IS NOT NULL)::int) <> 0
      OR sum(sign * scored::int) <> 0;

  INSERT INTO idea_domain_changes (domain, ideas)
  SELECT domain, sum(sign)
  FROM (SELECT 1 AS sign, * FROM unnest(added) UNION ALL SELECT -1, * FROM unnest(removed)) AS s
  WHERE live
  GROUP BY domain
  HAVING sum(sign) <> 0;

  INSERT INTO idea_term_changes (kind, day, term, uses)
  SELECT t.kind, s.day, t.term, sum(s.sign)
  FROM (SELECT 1 AS sign, * FROM unnest(added) UNION ALL SELECT -1, * FROM unnest(removed)) AS s
  CROSS JOIN LATERAL (
    SELECT 'keyword', unnest(s.keywords)
    UNION ALL SELECT 'category', unnest(s.categories)
    UNION ALL SELECT 'tag', unnest(s.tags)
  ) AS t(kind, term)
  WHERE s.live
  GROUP BY t.kind, s.day, t.term
  HAVING sum(s.sign) <> 0;
  RETURN NULL;
END
$$;

CREATE FUNCTION knowledge_rollup_reset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM idea_daily;
  DELETE FROM idea_domains;
  DELETE FROM idea_terms_daily;
  DELETE FROM idea_daily_changes;
  DELETE FROM idea_domain_changes;
  DELETE FROM idea_term_changes;
  RETURN NULL;
END
$$;

CREATE TRIGGER knowledge_rollup_insert AFTER INSERT ON knowledge
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION knowledge_rollup_changes();
CREATE TRIGGER knowledge_rollup_update AFTER UPDATE ON knowledge
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION knowledge_rollup_changes();
CREATE TRIGGER knowledge_rollup_delete AFTER DELETE ON knowledge
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION knowledge_rollup_changes();
CREATE TRIGGER knowledge_rollup_truncate AFTER TRUNCATE ON knowledge
  FOR EACH STATEMENT EXECUTE FUNCTION knowledge_rollup_reset();

-- Existing ideas: the triggers above hold a lock that keeps writers out until this commits.
INSERT INTO idea_daily (day, profit_label, ideas, enriched, analyzed, profit_sum, profit_count, scored)
SELECT date_trunc('day', created_at, 'UTC'), coalesce(profit_potential, ''), count(*), count(enriched_at),
       count(analyzed_at), coalesce(sum(profit_score), 0), count(profit_score), count(overall_score)
FROM knowledge WHERE deleted_at IS NULL AND merged_into_id IS NULL
GROUP BY 1, 2;

INSERT INTO idea_domains (domain, ideas)
SELECT source_domain, count(*) FROM knowledge WHERE deleted_at IS NULL AND merged_into_id IS NULL GROUP BY 1;

INSERT INTO idea_terms_daily (kind, day, term, uses)
SELECT t.kind, date_trunc('day', k.created_at, 'UTC'), t.term, count(*)
FROM knowledge k
CROSS JOIN LATERAL (
  SELECT 'keyword', unnest(k.keywords)
  UNION ALL SELECT 'category', unnest(k.categories)
  UNION ALL SELECT 'tag', unnest(CASE WHEN cardinality(k.tags) > 0 THEN k.tags ELSE k.keywords END)
) AS t(kind, term)
WHERE k.deleted_at IS NULL AND k.merged_into_id IS NULL
GROUP BY 1, 2, 3;

-- Stored pages (raw_data rows) for the idea pipeline, kept the same way: a row trigger appends
-- +1 or -1 (a statement trigger would copy every page's content into its transition table), the
-- fold adds them up, TRUNCATE resets.
CREATE TABLE raw_data_count (pages bigint NOT NULL);
CREATE TABLE raw_data_count_changes (pages bigint NOT NULL);

CREATE FUNCTION raw_data_count_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO raw_data_count_changes (pages) VALUES (CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END);
  RETURN NULL;
END
$$;

CREATE FUNCTION raw_data_count_reset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM raw_data_count_changes;
  UPDATE raw_data_count SET pages = 0;
  RETURN NULL;
END
$$;

CREATE TRIGGER raw_data_count_row AFTER INSERT OR DELETE ON raw_data
  FOR EACH ROW EXECUTE FUNCTION raw_data_count_change();
CREATE TRIGGER raw_data_count_truncate AFTER TRUNCATE ON raw_data
  FOR EACH STATEMENT EXECUTE FUNCTION raw_data_count_reset();

INSERT INTO raw_data_count (pages) SELECT count(*) FROM raw_data;

-- The edges of the term windows (tag activity, emerging trends) read keywords, categories and
-- tags of up to two days of ideas: from this index alone instead of one heap page per idea.
CREATE INDEX knowledge_live_terms_idx ON knowledge (created_at) INCLUDE (keywords, categories, tags)
  WHERE deleted_at IS NULL AND merged_into_id IS NULL;
