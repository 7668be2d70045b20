-- Each API process keeps the public list (0030) in memory as sorted arrays (listing/), so a page
-- of any filter and sort costs PostgreSQL only its cards. To follow changes without reading a
-- million ideas again, every idea whose listing rows are written or removed is logged with the
-- transaction that did it; a process reads again only the ideas logged since its last read's
-- snapshot (as the search slice does, 0036). An idea's '*' row stands for all its rows: every
-- listed idea has one.
CREATE TABLE public_listing_changes (
  id         integer NOT NULL,
  changed_by xid8 NOT NULL DEFAULT pg_current_xact_id(),
  changed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX public_listing_changes_changed_by_idx ON public_listing_changes (changed_by);
CREATE INDEX public_listing_changes_changed_at_idx ON public_listing_changes (changed_at);

CREATE FUNCTION public_listing_log_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO public_listing_changes (id) SELECT id FROM changed_rows WHERE category = '*';
  RETURN NULL;
END
$$;

-- The listing is only ever inserted into and deleted from (an idea's change is both).
CREATE TRIGGER public_listing_changes_insert AFTER INSERT ON public_listing
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION public_listing_log_change();
CREATE TRIGGER public_listing_changes_delete AFTER DELETE ON public_listing
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION public_listing_log_change();
