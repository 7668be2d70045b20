-- Each API process keeps the search slice (0032) in memory as an inverted index (search/), so a
-- search for common words does not read thousands of rows in PostgreSQL. To follow changes without
-- reading the whole slice again, every slice row records the transaction that wrote it, and every
-- row leaving the slice is logged with the transaction that removed it. A process that last read
-- the slice in a snapshot whose oldest running transaction was X reads again only the rows written
-- and removed by transactions X and later (all others it has seen already).
ALTER TABLE search_recent ADD COLUMN written_by xid8 NOT NULL DEFAULT pg_current_xact_id();
CREATE INDEX search_recent_written_by_idx ON search_recent (written_by);

-- id NULL: every row left at once (TRUNCATE); a process then reads the whole slice again.
CREATE TABLE search_recent_gone (
  id         integer,
  removed_by xid8 NOT NULL DEFAULT pg_current_xact_id(),
  removed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX search_recent_gone_removed_by_idx ON search_recent_gone (removed_by);
CREATE INDEX search_recent_gone_removed_at_idx ON search_recent_gone (removed_at);

CREATE FUNCTION search_recent_log_gone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    INSERT INTO search_recent_gone (id) VALUES (NULL);
  ELSE
    INSERT INTO search_recent_gone (id) SELECT id FROM gone_rows;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER search_recent_gone_delete AFTER DELETE ON search_recent
  REFERENCING OLD TABLE AS gone_rows FOR EACH STATEMENT EXECUTE FUNCTION search_recent_log_gone();
CREATE TRIGGER search_recent_gone_truncate AFTER TRUNCATE ON search_recent
  FOR EACH STATEMENT EXECUTE FUNCTION search_recent_log_gone();

-- The slice's row of an idea names its columns now: the table has one more (written_by, filled by
-- its default), and a changed idea compared with its old version compares only these.
CREATE OR REPLACE FUNCTION search_recent_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  oldest timestamptz;
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM search_recent r USING old_rows o WHERE r.id = o.id;
    RETURN NULL;
  END IF;
  SELECT min(created_at) INTO oldest FROM search_recent;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_recent (id, created_at, search)
    SELECT n.id, n.created_at, n.search FROM new_rows n
    WHERE (search_recent_row(n)).id IS NOT NULL AND (oldest IS NULL OR n.created_at >= oldest);
    RETURN NULL;
  END IF;
  DELETE FROM search_recent r USING old_rows o JOIN new_rows n ON n.id = o.id
  WHERE r.id = o.id AND search_recent_row(o) IS DISTINCT FROM search_recent_row(n);
  INSERT INTO search_recent (id, created_at, search)
  SELECT n.id, n.created_at, n.search FROM old_rows o JOIN new_rows n ON n.id = o.id
  WHERE search_recent_row(o) IS DISTINCT FROM search_recent_row(n) AND (search_recent_row(n)).id IS NOT NULL
    AND (oldest IS NULL OR n.created_at >= oldest);
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION search_recent_row(k knowledge) RETURNS search_recent LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN k.deleted_at IS NULL AND k.merged_into_id IS NULL AND k.visibility = 'public'
    THEN ROW(k.id, k.created_at, k.search, NULL)::search_recent END
$$;
