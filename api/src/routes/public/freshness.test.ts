import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeAppContext, createAppContext, createLogger } from '@ideamine/server/boot';
import type { AppContext } from '@ideamine/server/context';
import { buildKnowledge, signedInUser } from '@ideamine/server/test/factories';
import { waitUntil } from '@ideamine/server/test/wait';
import { client } from '../../test/http';
import { serveOnLoopback, startTestServer, type TestServer } from '../../test/server';

// Two API processes on one database, each with the public cache at its default (30 s): a change
// made through one, or by a worker straight in the database, reaches visitors of the other
// within a second (PostgreSQL LISTEN/NOTIFY drops the caches; cache/change-listener.ts).

let first: TestServer;
let second: { app: AppContext; url: string; close(): Promise<void> };

beforeAll(async () => {
  first = await startTestServer({ publicCacheSeconds: 30, dashboardCacheSeconds: 15 });
  const config = { ...first.app.config };
  const app = await createAppContext(config, createLogger(config), first.app.databaseUrl);
  const http = await serveOnLoopback(app);
  second = {
    app,
    url: http.url,
    close: async () => {
      await http.close();
      await closeAppContext(app);
    },
  };
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

const ids = (res: { body: { data: { id: number }[] } }) => res.body.data.map((i) => i.id);

describe('public reads stay fresh across API processes', () => {
  it("an idea an admin makes private through one process leaves the other's cached list within a second", async () => {
    const idea = await buildKnowledge(first.app, { categories: ['cat-fresh'] });
    const visitor = client(second.url);
    const url = '/api/v1/public/ideas?category=cat-fresh';
    expect(ids(await visitor.get(url))).toEqual([idea.id]); // now cached in the second process
    expect(ids(await visitor.get(url))).toEqual([idea.id]);

    const admin = await signedInUser(first.app, { role: 'admin' });
    const changed = await client(first.url).put(
      `/api/v1/admin/knowledge/${idea.id}/visibility`,
      { visibility: 'private' },
      { token: admin.token },
    );
    expect(changed.status).toBe(200);
    const gone = await waitUntil(
      async () => {
        const res = await visitor.get(url);
        return ids(res).length === 0 ? res : undefined;
      },
      1000,
      'the private idea to leave the other process',
    );
    expect(gone.body.meta.pagination.total).toBe(0);
  });

  it('ideas written straight to the database (as a worker does) show in both processes, counts included', async () => {
    const visitor = client(second.url);
    const url = '/api/v1/public/ideas?category=cat-worker';
    const before = await visitor.get(url);
    expect(before.body.meta.pagination.total).toBe(0); // cached: an empty category
    const made = [await buildKnowledge(first.app, { categories: ['cat-worker'] })];
    made.push(await buildKnowledge(first.app, { categories: ['cat-worker'] }));
    for (const base of [first.url, second.url]) {
      const res = await waitUntil(
        async () => {
          const r = await client(base).get(url);
          return r.body.meta.pagination.total === 2 ? r : undefined;
        },
        1000,
        'the new ideas and their count',
      );
      expect(ids(res).sort()).toEqual(made.map((m) => m.id).sort());
    }
  });

  it('a page answered while the in-memory list still reads a change is dropped once the list has it', async () => {
    const { app } = first;
    const visitor = client(first.url);
    const url = '/api/v1/public/ideas?category=cat-slow-read';
    expect(await app.publicListing.ready()).toBe(true);
    expect(ids(await visitor.get(url))).toEqual([]);
    const heard = app.changes.received();
    const idea = await buildKnowledge(app, { categories: ['cat-slow-read'] });
    await waitUntil(async () => app.changes.received() > heard, 1000, 'the new idea to be announced');

    // The list's read of changes waits on this lock, longer than a visitor's page waits for it
    // (PUBLIC_READ_WAIT_MS, 10 ms), so the page is answered from the list as it stands. The clock
    // stands still meanwhile: the list stays within its half second of allowed staleness.
    const blocker = new pg.Client({ connectionString: app.databaseUrl });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE public_listing_changes IN ACCESS EXCLUSIVE MODE');
      vi.useFakeTimers({ toFake: ['Date'] });
      expect(ids(await visitor.get(url))).toEqual([]);
      expect(ids(await visitor.get(url))).toEqual([]); // asked twice: the public cache keeps it
      vi.useRealTimers();
      await blocker.query('COMMIT');
      const fresh = await waitUntil(
        async () => {
          const res = await visitor.get(url);
          return ids(res).includes(idea.id) ? res : undefined;
        },
        1000,
        'the page kept without the idea to be dropped',
      );
      expect(fresh.body.meta.pagination.total).toBe(1);
    } finally {
      vi.useRealTimers();
      await blocker.end();
    }
  });
});
