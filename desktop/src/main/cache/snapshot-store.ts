import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type Database from 'better-sqlite3';
import type { CacheStats, Snapshot, SnapshotMeta } from '@ideamine/shared/ipc';
import { toCsv } from './csv';
import { diff } from './flatten';

// Timestamped snapshots of the dashboard's API answers, kept for offline review. Bodies are
// compressed and stored once per distinct content (an idle system answers the same thing for
// hours). Retention and a size cap prune the oldest snapshots, but the newest one of every call
// is always kept: it is what the console shows when the server is gone.

export const DEFAULT_RETENTION_DAYS = 30;
export const DEFAULT_MAX_MEGABYTES = 1024;
/** Pruning runs at most this often from put(); configure() runs it at once. */
const PRUNE_EVERY_MS = 10 * 60_000;
const DAY_MS = 86_400_000;

export class CacheError extends Error {
  constructor(
    readonly code: 'NOT_FOUND' | 'VALIDATION_ERROR',
    message: string,
  ) {
    super(message);
  }
}

interface Row {
  id: number;
  key: string;
  fetched_at: number;
  stored_bytes: number;
}

const meta = (r: Row): SnapshotMeta => ({
  id: r.id,
  key: r.key,
  fetched_at: new Date(r.fetched_at).toISOString(),
  stored_bytes: r.stored_bytes,
});

const decode = (data: Buffer): unknown => JSON.parse(inflateRawSync(data).toString('utf8'));

export class SnapshotStore {
  private lastPrune = 0;
  private readonly q;

  constructor(
    private readonly db: Database.Database,
    private readonly file: string,
    private readonly now: () => number = Date.now,
  ) {
    this.q = {
      insertBody: db.prepare('INSERT OR IGNORE INTO bodies (hash, data) VALUES (?, ?)'),
      insert: db.prepare(
        'INSERT INTO snapshots (key, fetched_at, body_hash, stored_bytes) VALUES (?, ?, ?, ?) RETURNING id, key, fetched_at, stored_bytes',
      ),
      // Per call: its snapshot count, and its newest snapshot in history's order (fetched_at, then
      // id): a later put with an equal time replaces it, an older one (a late answer) does not.
      // (SET expressions all read the row as it was.)
      saveLatest: db.prepare(
        `INSERT INTO latest (key, snapshot_id, fetched_at, stored_bytes, data, snapshots) VALUES (?, ?, ?, ?, ?, 1)
         ON CONFLICT (key) DO UPDATE SET
           snapshots = latest.snapshots + 1,
           snapshot_id = iif(excluded.fetched_at >= latest.fetched_at, excluded.snapshot_id, latest.snapshot_id),
           stored_bytes = iif(excluded.fetched_at >= latest.fetched_at, excluded.stored_bytes, latest.stored_bytes),
           data = iif(excluded.fetched_at >= latest.fetched_at, excluded.data, latest.data),
           fetched_at = max(excluded.fetched_at, latest.fetched_at)`,
      ),
      uncount: db.prepare('UPDATE latest SET snapshots = snapshots - ? WHERE key = ?'),
      latest: db.prepare('SELECT snapshot_id AS id, key, fetched_at, stored_bytes, data FROM latest WHERE key = ?'),
      get: db.prepare(
        `SELECT s.id, s.key, s.fetched_at, s.stored_bytes, b.data FROM snapshots s JOIN bodies b ON b.hash = s.body_hash
         WHERE s.id = ?`,
      ),
      history: db.prepare(
        `SELECT id, key, fetched_at, stored_bytes FROM snapshots WHERE key = ?
         ORDER BY fetched_at DESC, id DESC LIMIT ?`,
      ),
      historyBefore: db.prepare(
        `SELECT id, key, fetched_at, stored_bytes FROM snapshots
         WHERE key = ? AND (fetched_at, id) < (SELECT fetched_at, id FROM snapshots WHERE id = ?)
         ORDER BY fetched_at DESC, id DESC LIMIT ?`,
      ),
      // The oldest snapshot of a call is one lookup in snapshots_key_time.
      keys: db.prepare(
        `SELECT key, snapshots AS count, (SELECT min(s.fetched_at) FROM snapshots s WHERE s.key = l.key) AS oldest,
                fetched_at AS newest
         FROM latest l ORDER BY key`,
      ),
      pruneOlder: db.prepare(
        `DELETE FROM snapshots WHERE fetched_at < ? AND id NOT IN (SELECT snapshot_id FROM latest)
         RETURNING key, body_hash`,
      ),
      pruneOldest: db.prepare(
        `DELETE FROM snapshots WHERE id IN (SELECT id FROM snapshots WHERE id NOT IN (SELECT snapshot_id FROM latest)
                                            ORDER BY fetched_at, id LIMIT ?)
         RETURNING key, body_hash`,
      ),
      dropBodyIfUnused: db.prepare(
        'DELETE FROM bodies WHERE hash = ? AND NOT EXISTS (SELECT 1 FROM snapshots WHERE body_hash = ?)',
      ),
      // From the row per call of latest, and one lookup in snapshots_time.
      stats: db.prepare(
        `SELECT coalesce(sum(snapshots), 0) AS snapshots, count(*) AS keys,
                (SELECT min(fetched_at) FROM snapshots) AS oldest, max(fetched_at) AS newest
         FROM latest`,
      ),
      setting: db.prepare('SELECT value FROM cache_settings WHERE name = ?'),
      saveSetting: db.prepare(
        'INSERT INTO cache_settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value',
      ),
    };
  }

