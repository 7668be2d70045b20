-- Trending keywords (the public portal) from the daily term rollup of migration 0015 instead of
-- unnesting the keywords of every idea in the window on each request: a fourth kind of term,
-- 'public_keyword', counts the keywords of public ideas (visible, not deleted, not merged) per
-- UTC day of creation. Appended to idea_term_changes by its own statement triggers and folded
-- with the other terms by foldIdeaRollups; a reader adds the changes not folded yet.
ALTER TABLE idea_terms_daily DROP CONSTRAINT idea_terms_daily_kind_check;
ALTER TABLE idea_terms_daily ADD CONSTRAINT idea_terms_daily_kind_check
  CHECK (kind IN ('keyword', 'category', 'tag', 'public_keyword'));

-- The (day, keyword) uses of one version of an idea; none when it is not public.
CREATE FUNCTION public_keyword_uses(k knowledge) RETURNS TABLE (day timestamptz, term text) LANGUAGE sql IMMUTABLE AS $$
  SELECT date_trunc('day', k.created_at, 'UTC'), kw
  FROM unnest(k.keywords) AS kw
  WHERE kw IS NOT NULL AND k.deleted_at IS NULL AND k.merged_into_id IS NULL AND k.visibility = 'public'
$$;

-- What the uses depend on: an update that changes none of it appends nothing.
CREATE FUNCTION public_keyword_key(k knowledge) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN k.deleted_at IS NULL AND k.merged_into_id IS NULL AND k.visibility = 'public'
    THEN array_prepend(date_trunc('day', k.created_at, 'UTC')::text, k.keywords) END
$$;

CREATE FUNCTION public_keyword_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO idea_term_changes (kind, day, term, uses)
    SELECT 'public_keyword', u.day, u.term, count(*) FROM new_rows n, LATERAL public_keyword_uses(n) AS u GROUP BY 2, 3;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO idea_term_changes (kind, day, term, uses)
    SELECT 'public_keyword', u.day, u.term, -count(*) FROM old_rows o, LATERAL public_keyword_uses(o) AS u GROUP BY 2, 3;
  ELSE
    INSERT INTO idea_term_changes (kind, day, term, uses)
    SELECT 'public_keyword', s.day, s.term, sum(s.sign)
    FROM old_rows o JOIN new_rows n ON n.id = o.id,
    LATERAL (SELECT 1 AS sign, * FROM public_keyword_uses(n) UNION ALL SELECT -1, * FROM public_keyword_uses(o)) AS s
    WHERE public_keyword_key(o) IS DISTINCT FROM public_keyword_key(n)
    GROUP BY 2, 3
    HAVING sum(s.sign) <> 0;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER knowledge_public_keyword_insert AFTER INSERT ON knowledge
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public_keyword_changes();
CREATE TRIGGER knowledge_public_keyword_update AFTER UPDATE ON knowledge
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public_keyword_changes();
CREATE TRIGGER knowledge_public_keyword_delete AFTER DELETE ON knowledge
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public_keyword_changes();
-- TRUNCATE is already handled: knowledge_rollup_reset empties idea_terms_daily and its changes.

-- The window edges read up to half a day of public ideas' keywords each: from this index alone.
CREATE INDEX knowledge_public_terms_idx ON knowledge (created_at) INCLUDE (keywords)
  WHERE deleted_at IS NULL AND merged_into_id IS NULL AND visibility = 'public';

-- Existing ideas: the triggers above hold a lock that keeps writers out until this commits.
INSERT INTO idea_terms_daily (kind, day, term, uses)
SELECT 'public_keyword', u.day, u.term, count(*) FROM knowledge k, LATERAL public_keyword_uses(k) AS u GROUP BY 2, 3;
