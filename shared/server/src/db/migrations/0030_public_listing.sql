-- The public ideas list read from indexes for every filter and sort (issue 20). Categories are an
-- array, which no btree can order by, and a filter on a rare category or profit label read a
-- sort index of knowledge nearly to its end to fill one page. public_listing holds one row per
-- public idea (visible, not deleted, not merged) and list key: category '*' for any category
-- and one row per category it is in. Each public sort has an index by category and one by
-- category and label, so any filter x sort x order reads one index range from where the page
-- starts. Nullable sorts sort their gaps last in both orders, so each order has its own index.
-- Kept in the same transaction as the idea by statement triggers, like the counts of 0026.
CREATE TABLE public_listing (
  category      text NOT NULL,
  id            integer NOT NULL,
  profit_label  text,
  community     boolean NOT NULL,
  created_at    timestamptz NOT NULL,
  profit_score  numeric(4, 2),
  overall_score numeric(3, 2),
  vote_score    integer NOT NULL,
  title         text NOT NULL,
  PRIMARY KEY (category, id)
);

CREATE INDEX public_listing_created_idx ON public_listing (category, created_at DESC, id DESC);
CREATE INDEX public_listing_votes_idx ON public_listing (category, vote_score DESC, id DESC);
CREATE INDEX public_listing_title_idx ON public_listing (category, title, id);
CREATE INDEX public_listing_profit_desc_idx ON public_listing (category, profit_score DESC NULLS LAST, id DESC);
CREATE INDEX public_listing_profit_asc_idx ON public_listing (category, profit_score ASC NULLS LAST, id);
CREATE INDEX public_listing_overall_desc_idx ON public_listing (category, overall_score DESC NULLS LAST, id DESC);
CREATE INDEX public_listing_overall_asc_idx ON public_listing (category, overall_score ASC NULLS LAST, id);
CREATE INDEX public_listing_label_created_idx ON public_listing (category, profit_label, created_at DESC, id DESC);
CREATE INDEX public_listing_label_votes_idx ON public_listing (category, profit_label, vote_score DESC, id DESC);
CREATE INDEX public_listing_label_title_idx ON public_listing (category, profit_label, title, id);
CREATE INDEX public_listing_label_profit_desc_idx
  ON public_listing (category, profit_label, profit_score DESC NULLS LAST, id DESC);
CREATE INDEX public_listing_label_profit_asc_idx
  ON public_listing (category, profit_label, profit_score ASC NULLS LAST, id);
CREATE INDEX public_listing_label_overall_desc_idx
  ON public_listing (category, profit_label, overall_score DESC NULLS LAST, id DESC);
CREATE INDEX public_listing_label_overall_asc_idx
  ON public_listing (category, profit_label, overall_score ASC NULLS LAST, id);

-- What the listing holds of one version of an idea (NULL when it is not listed): an update
-- that leaves it alone leaves the listing alone.
CREATE TYPE public_listing_row AS (
  categories    text[],
  profit_label  text,
  community     boolean,
  created_at    timestamptz,
  profit_score  numeric(4, 2),
  overall_score numeric(3, 2),
  vote_score    integer,
  title         text
);

CREATE FUNCTION public_listing_row(k knowledge) RETURNS public_listing_row LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN k.deleted_at IS NULL AND k.merged_into_id IS NULL AND k.visibility = 'public' THEN
    ROW(k.categories, k.profit_potential, k.user_id IS NOT NULL, k.created_at, k.profit_score, k.overall_score,
        k.upvotes - k.downvotes, k.title)::public_listing_row
  END
$$;

-- The listing's rows of one version of an idea: '*' and each distinct category (a NULL element
-- is no key); none when the idea is not listed.
CREATE FUNCTION public_listing_keys(k knowledge) RETURNS SETOF public_listing LANGUAGE sql IMMUTABLE AS $$
  SELECT c.category, k.id, k.profit_potential, k.user_id IS NOT NULL, k.created_at, k.profit_score,
         k.overall_score, k.upvotes - k.downvotes, k.title
  FROM (SELECT '*' UNION SELECT unnest(k.categories)) AS c(category)
  WHERE c.category IS NOT NULL AND k.deleted_at IS NULL AND k.merged_into_id IS NULL AND k.visibility = 'public'
$$;

-- A statement's changed ideas leave the listing and come back as they are now. An update that
-- changes nothing the listing holds (pipeline bookkeeping, a body edit) touches no row of it.
CREATE FUNCTION public_listing_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO public_listing SELECT k.* FROM new_rows n, LATERAL public_listing_keys(n) AS k;
  ELSIF TG_OP = 'DELETE' THEN
    DELETE FROM public_listing p USING old_rows o, LATERAL public_listing_keys(o) AS k
    WHERE p.category = k.category AND p.id = k.id;
  ELSE
    DELETE FROM public_listing p
    USING old_rows o JOIN new_rows n ON n.id = o.id, LATERAL public_listing_keys(o) AS k
    WHERE public_listing_row(o) IS DISTINCT FROM public_listing_row(n) AND p.category = k.category AND p.id = k.id;
    INSERT INTO public_listing
    SELECT k.* FROM old_rows o JOIN new_rows n ON n.id = o.id, LATERAL public_listing_keys(n) AS k
    WHERE public_listing_row(o) IS DISTINCT FROM public_listing_row(n);
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION public_listing_reset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM public_listing;
  RETURN NULL;
END
$$;

CREATE TRIGGER knowledge_public_listing_insert AFTER INSERT ON knowledge
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public_listing_sync();
CREATE TRIGGER knowledge_public_listing_update AFTER UPDATE ON knowledge
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public_listing_sync();
CREATE TRIGGER knowledge_public_listing_delete AFTER DELETE ON knowledge
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public_listing_sync();
CREATE TRIGGER knowledge_public_listing_truncate AFTER TRUNCATE ON knowledge
  FOR EACH STATEMENT EXECUTE FUNCTION public_listing_reset();

-- Existing ideas: the triggers above hold a lock that keeps writers out until this commits.
INSERT INTO public_listing SELECT k.* FROM knowledge, LATERAL public_listing_keys(knowledge) AS k;