  put(key: string, body: unknown, fetchedAt: Date): SnapshotMeta {
    const json = Buffer.from(JSON.stringify(body ?? null), 'utf8');
    const hash = createHash('sha256').update(json).digest('hex');
    const data = deflateRawSync(json);
    const row = this.db.transaction(() => {
      this.q.insertBody.run(hash, data);
      const inserted = this.q.insert.get(key, fetchedAt.getTime(), hash, data.length) as Row;
      this.q.saveLatest.run(key, inserted.id, inserted.fetched_at, inserted.stored_bytes, data);
      return inserted;
    })();
    if (this.now() - this.lastPrune > PRUNE_EVERY_MS) this.prune();
    return meta(row);
  }

  latest(key: string): Snapshot | null {
    const row = this.q.latest.get(key) as (Row & { data: Buffer }) | undefined;
    return row ? { ...meta(row), body: decode(row.data) } : null;
  }

  latestMany(keys: readonly string[]): Snapshot[] {
    return keys.map((k) => this.latest(k)).filter((s): s is Snapshot => s !== null);
  }

  get(id: number): Snapshot {
    const row = this.q.get.get(id) as (Row & { data: Buffer }) | undefined;
    if (!row) throw new CacheError('NOT_FOUND', `Snapshot ${id} is not in the cache (it may have been pruned)`);
    return { ...meta(row), body: decode(row.data) };
  }

  /** Newest first; pass the last id of a page as `beforeId` for the next one. */
  history(key: string, limit: number, beforeId?: number): SnapshotMeta[] {
    const rows = (
      beforeId === undefined ? this.q.history.all(key, limit) : this.q.historyBefore.all(key, beforeId, limit)
    ) as Row[];
    return rows.map(meta);
  }

  keys() {
    return (this.q.keys.all() as { key: string; count: number; oldest: number; newest: number }[]).map((r) => ({
      key: r.key,
      count: r.count,
      oldest_at: new Date(r.oldest).toISOString(),
      newest_at: new Date(r.newest).toISOString(),
    }));
  }

  compare(beforeId: number, afterId: number) {
    const before = this.get(beforeId);
    const after = this.get(afterId);
    const { body: a, ...beforeMeta } = before;
    const { body: b, ...afterMeta } = after;
    const result = diff(a, b);
    return {
      before: beforeMeta,
      after: afterMeta,
      changes: result.changes.map((c) => ({ ...c, before: c.before ?? null, after: c.after ?? null })),
      unchanged: result.unchanged,
    };
  }

