-- Projects (a user's collection of ideas, shareable by link) and avatars (customer personas), issue 4.

CREATE TABLE projects (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id      integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name         text NOT NULL,
  description  text NOT NULL DEFAULT '',
  notes        text NOT NULL DEFAULT '',
  -- The capability in the share link. Kept in clear because the owner can fetch the link again;
  -- revoking sets it to null, so the old link stops at once.
  share_token  text UNIQUE,
  shared_at    timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  CHECK ((share_token IS NULL) = (shared_at IS NULL))
);
CREATE INDEX projects_user_idx ON projects (user_id, updated_at DESC, id DESC);

CREATE TABLE project_ideas (
  project_id   integer NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  knowledge_id integer NOT NULL REFERENCES knowledge (id) ON DELETE CASCADE,
  note         text NOT NULL DEFAULT '',
  -- 1..n within a project; moves renumber the others.
  position     integer NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, knowledge_id)
);
CREATE INDEX project_ideas_knowledge_idx ON project_ideas (knowledge_id);

CREATE TABLE avatars (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id      integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name         text NOT NULL,
  description  text NOT NULL DEFAULT '',
  demographics jsonb NOT NULL DEFAULT '{}',
  goals        text[] NOT NULL DEFAULT '{}',
  pain_points  text[] NOT NULL DEFAULT '{}',
  -- A random file name under DATA_DIR/uploads/avatars and the type sniffed from its bytes.
  image_file   text UNIQUE,
  image_type   text CHECK (image_type IN ('image/png', 'image/jpeg', 'image/gif', 'image/webp')),
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  CHECK ((image_file IS NULL) = (image_type IS NULL))
);
CREATE INDEX avatars_user_idx ON avatars (user_id, created_at DESC, id DESC);
