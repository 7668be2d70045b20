import type Database from 'better-sqlite3';

// The cache's own schema, versioned with SQLite's user_version: each step runs once, in order,
// inside a transaction. Forward only, like the server's migrations.

const MIGRATIONS: string[] = [
  // 1: snapshots of API answers; identical bodies are stored once (bodies by content hash).
  `
  CREATE TABLE bodies (
    hash  TEXT PRIMARY KEY,
    data  BLOB NOT NULL
  ) WITHOUT ROWID;
  CREATE TABLE snapshots (
    id           INTEGER PRIMARY KEY,
    key          TEXT NOT NULL,
    fetched_at   INTEGER NOT NULL,
    body_hash    TEXT NOT NULL REFERENCES bodies (hash),
    stored_bytes INTEGER NOT NULL
  );
  CREATE INDEX snapshots_key_time ON snapshots (key, fetched_at DESC, id DESC);
  CREATE INDEX snapshots_time ON snapshots (fetched_at);
  CREATE INDEX snapshots_body ON snapshots (body_hash);
  CREATE TABLE cache_settings (
    name  TEXT PRIMARY KEY,
    value TEXT NOT NULL
  ) WITHOUT ROWID;
  `,
  // 2: the newest snapshot of every call with its compressed body, kept by put(). Reading the
  // newest answer of every call (the console's start, every tab offline) then touches a page or
  // two instead of one index descent per call plus a random page of \`bodies\` each (26 ms p95
  // for 21 calls from a cold 940 MB file, 30 days of 30-second snapshots; see BENCHMARKS.md).
  // Pruning never removes the newest snapshot of a call, so these rows stay valid.
  `
  CREATE TABLE latest (
    key          TEXT PRIMARY KEY,
    snapshot_id  INTEGER NOT NULL,
    fetched_at   INTEGER NOT NULL,
    stored_bytes INTEGER NOT NULL,
    data         BLOB NOT NULL
  );
  INSERT INTO latest (key, snapshot_id, fetched_at, stored_bytes, data)
  SELECT s.key, s.id, s.fetched_at, s.stored_bytes, b.data
  FROM (SELECT DISTINCT key FROM snapshots) k
  JOIN snapshots s ON s.id = (SELECT n.id FROM snapshots n WHERE n.key = k.key ORDER BY n.fetched_at DESC, n.id DESC LIMIT 1)
  JOIN bodies b ON b.hash = s.body_hash;
  `,
  // 3: how many snapshots each call has, kept by put() and prune(), so the list of calls and the
  // cache's totals no longer count the whole table (3.5 s from a cold 940 MB file, 0.3 s warm).
  `
  ALTER TABLE latest ADD COLUMN snapshots INTEGER NOT NULL DEFAULT 0;
  UPDATE latest SET snapshots = (SELECT count(*) FROM snapshots s WHERE s.key = latest.key);
  `,
];

export const CACHE_SCHEMA_VERSION = MIGRATIONS.length;

/** Brings the file to the current schema; refuses a file from a newer console. */
export function migrate(db: Database.Database): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > MIGRATIONS.length)
    throw new Error(
      `The metrics cache was written by a newer Ideamine console (schema ${current}, this one knows ${MIGRATIONS.length}).`,
    );
  for (let version = current; version < MIGRATIONS.length; version++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[version]!);
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
}
