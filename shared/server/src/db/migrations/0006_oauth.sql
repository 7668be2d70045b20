-- OAuth sign-in (Google, GitHub, Apple): pending authorizations, and when each provider was linked.

-- One row per started authorization, used up by its callback. The state is stored hashed (like
-- refresh tokens); the PKCE verifier and the nonce must stay readable to finish the exchange.
CREATE TABLE oauth_states (
  state_hash    text PRIMARY KEY,
  provider      text NOT NULL CHECK (provider IN ('google', 'github', 'apple')),
  mode          text NOT NULL CHECK (mode IN ('signin', 'link')),
  user_id       integer REFERENCES users (id) ON DELETE CASCADE,
  code_verifier text NOT NULL,
  nonce         text,
  redirect_uri  text NOT NULL,
  expires_at    timestamptz NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  CHECK ((mode = 'link') = (user_id IS NOT NULL))
);
CREATE INDEX oauth_states_expires_idx ON oauth_states (expires_at);

-- The provider ids live on users since 0001; these say since when.
ALTER TABLE users
  ADD COLUMN google_linked_at timestamptz,
  ADD COLUMN github_linked_at timestamptz,
  ADD COLUMN apple_linked_at  timestamptz;
