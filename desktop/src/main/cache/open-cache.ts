import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { migrate } from './migrations';

/**
 * Opens (or creates) the metrics cache: WAL so reads never wait on the collector's writes, and
 * incremental auto-vacuum so pruning gives disk space back.
 */
export function openCache(file: string): Database.Database {
  mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  // auto_vacuum only takes effect on an empty file (before the first table).
  db.pragma('auto_vacuum = INCREMENTAL');
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  migrate(db);
  return db;
}
