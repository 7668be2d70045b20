-- The email digest's history (issue 24): one row per digest sent or tried, so a user's and an
-- operator's question "did it go out?" has an answer. Matches a digest carried are marked
-- (watchlist_matches.digested_at) in the same transaction, so none is sent twice.
CREATE TABLE email_digests (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  watchlist_id integer NOT NULL REFERENCES watchlists (id) ON DELETE CASCADE,
  to_address   text NOT NULL,
  match_count  integer NOT NULL,
  status       text NOT NULL CHECK (status IN ('sent', 'failed')),
  error        text,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX email_digests_watchlist_idx ON email_digests (watchlist_id, created_at DESC);
-- Finding the watchlists whose digest is due: few of all have one.
CREATE INDEX watchlists_digest_idx ON watchlists (digest_sent_at NULLS FIRST) WHERE email_digest <> 'off';
CREATE INDEX watchlist_matches_undigested_idx ON watchlist_matches (watchlist_id) WHERE digested_at IS NULL;
