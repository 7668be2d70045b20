-- Analytics events sent by the portal with the visitor's consent (spec s3, s5, s9).

CREATE TABLE analytics_events (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  visitor_id      text NOT NULL,
  user_id         integer REFERENCES users (id) ON DELETE SET NULL,
  name            text NOT NULL,
  path            text,
  properties      jsonb NOT NULL DEFAULT '{}',
  consent_version text NOT NULL,
  occurred_at     timestamptz NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX analytics_events_occurred_idx ON analytics_events (occurred_at DESC);
CREATE INDEX analytics_events_name_idx ON analytics_events (name, occurred_at DESC);
