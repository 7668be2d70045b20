import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { CACHE_SCHEMA_VERSION } from './migrations';
import { openCache } from './open-cache';
import { SnapshotStore } from './snapshot-store';

// The metrics cache against a real SQLite file: snapshots in and out, history paging, compare,
// export, retention and the size cap, and the schema's migrations.

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function makeStore(now = () => Date.parse('2026-11-20T12:00:00Z')) {
  const dir = mkdtempSync(path.join(tmpdir(), 'ideamine-cache-'));
  dirs.push(dir);
  const file = path.join(dir, 'cache.sqlite');
  const db = openCache(file);
  return { store: new SnapshotStore(db, file, now), db, file };
}

const at = (iso: string) => new Date(iso);

describe('SnapshotStore', () => {
  it('returns the newest snapshot of a call with its body and time, and null for an unknown call', () => {
    const { store } = makeStore();
    store.put('/dashboard/queue-metrics', { depth: 1 }, at('2026-11-20T10:00:00Z'));
    store.put('/dashboard/queue-metrics', { depth: 3 }, at('2026-11-20T10:00:30Z'));
    store.put('/dashboard/error-rates', { rate: 2.5 }, at('2026-11-20T10:00:30Z'));
    const latest = store.latest('/dashboard/queue-metrics');
    expect(latest).toMatchObject({
      key: '/dashboard/queue-metrics',
      fetched_at: '2026-11-20T10:00:30.000Z',
      body: { depth: 3 },
    });
    expect(store.latest('/dashboard/unknown')).toBeNull();
    expect(store.latestMany(['/dashboard/error-rates', '/dashboard/unknown']).map((s) => s.body)).toEqual([
      { rate: 2.5 },
    ]);
  });

  it('keeps the newest snapshot when an older answer is stored late, and the later one of equal times', () => {
    const { store } = makeStore();
    store.put('/dashboard/queue-metrics', { depth: 2 }, at('2026-11-20T10:00:30Z'));
    store.put('/dashboard/queue-metrics', { depth: 1 }, at('2026-11-20T10:00:00Z'));
    expect(store.latest('/dashboard/queue-metrics')).toMatchObject({
      fetched_at: '2026-11-20T10:00:30.000Z',
      body: { depth: 2 },
    });
    const same = store.put('/dashboard/queue-metrics', { depth: 3 }, at('2026-11-20T10:00:30Z'));
    expect(store.latest('/dashboard/queue-metrics')).toMatchObject({ id: same.id, body: { depth: 3 } });
    expect(store.latest('/dashboard/queue-metrics')?.id).toBe(store.history('/dashboard/queue-metrics', 1)[0]!.id);
    expect(store.keys()).toEqual([
      {
        key: '/dashboard/queue-metrics',
        count: 3,
        oldest_at: '2026-11-20T10:00:00.000Z',
        newest_at: '2026-11-20T10:00:30.000Z',
      },
    ]);
    expect(store.stats()).toMatchObject({
      snapshots: 3,
      keys: 1,
      oldest_at: '2026-11-20T10:00:00.000Z',
      newest_at: '2026-11-20T10:00:30.000Z',
    });
  });

  it('stores an unchanged answer once however many snapshots point at it', () => {
    const { store, db } = makeStore();
    for (let i = 0; i < 50; i++)
      store.put('/dashboard/idea-pipeline', { ideas: 7 }, new Date(Date.UTC(2026, 10, 20, 10, 0, i)));
    expect(db.prepare('SELECT count(*) AS n FROM snapshots').get()).toEqual({ n: 50 });
    expect(db.prepare('SELECT count(*) AS n FROM bodies').get()).toEqual({ n: 1 });
  });

  it('pages through a call history newest first', () => {
    const { store } = makeStore();
    for (let i = 0; i < 7; i++) store.put('/dashboard/worker-stats', { i }, new Date(Date.UTC(2026, 10, 20, 10, i)));
    const first = store.history('/dashboard/worker-stats', 3);
    expect(first.map((s) => s.fetched_at)).toEqual([
      '2026-11-20T10:06:00.000Z',
      '2026-11-20T10:05:00.000Z',
      '2026-11-20T10:04:00.000Z',
    ]);
    const second = store.history('/dashboard/worker-stats', 3, first.at(-1)!.id);
    expect(second.map((s) => store.get(s.id).body)).toEqual([{ i: 3 }, { i: 2 }, { i: 1 }]);
    expect(store.history('/dashboard/worker-stats', 3, second.at(-1)!.id)).toHaveLength(1);
    expect(store.keys()).toEqual([
      {
        key: '/dashboard/worker-stats',
        count: 7,
        oldest_at: '2026-11-20T10:00:00.000Z',
        newest_at: '2026-11-20T10:06:00.000Z',
      },
    ]);
  });

  it('compares two snapshots path by path with numeric deltas', () => {
    const { store } = makeStore();
    const a = store.put(
      '/dashboard/queue-metrics',
      { crawl: { depth: 10, trend: 'stable' }, dead: [1] },
      at('2026-11-20T10:00:00Z'),
    );
    const b = store.put(
      '/dashboard/queue-metrics',
      { crawl: { depth: 4, trend: 'decreasing' }, dead: [1, 2] },
      at('2026-11-20T10:00:30Z'),
    );
    const result = store.compare(a.id, b.id);
    expect(result.unchanged).toBe(1);
    expect(result.changes).toEqual([
      { path: 'crawl.depth', before: 10, after: 4, delta: -6 },
      { path: 'crawl.trend', before: 'stable', after: 'decreasing', delta: null },
      { path: 'dead[1]', before: null, after: 2, delta: null },
    ]);
  });

  it('exports a snapshot as JSON and as CSV (a list of records becomes a table)', () => {
    const { store } = makeStore();
    const s = store.put(
      '/dashboard/source-performance?limit=5',
      {
        sources: [
          { domain: 'a.test', rate: 1.5 },
          { domain: 'b,"c".test', rate: 2 },
        ],
      },
      at('2026-11-20T10:00:00Z'),
    );
    const json = store.export(s.id, 'json');
    expect(json.file_name).toBe('dashboard-source-performance-limit-5-2026-11-20T10-00-00-000Z.json');
    expect(JSON.parse(json.content)).toEqual({
      key: '/dashboard/source-performance?limit=5',
      fetched_at: '2026-11-20T10:00:00.000Z',
      data: {
        sources: [
          { domain: 'a.test', rate: 1.5 },
          { domain: 'b,"c".test', rate: 2 },
        ],
      },
    });
    const csv = store.export(s.id, 'csv');
    expect(csv.mime_type).toBe('text/csv');
    expect(csv.content).toBe('domain,rate\r\na.test,1.5\r\n"b,""c"".test",2\r\n');
    const other = store.put(
      '/dashboard/error-rates',
      { crawl: { rate: 1 }, note: '=HYPERLINK("x")' },
      at('2026-11-20T10:00:00Z'),
    );
    expect(store.export(other.id, 'csv').content).toBe('path,value\r\ncrawl.rate,1\r\nnote,"\'=HYPERLINK(""x"")"\r\n');
  });

  it('says which snapshot is missing', () => {
    const { store } = makeStore();
    expect(() => store.get(999)).toThrow('Snapshot 999 is not in the cache');
  });

  it('prunes snapshots past the retention but keeps the newest of every call', () => {
    let now = Date.parse('2026-11-20T12:00:00Z');
    const { store } = makeStore(() => now);
    store.put('/dashboard/a', { v: 1 }, at('2026-10-01T00:00:00Z'));
    store.put('/dashboard/a', { v: 2 }, at('2026-11-19T00:00:00Z'));
    store.put('/dashboard/b', { v: 3 }, at('2026-09-01T00:00:00Z')); // old, but b's only snapshot
    now += 11 * 60_000;
    const stats = store.configure({ retention_days: 7, max_megabytes: 100 });
    expect(stats).toMatchObject({ snapshots: 2, keys: 2, retention_days: 7, max_megabytes: 100 });
    expect(store.latest('/dashboard/b')?.body).toEqual({ v: 3 });
    expect(store.history('/dashboard/a', 10).map((s) => store.get(s.id).body)).toEqual([{ v: 2 }]);
    expect(store.keys()).toEqual([
      { key: '/dashboard/a', count: 1, oldest_at: '2026-11-19T00:00:00.000Z', newest_at: '2026-11-19T00:00:00.000Z' },
      { key: '/dashboard/b', count: 1, oldest_at: '2026-09-01T00:00:00.000Z', newest_at: '2026-09-01T00:00:00.000Z' },
    ]);
  });

  it('drops a body with the last snapshot that used it, and keeps the bodies still in use', () => {
    let now = Date.parse('2026-11-20T12:00:00Z');
    const { store, db } = makeStore(() => now);
    store.put('/dashboard/a', { same: true }, at('2026-10-01T00:00:00Z'));
    store.put('/dashboard/a', { gone: true }, at('2026-10-02T00:00:00Z'));
    store.put('/dashboard/a', { same: true }, at('2026-11-19T00:00:00Z'));
    store.put('/dashboard/a', { newest: true }, at('2026-11-19T01:00:00Z'));
    now += 11 * 60_000;
    expect(store.configure({ retention_days: 7, max_megabytes: 100 }).snapshots).toBe(2);
    const bodies = db.prepare('SELECT data FROM bodies').all() as { data: Buffer }[];
    expect(bodies.map((b) => inflateRawSync(b.data).toString('utf8')).sort()).toEqual([
      '{"newest":true}',
      '{"same":true}',
    ]);
  });

  it('drops the oldest snapshots until the cache fits its size cap', () => {
    const { store, db } = makeStore();
    // Random bodies compress to ~24 KB each: 800 of them are ~19 MB.
    for (let i = 0; i < 800; i++)
      store.put(
        '/dashboard/big',
        { i, noise: randomBytes(24_000).toString('base64') },
        new Date(Date.UTC(2026, 10, 20, 0, 0, i)),
      );
    store.put('/dashboard/small', { ok: true }, at('2026-11-19T00:00:00Z'));
    expect(store.usedBytes()).toBeGreaterThan(15 * 1024 * 1024);
    const stats = store.configure({ retention_days: 365, max_megabytes: 10 });
    expect(store.usedBytes()).toBeLessThanOrEqual(10 * 1024 * 1024);
    expect(stats.file_bytes).toBeLessThan(16 * 1024 * 1024);
    expect(stats.snapshots).toBeLessThan(800);
    expect(stats.snapshots).toBe((db.prepare('SELECT count(*) AS n FROM snapshots').get() as { n: number }).n);
    expect(store.keys().find((k) => k.key === '/dashboard/big')?.count).toBe(stats.snapshots - 1);
    // The newest of each call survive.
    expect(store.latest('/dashboard/big')?.body).toMatchObject({ i: 799 });
    expect(store.latest('/dashboard/small')?.body).toEqual({ ok: true });
  });
});

