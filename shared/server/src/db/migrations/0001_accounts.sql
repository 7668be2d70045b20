-- Accounts, sessions with rotating refresh tokens, login throttling, settings, audit log.

CREATE EXTENSION IF NOT EXISTS citext;

CREATE TABLE users (
  id               integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email            citext NOT NULL UNIQUE,
  username         citext NOT NULL UNIQUE,
  first_name       text NOT NULL DEFAULT '',
  last_name        text NOT NULL DEFAULT '',
  password_hash    text,
  role             text NOT NULL DEFAULT 'trial' CHECK (role IN ('guest', 'trial', 'developer', 'admin')),
  email_verified   boolean NOT NULL DEFAULT false,
  trial_expires_at timestamptz,
  google_id        text UNIQUE,
  github_id        text UNIQUE,
  apple_id         text UNIQUE,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX users_role_idx ON users (role);
CREATE INDEX users_created_at_idx ON users (created_at);

-- One row per sign-in: the refresh-token family. Revoking it ends every token of the family,
-- including access tokens, which carry its id.
CREATE TABLE sessions (
  id          uuid PRIMARY KEY,
  user_id     integer NOT NULL, -- no foreign key: a refresh after the user is deleted must say so
  user_agent  text,
  ip          text,
  created_at  timestamptz NOT NULL DEFAULT now(),
  revoked_at  timestamptz,
  revoked_reason text
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

CREATE TABLE refresh_tokens (
  token_hash  text PRIMARY KEY,
  session_id  uuid NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
CREATE INDEX refresh_tokens_session_idx ON refresh_tokens (session_id);

-- Fixed-window counters shared by every API process (login throttling, later other limits).
CREATE TABLE rate_limit_counters (
  key          text NOT NULL,
  window_start timestamptz NOT NULL,
  hits         integer NOT NULL DEFAULT 0,
  PRIMARY KEY (key, window_start)
);

CREATE TABLE settings (
  key        text PRIMARY KEY,
  value      jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by integer REFERENCES users (id) ON DELETE SET NULL
);

-- Secrets the processes must share (the token signing key) and that settings never expose.
CREATE TABLE server_secrets (
  name       text PRIMARY KEY,
  value      text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE audit_log (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  actor_id    integer,
  action      text NOT NULL,
  entity_type text NOT NULL,
  entity_id   text,
  before      jsonb,
  after       jsonb,
  ip          text,
  request_id  text,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC);
CREATE INDEX audit_log_entity_idx ON audit_log (entity_type, entity_id);
