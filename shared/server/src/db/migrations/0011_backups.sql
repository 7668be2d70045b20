-- Database backups (issue 5): one row per backup file in the backup folder.

CREATE TABLE backups (
  id            integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  file_name     text NOT NULL UNIQUE,
  kind          text NOT NULL CHECK (kind IN ('manual', 'scheduled')),
  -- the cron time a scheduled backup was made for, so each fire time gets exactly one
  scheduled_for timestamptz UNIQUE,
  size_bytes    bigint NOT NULL,
  sha256        text NOT NULL,
  header        jsonb NOT NULL,
  manifest      jsonb NOT NULL,
  -- not a foreign key: a restore replaces the users, never the backup list
  created_by    integer,
  verified_at   timestamptz,
  verify_result jsonb,
  restored_at   timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX backups_created_idx ON backups (created_at DESC);
