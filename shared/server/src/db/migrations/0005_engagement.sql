-- Votes, views and engagement on ideas, editor picks (issue 4: public portal API).

ALTER TABLE knowledge
  ADD COLUMN upvotes           integer NOT NULL DEFAULT 0,
  ADD COLUMN downvotes         integer NOT NULL DEFAULT 0,
  ADD COLUMN editor_picked_at  timestamptz;

-- Public lists filter on these; partial indexes keep them small.
CREATE INDEX knowledge_public_created_idx ON knowledge (created_at DESC, id DESC)
  WHERE deleted_at IS NULL AND merged_into_id IS NULL AND visibility = 'public';
CREATE INDEX knowledge_public_votes_idx ON knowledge ((upvotes - downvotes) DESC, id DESC)
  WHERE deleted_at IS NULL AND merged_into_id IS NULL AND visibility = 'public';
CREATE INDEX knowledge_public_overall_idx ON knowledge (overall_score DESC NULLS LAST, id DESC)
  WHERE deleted_at IS NULL AND merged_into_id IS NULL AND visibility = 'public';
CREATE INDEX knowledge_public_profit_idx ON knowledge (profit_score DESC NULLS LAST, id DESC)
  WHERE deleted_at IS NULL AND merged_into_id IS NULL AND visibility = 'public';
CREATE INDEX knowledge_editor_picks_idx ON knowledge (editor_picked_at DESC NULLS LAST, id DESC)
  WHERE editor_pick AND deleted_at IS NULL AND merged_into_id IS NULL AND visibility = 'public';
CREATE INDEX knowledge_user_idx ON knowledge (user_id, created_at DESC) WHERE user_id IS NOT NULL;
CREATE INDEX knowledge_keywords_idx ON knowledge USING gin (keywords);

-- One vote per user per idea; the counters on knowledge are kept in the same transaction.
CREATE TABLE knowledge_votes (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id      integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  knowledge_id integer NOT NULL REFERENCES knowledge (id) ON DELETE CASCADE,
  vote_type    text NOT NULL CHECK (vote_type IN ('upvote', 'downvote')),
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, knowledge_id)
);
CREATE INDEX knowledge_votes_knowledge_idx ON knowledge_votes (knowledge_id);

-- One row per idea detail visit; time on page arrives later (engaged when over 1000 ms).
CREATE TABLE knowledge_views (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token           text NOT NULL UNIQUE,
  knowledge_id    integer NOT NULL REFERENCES knowledge (id) ON DELETE CASCADE,
  user_id         integer REFERENCES users (id) ON DELETE SET NULL,
  viewer_key      text NOT NULL,
  time_on_page_ms integer,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX knowledge_views_knowledge_idx ON knowledge_views (knowledge_id, created_at DESC);

CREATE TABLE knowledge_app_requests (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id      integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  knowledge_id integer NOT NULL REFERENCES knowledge (id) ON DELETE CASCADE,
  message      text NOT NULL DEFAULT '',
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, knowledge_id)
);
CREATE INDEX knowledge_app_requests_knowledge_idx ON knowledge_app_requests (knowledge_id);

CREATE TABLE knowledge_implementations (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id      integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  knowledge_id integer NOT NULL REFERENCES knowledge (id) ON DELETE CASCADE,
  url          text,
  notes        text NOT NULL DEFAULT '',
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, knowledge_id)
);
CREATE INDEX knowledge_implementations_knowledge_idx ON knowledge_implementations (knowledge_id);
