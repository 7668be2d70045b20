-- Watchlists and alerts (issue 24): a signed-in user saves a search (words, categories, a
-- minimum profit label, source domains); every idea the pipeline analyses or re-scores is
-- matched against the active watchlists in one statement (queries/watchlist-matching.ts), and
-- each match is delivered once per channel: the portal's notifications (read_at), the private
-- feed (feed_token), the email digest (digested_at) and the webhook (webhook_deliveries).
CREATE TABLE watchlists (
  id               integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id          integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name             text NOT NULL,
  -- The words as the user typed them, read by the same parser as the public search, so a
  -- watchlist matches exactly what the search for its words finds.
  words            text NOT NULL DEFAULT '',
  query            tsquery GENERATED ALWAYS AS (websearch_to_tsquery('english', words)) STORED,
  categories       text[] NOT NULL DEFAULT '{}',
  min_profit_label text CHECK (min_profit_label IN ('Very High', 'High', 'Medium', 'Low', 'Speculative')),
  sources          text[] NOT NULL DEFAULT '{}',
  paused_at        timestamptz,
  -- Capabilities in links, kept in clear because the owner can show the link again; rotating
  -- the feed token stops the old feed address at once.
  feed_token       text NOT NULL UNIQUE,
  email_token      text NOT NULL UNIQUE,
  email_digest     text NOT NULL DEFAULT 'off' CHECK (email_digest IN ('off', 'daily', 'weekly')),
  digest_sent_at   timestamptz,
  webhook_url      text,
  webhook_secret   text,
  -- Matches after this are "new" on /my/watchlists.
  seen_at          timestamptz NOT NULL DEFAULT now(),
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  CHECK ((webhook_url IS NULL) = (webhook_secret IS NULL))
);
CREATE INDEX watchlists_user_idx ON watchlists (user_id, created_at DESC, id DESC);
CREATE INDEX watchlists_active_idx ON watchlists (id) WHERE paused_at IS NULL;

-- A label's place in the order, for "at least High".
CREATE FUNCTION profit_label_rank(label text) RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE label WHEN 'Very High' THEN 5 WHEN 'High' THEN 4 WHEN 'Medium' THEN 3
    WHEN 'Low' THEN 2 WHEN 'Speculative' THEN 1 ELSE 0 END::smallint
$$;

CREATE TABLE watchlist_matches (
  watchlist_id integer NOT NULL REFERENCES watchlists (id) ON DELETE CASCADE,
  knowledge_id integer NOT NULL REFERENCES knowledge (id) ON DELETE CASCADE,
  -- The watchlist's owner, so the notifications menu reads one index. No foreign key of its
  -- own: the row goes with its watchlist, which goes with its user, and matching writes many rows.
  user_id      integer NOT NULL,
  matched_at   timestamptz NOT NULL DEFAULT now(),
  read_at      timestamptz,
  digested_at  timestamptz,
  PRIMARY KEY (watchlist_id, knowledge_id)
);
CREATE INDEX watchlist_matches_user_idx ON watchlist_matches (user_id, matched_at DESC, knowledge_id DESC);
CREATE INDEX watchlist_matches_unread_idx ON watchlist_matches (user_id) WHERE read_at IS NULL;
CREATE INDEX watchlist_matches_recent_idx ON watchlist_matches (watchlist_id, matched_at DESC, knowledge_id DESC);
CREATE INDEX watchlist_matches_knowledge_idx ON watchlist_matches (knowledge_id);

CREATE TABLE webhook_deliveries (
  id              integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  watchlist_id    integer NOT NULL REFERENCES watchlists (id) ON DELETE CASCADE,
  knowledge_id    integer NOT NULL REFERENCES knowledge (id) ON DELETE CASCADE,
  url             text NOT NULL,
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts        integer NOT NULL DEFAULT 0,
  response_status integer,
  response_body   text,
  error           text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  last_attempt_at timestamptz,
  delivered_at    timestamptz,
  UNIQUE (watchlist_id, knowledge_id)
);
CREATE INDEX webhook_deliveries_recent_idx ON webhook_deliveries (watchlist_id, created_at DESC, id DESC);