describe('cache migrations', () => {
  it('creates the schema once and reopens an existing file without loss', () => {
    const { file, db, store } = makeStore();
    store.put('/dashboard/a', { v: 1 }, at('2026-11-20T10:00:00Z'));
    db.close();
    const again = openCache(file);
    expect(again.pragma('user_version', { simple: true })).toBe(CACHE_SCHEMA_VERSION);
    expect(new SnapshotStore(again, file).latest('/dashboard/a')?.body).toEqual({ v: 1 });
    again.close();
  });

  it('fills the newest-snapshot table when it opens a version 1 file', () => {
    const { file, db, store } = makeStore();
    store.put('/dashboard/a', { v: 1 }, at('2026-11-20T10:00:00Z'));
    const newest = store.put('/dashboard/a', { v: 2 }, at('2026-11-20T10:00:30Z'));
    store.put('/dashboard/b', { v: 3 }, at('2026-11-20T09:00:00Z'));
    db.exec('DROP TABLE latest');
    db.pragma('user_version = 1');
    db.close();
    const again = openCache(file);
    expect(again.pragma('user_version', { simple: true })).toBe(CACHE_SCHEMA_VERSION);
    const reopened = new SnapshotStore(again, file);
    expect(reopened.latest('/dashboard/a')).toMatchObject({ id: newest.id, body: { v: 2 } });
    expect(reopened.latestMany(['/dashboard/b', '/dashboard/c']).map((s) => s.body)).toEqual([{ v: 3 }]);
    expect(reopened.keys().map((k) => [k.key, k.count])).toEqual([
      ['/dashboard/a', 2],
      ['/dashboard/b', 1],
    ]);
    expect(reopened.stats()).toMatchObject({ snapshots: 3, keys: 2 });
    again.close();
  });

  it('refuses a cache written by a newer console instead of damaging it', () => {
    const { file, db } = makeStore();
    db.pragma(`user_version = ${CACHE_SCHEMA_VERSION + 1}`);
    db.close();
    expect(() => openCache(file)).toThrow(/newer Ideamine console/);
    const raw = new Database(file);
    expect(raw.pragma('user_version', { simple: true })).toBe(CACHE_SCHEMA_VERSION + 1);
    raw.close();
  });
});