  export(id: number, format: 'csv' | 'json') {
    const snapshot = this.get(id);
    const stamp = snapshot.fetched_at.replace(/[:.]/g, '-');
    const name = snapshot.key
      .split(/[^a-z0-9]+/i)
      .filter(Boolean)
      .join('-');
    return format === 'json'
      ? {
          file_name: `${name}-${stamp}.json`,
          mime_type: 'application/json',
          content: JSON.stringify({ key: snapshot.key, fetched_at: snapshot.fetched_at, data: snapshot.body }, null, 2),
        }
      : { file_name: `${name}-${stamp}.csv`, mime_type: 'text/csv', content: toCsv(snapshot.body) };
  }

  settings(): { retention_days: number; max_megabytes: number } {
    const read = (name: string, fallback: number) => {
      const row = this.q.setting.get(name) as { value: string } | undefined;
      return row ? Number(row.value) : fallback;
    };
    return {
      retention_days: read('retention_days', DEFAULT_RETENTION_DAYS),
      max_megabytes: read('max_megabytes', DEFAULT_MAX_MEGABYTES),
    };
  }

  configure(settings: { retention_days: number; max_megabytes: number }): CacheStats {
    this.db.transaction(() => {
      this.q.saveSetting.run('retention_days', String(settings.retention_days));
      this.q.saveSetting.run('max_megabytes', String(settings.max_megabytes));
    })();
    this.prune();
    return this.stats();
  }

  /** Bytes the cache's pages hold (the file itself shrinks after incremental vacuum). */
  usedBytes(): number {
    const pageSize = this.db.pragma('page_size', { simple: true }) as number;
    const pages = this.db.pragma('page_count', { simple: true }) as number;
    const free = this.db.pragma('freelist_count', { simple: true }) as number;
    return (pages - free) * pageSize;
  }

  /**
   * Drops snapshots older than the retention, then the oldest ones until the cache fits its size
   * cap; never the newest snapshot of a call (the rows of `latest`). A body goes with the last
   * snapshot pointing at it: only the bodies of the removed snapshots are checked, so pruning
   * costs what it removes, not a pass over the whole file (a full cache of 940 MB took 0.6 s warm
   * and 7 s cold per prune that way, blocking the main process). Returns how many snapshots went.
   */
  prune(): number {
    this.lastPrune = this.now();
    const { retention_days, max_megabytes } = this.settings();
    let removed = 0;
    type Removed = { key: string; body_hash: string }[];
    const forget = (rows: Removed) => {
      removed += rows.length;
      const perKey = new Map<string, number>();
      for (const r of rows) perKey.set(r.key, (perKey.get(r.key) ?? 0) + 1);
      for (const [key, count] of perKey) this.q.uncount.run(count, key);
      for (const hash of new Set(rows.map((r) => r.body_hash))) this.q.dropBodyIfUnused.run(hash, hash);
      return rows.length;
    };
    const older = this.db.transaction((before: number) => forget(this.q.pruneOlder.all(before) as Removed));
    const oldest = this.db.transaction((count: number) => forget(this.q.pruneOldest.all(count) as Removed));
    older(this.now() - retention_days * DAY_MS);
    const cap = max_megabytes * 1024 * 1024;
    while (this.usedBytes() > cap) if (oldest(5000) === 0) break;
    this.db.pragma('incremental_vacuum');
    return removed;
  }

  stats(): CacheStats {
    const row = this.q.stats.get() as { snapshots: number; keys: number; oldest: number | null; newest: number | null };
    let fileBytes = 0;
    for (const suffix of ['', '-wal']) {
      try {
        fileBytes += statSync(this.file + suffix).size;
      } catch {
        // no WAL file at the moment
      }
    }
    return {
      file_bytes: fileBytes,
      snapshots: row.snapshots,
      keys: row.keys,
      oldest_at: row.oldest === null ? null : new Date(row.oldest).toISOString(),
      newest_at: row.newest === null ? null : new Date(row.newest).toISOString(),
      ...this.settings(),
    };
  }
}
