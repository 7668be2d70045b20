-- Idea Storm analyses and profit analyses (single and batch), issue 4.

CREATE TABLE idea_storm_analyses (
  id             integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- null for visitors' submissions through /public/idea-storm
  user_id        integer REFERENCES users (id) ON DELETE CASCADE,
  kind           text NOT NULL CHECK (kind IN ('analyze', 'enhance')),
  title          text NOT NULL,
  description    text NOT NULL,
  target_market  text,
  result         jsonb NOT NULL,
  -- the idea created from a submission, when the submitter kept it
  knowledge_id   integer REFERENCES knowledge (id) ON DELETE SET NULL,
  provider       text NOT NULL,
  model          text NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX idea_storm_user_idx ON idea_storm_analyses (user_id, created_at DESC);

CREATE TABLE profit_analysis_batches (
  id            integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id       integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  knowledge_ids integer[] NOT NULL,
  status        text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'active', 'completed', 'failed')),
  total         integer NOT NULL,
  completed     integer NOT NULL DEFAULT 0,
  failed        integer NOT NULL DEFAULT 0,
  error         text,
  started_at    timestamptz,
  finished_at   timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX profit_batches_user_idx ON profit_analysis_batches (user_id, created_at DESC);

CREATE TABLE profit_analyses (
  id            integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  knowledge_id  integer NOT NULL REFERENCES knowledge (id) ON DELETE CASCADE,
  user_id       integer REFERENCES users (id) ON DELETE SET NULL,
  batch_id      integer REFERENCES profit_analysis_batches (id) ON DELETE CASCADE,
  status        text NOT NULL CHECK (status IN ('completed', 'failed')),
  result        jsonb,
  error         text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
-- A batch analyses each idea once, even when its queue message is retried.
CREATE UNIQUE INDEX profit_analyses_batch_item_idx ON profit_analyses (batch_id, knowledge_id) WHERE batch_id IS NOT NULL;
CREATE INDEX profit_analyses_knowledge_idx ON profit_analyses (knowledge_id, created_at DESC);
