-- Totals of the public ideas list without counting a million rows: the number of public ideas
-- (visible, not deleted, not merged) per category x profit label x kind, where '*' stands for
-- any category or any label ('' is an idea without a label) and kind is 'all', 'community' (a
-- user's idea) or 'crawled'. Kept exact the way the rollups of migration 0015 are: statement
-- triggers append each statement's net effect to public_idea_count_changes (append-only, so
-- concurrent writers never wait on a hot counter row); the fold adds them into public_idea_counts
-- under the rollups' lock, and readers add the changes not folded yet.
CREATE TABLE public_idea_counts (
  category     text NOT NULL,
  profit_label text NOT NULL,
  kind         text NOT NULL CHECK (kind IN ('all', 'community', 'crawled')),
  ideas        bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (category, profit_label, kind)
);
CREATE TABLE public_idea_count_changes (LIKE public_idea_counts INCLUDING DEFAULTS);
CREATE INDEX public_idea_count_changes_key_idx ON public_idea_count_changes (category, profit_label, kind);

-- What the counts read of one version of an idea.
CREATE TYPE public_count_row AS (
  counted      boolean,
  categories   text[],
  profit_label text,
  community    boolean
);

CREATE FUNCTION public_count_row(k knowledge) RETURNS public_count_row LANGUAGE sql STABLE AS $$
  SELECT ROW(k.deleted_at IS NULL AND k.merged_into_id IS NULL AND k.visibility = 'public',
             k.categories, coalesce(k.profit_potential, ''), k.user_id IS NOT NULL)::public_count_row
$$;

-- Each counted idea adds to every key it falls under: (any or each of its categories, counted
-- once each) x (any label or its own) x (all or its kind). Keys that net to zero are left out,
-- so a statement that changes none of these columns (a vote, a score) appends nothing.
CREATE FUNCTION knowledge_public_count_changes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added public_count_row[] := '{}';
  removed public_count_row[] := '{}';
BEGIN
  IF TG_OP = 'INSERT' THEN
    added := ARRAY(SELECT public_count_row(n) FROM new_rows n);
  ELSIF TG_OP = 'DELETE' THEN
    removed := ARRAY(SELECT public_count_row(o) FROM old_rows o);
  ELSE
    SELECT coalesce(array_agg(v.a), '{}'), coalesce(array_agg(v.b), '{}') INTO added, removed
    FROM (SELECT public_count_row(n) AS a, public_count_row(o) AS b FROM new_rows n JOIN old_rows o ON o.id = n.id) AS v
    WHERE v.a IS DISTINCT FROM v.b;
  END IF;
  IF cardinality(added) = 0 AND cardinality(removed) = 0 THEN
    RETURN NULL;
  END IF;
  INSERT INTO public_idea_count_changes (category, profit_label, kind, ideas)
  SELECT c.category, l.label, t.kind, sum(s.sign)
  FROM (SELECT 1 AS sign, * FROM unnest(added) UNION ALL SELECT -1, * FROM unnest(removed)) AS s
  CROSS JOIN LATERAL (SELECT '*' UNION SELECT unnest(s.categories)) AS c(category)
  CROSS JOIN LATERAL (SELECT '*' UNION SELECT s.profit_label) AS l(label)
  CROSS JOIN LATERAL (SELECT 'all' UNION SELECT CASE WHEN s.community THEN 'community' ELSE 'crawled' END) AS t(kind)
  WHERE s.counted
  GROUP BY 1, 2, 3
  HAVING sum(s.sign) <> 0;
  RETURN NULL;
END
$$;

CREATE FUNCTION knowledge_public_count_reset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM public_idea_counts;
  DELETE FROM public_idea_count_changes;
  RETURN NULL;
END
$$;

CREATE TRIGGER knowledge_public_count_insert AFTER INSERT ON knowledge
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION knowledge_public_count_changes();
CREATE TRIGGER knowledge_public_count_update AFTER UPDATE ON knowledge
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION knowledge_public_count_changes();
CREATE TRIGGER knowledge_public_count_delete AFTER DELETE ON knowledge
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION knowledge_public_count_changes();
CREATE TRIGGER knowledge_public_count_truncate AFTER TRUNCATE ON knowledge
  FOR EACH STATEMENT EXECUTE FUNCTION knowledge_public_count_reset();

-- Existing ideas: the triggers above hold a lock that keeps writers out until this commits.
INSERT INTO public_idea_counts (category, profit_label, kind, ideas)
SELECT c.category, l.label, t.kind, count(*)
FROM knowledge k
CROSS JOIN LATERAL (SELECT '*' UNION SELECT unnest(k.categories)) AS c(category)
CROSS JOIN LATERAL (SELECT '*' UNION SELECT coalesce(k.profit_potential, '')) AS l(label)
CROSS JOIN LATERAL (SELECT 'all' UNION SELECT CASE WHEN k.user_id IS NOT NULL THEN 'community' ELSE 'crawled' END) AS t(kind)
WHERE k.deleted_at IS NULL AND k.merged_into_id IS NULL AND k.visibility = 'public'
GROUP BY 1, 2, 3;
