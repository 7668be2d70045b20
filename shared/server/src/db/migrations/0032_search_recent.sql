-- Searching for common words without reading a million ideas (issue 20). Relevance ranks the
-- newest matches of a search (public-ideas.ts); for two ordinary words PostgreSQL intersects two
-- posting lists of a fifth of the catalogue each and reads thousands of ideas to find them.
-- search_recent holds the text of the newest public ideas only: every public idea created at or
-- after its oldest row, so when the newest matches are found in it they are the newest matches
-- of all. Its own small GIN index answers a common pair in milliseconds; a search that finds
-- too few there reads knowledge as before. The worker's tick trims it back to SEARCH_RECENT_SIZE
-- ideas (queries/search-recent.ts), dropping the oldest, so it stays a complete newest slice.
CREATE TABLE search_recent (
  id         integer PRIMARY KEY,
  created_at timestamptz NOT NULL,
  search     tsvector NOT NULL
);
CREATE INDEX search_recent_search_idx ON search_recent USING gin (search);
CREATE INDEX search_recent_created_idx ON search_recent (created_at DESC, id DESC);

-- What the slice holds of one version of an idea (NULL when it is not public): an update that
-- leaves it alone (a vote, pipeline bookkeeping) leaves the slice alone.
CREATE FUNCTION search_recent_row(k knowledge) RETURNS search_recent LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN k.deleted_at IS NULL AND k.merged_into_id IS NULL AND k.visibility = 'public'
    THEN ROW(k.id, k.created_at, k.search)::search_recent END
$$;

-- A statement's changed ideas leave the slice and come back if public and not older than it.
-- An idea older than the slice's oldest row stays out: taking it in would leave a gap between
-- it and the slice (the ideas in between are not there).
CREATE FUNCTION search_recent_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  oldest timestamptz;
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM search_recent r USING old_rows o WHERE r.id = o.id;
    RETURN NULL;
  END IF;
  SELECT min(created_at) INTO oldest FROM search_recent;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_recent SELECT (search_recent_row(n)).* FROM new_rows n
    WHERE (search_recent_row(n)).id IS NOT NULL AND (oldest IS NULL OR n.created_at >= oldest);
    RETURN NULL;
  END IF;
  DELETE FROM search_recent r USING old_rows o JOIN new_rows n ON n.id = o.id
  WHERE r.id = o.id AND search_recent_row(o) IS DISTINCT FROM search_recent_row(n);
  INSERT INTO search_recent SELECT (search_recent_row(n)).* FROM old_rows o JOIN new_rows n ON n.id = o.id
  WHERE search_recent_row(o) IS DISTINCT FROM search_recent_row(n) AND (search_recent_row(n)).id IS NOT NULL
    AND (oldest IS NULL OR n.created_at >= oldest);
  RETURN NULL;
END
$$;

CREATE FUNCTION search_recent_reset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_recent;
  RETURN NULL;
END
$$;

-- Updates only of what the slice holds or filters on: votes and pipeline bookkeeping leave it be.
CREATE TRIGGER knowledge_search_recent_insert AFTER INSERT ON knowledge
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_recent_sync();
CREATE TRIGGER knowledge_search_recent_update AFTER UPDATE ON knowledge
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_recent_sync();
CREATE TRIGGER knowledge_search_recent_delete AFTER DELETE ON knowledge
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_recent_sync();
CREATE TRIGGER knowledge_search_recent_truncate AFTER TRUNCATE ON knowledge
  FOR EACH STATEMENT EXECUTE FUNCTION search_recent_reset();

-- The newest public ideas now (50,000: SEARCH_RECENT_SIZE), with any tied with the last.
INSERT INTO search_recent (id, created_at, search)
SELECT id, created_at, search FROM knowledge
WHERE deleted_at IS NULL AND merged_into_id IS NULL AND visibility = 'public'
  AND created_at >= coalesce((SELECT created_at FROM knowledge
                              WHERE deleted_at IS NULL AND merged_into_id IS NULL AND visibility = 'public'
                              ORDER BY created_at DESC, id DESC OFFSET 49999 LIMIT 1), '-infinity');
