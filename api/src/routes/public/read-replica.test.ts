import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAppContext, createAppContext, createLogger } from '@ideamine/server/boot';
import { loadConfig } from '@ideamine/server/config';
import type { AppContext } from '@ideamine/server/context';
import { buildKnowledge, signedInUser } from '@ideamine/server/test/factories';
import { waitUntil } from '@ideamine/server/test/wait';
import { replicaCatchUp } from '@ideamine/server/cache/replica-catch-up';
import {
  replicaBinaries,
  startPrimaryWithReplica,
  type PrimaryWithReplica,
} from '@ideamine/server/test/streaming-replica';
import { client } from '../../test/http';
import { serveOnLoopback } from '../../test/server';

// Visitors' public reads from a streaming replica (DATABASE_READ_URL), made by pg_basebackup -R
// from a primary of the test's own; writes and signed-in callers stay on the primary. With the
// replica's replay paused a visitor cannot see a new idea (their reads come from it) while its
// author can; once replay resumes, the visitor sees it within a second, though the public cache
// (30 s) had been filled from the lagging replica in between.

const bin = replicaBinaries();

let cluster: PrimaryWithReplica;
let app: AppContext;
let http: { url: string; close(): Promise<void> };
let dataDir: string;

beforeAll(async () => {
  if (!bin) return;
  cluster = await startPrimaryWithReplica(bin);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ideamine-replica-app-'));
  const config = loadConfig({
    DATABASE_URL: cluster.primaryUrl,
    DATABASE_READ_URL: cluster.replicaUrl,
    PUBLIC_CACHE_SECONDS: '30',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
  });
  app = await createAppContext(config, createLogger(config), cluster.primaryUrl);
  http = await serveOnLoopback(app);
  // Setup, not the measure: the replica replays the schema the app just made before visitors read it.
  await cluster.caughtUp();
}, 120_000);
afterAll(async () => {
  await http?.close();
  if (app) await closeAppContext(app);
  await cluster?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function onReplica<T>(query: string): Promise<T[]> {
  const c = new pg.Client({ connectionString: cluster.replicaUrl });
  await c.connect();
  try {
    return (await c.query(query)).rows as T[];
  } finally {
    await c.end();
  }
}

/** Whether the replica has replayed the idea's row. */
async function onReplicaHas(ideaId: number): Promise<boolean> {
  const rows = await onReplica<{ n: number }>(`SELECT count(*)::int AS n FROM knowledge WHERE id = ${ideaId}`);
  return rows[0]!.n === 1;
}

const ids = (res: { body: { data: { id: number }[] } }) => res.body.data.map((i) => i.id);

/** Why a visitor does not see an idea: what the API answers, what the replica holds, how the app's copies stand. */
async function whatVisitorsSee(url: string, ideaId: number): Promise<string> {
  const res = await client(http.url).get(url);
  const [held] = await onReplica<{ knowledge: number; listed: number; logged: number }>(
    `SELECT (SELECT count(*)::int FROM knowledge WHERE id = ${ideaId}) AS knowledge,
       (SELECT count(*)::int FROM public_listing WHERE id = ${ideaId}) AS listed,
       (SELECT count(*)::int FROM public_listing_changes WHERE id = ${ideaId}) AS logged`,
  );
  return JSON.stringify({
    api: { status: res.status, ids: res.body?.data?.map?.((i: { id: number }) => i.id), meta: res.body?.meta },
    replica_holds: held,
    public_list_copy: app.publicListing.state,
    notifications_received: app.changes.received(),
  });
}

describe.skipIf(!bin)('public reads from a read replica', () => {
  it('serve visitors from the replica, and show a change within a second of the replica replaying it', async () => {
    const url = '/api/v1/public/ideas?category=cat-replica';
    const visitor = client(http.url);
    const first = await buildKnowledge(app, { categories: ['cat-replica'] });
    // Setup, not the measure: under a full test run's load the replica's first replay has taken over 5 s.
    await waitUntil(
      async () => ids(await visitor.get(url)).includes(first.id),
      20_000,
      'the replica to replay the idea',
    ).catch(async (err: Error) => {
      throw new Error(`${err.message}\n${await whatVisitorsSee(url, first.id)}\n${await cluster.describe()}`);
    });
    const readers = await onReplica<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'ideamine-public-reads'",
    );
    expect(readers[0]!.n).toBeGreaterThan(0);

    await onReplica('SELECT pg_wal_replay_pause()');
    const author = await signedInUser(app, { role: 'admin' });
    const second = await buildKnowledge(app, { categories: ['cat-replica'] });
    // The author reads the primary and sees it at once; the visitor's replica does not have it.
    expect(ids(await client(http.url).get(url, { token: author.token }))).toContain(second.id);
    const stale = await visitor.get(url);
    expect(ids(stale)).toEqual([first.id]);
    expect(ids(await visitor.get(url))).toEqual([first.id]); // cached from the replica

    await onReplica('SELECT pg_wal_replay_resume()');
    const resumed = Date.now();
    const fresh = await waitUntil(
      async () => {
        const res = await visitor.get(url);
        return ids(res).includes(second.id) ? res : undefined;
      },
      1000,
      'the visitor to see the idea once the replica replays it',
    );
    expect(Date.now() - resumed).toBeLessThan(1000);
    expect(fresh.body.meta.pagination.total).toBe(2);
  });

  it("builds the process's in-memory search index from the replica and takes in what it replays", async () => {
    expect(await app.searchSlice.ready()).toBe(true);
    const page = { order: 'desc' as const, limit: 5, offset: 0 };
    const idea = await buildKnowledge(app, { title: 'Zeppelin mooring planner' });
    await waitUntil(
      async () => (await app.searchSlice.rankedNewest('zeppelin', 1, page))?.some((r) => r.id === idea.id),
      5000,
      'the index to take in the idea the replica replayed',
    );
  });

  it('drops the caches while the replica is far behind, and waits on until it has the change', async () => {
    const drops: number[] = [];
    const catchUp = replicaCatchUp(app.db, app.readDb, app.log, () => drops.push(Date.now()), 300);
    await onReplica('SELECT pg_wal_replay_pause()');
    const idea = await buildKnowledge(app, { categories: ['cat-lagging'] });
    catchUp.changed();
    // Three periods behind: the caches were dropped each time, and the wait goes on.
    const first = await Promise.race([
      catchUp.idle().then(() => 'the wait ended'),
      waitUntil(async () => drops.length >= 3, 10_000, 'drops while the replica is behind').then(() => 'behind'),
    ]);
    expect(first).toBe('behind');
    expect(await onReplicaHas(idea.id)).toBe(false);

    const dropsBehind = drops.length;
    await onReplica('SELECT pg_wal_replay_resume()');
    await catchUp.idle();
    expect(drops.length).toBeGreaterThan(dropsBehind);
    expect(await onReplicaHas(idea.id)).toBe(true);
  });
});
