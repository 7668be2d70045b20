import { describe, expect, it, vi } from 'vitest';
import type { Snapshot } from '@ideamine/shared/ipc';
import { CACHED_AT_HEADER, createCachingFetch } from './caching-fetch';
import { Connectivity } from './connectivity';
import { snapshotKeyOf } from './snapshot-key';

// The console's fetch with an in-memory stand-in for the cache IPC (the real cache is tested in
// desktop/src/main) and a scripted network.

function memoryCache() {
  const rows: Snapshot[] = [];
  return {
    rows,
    snapshotsPut: vi.fn(async (a: { key: string; body: unknown; fetched_at: string }) => {
      const meta = { id: rows.length + 1, key: a.key, fetched_at: a.fetched_at, stored_bytes: 1 };
      rows.push({ ...meta, body: a.body });
      return meta;
    }),
    snapshotsLatest: vi.fn(async (a: { key: string }) => rows.filter((r) => r.key === a.key).at(-1) ?? null),
  };
}

const envelope = (data: unknown) => ({ status: 'success', data, meta: {} });
const ok = (data: unknown) => new Response(JSON.stringify(envelope(data)), { status: 200 });
const URL_QM = 'http://ops.test/api/v1/dashboard/queue-metrics';
const URL_JOBS = 'http://ops.test/api/v1/jobs?page=1&page_size=5';
const ADMIN = { role: 'admin' as const };
const DEVELOPER = { role: 'developer' as const };
const TRIAL = { role: 'trial' as const, trial_expires_at: '2999-01-01T00:00:00Z' };
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('snapshotKeyOf', () => {
  it('keys dashboard calls by path and sorted query, and ignores the rest', () => {
    expect(snapshotKeyOf('http://ops.test/api/v1/dashboard/job-stats?period=7d', ADMIN)).toBe(
      '/dashboard/job-stats?period=7d',
    );
    expect(snapshotKeyOf('http://ops.test/api/v1/dashboard/domain-health?limit=5&issues_only=false', ADMIN)).toBe(
      '/dashboard/domain-health?issues_only=false&limit=5',
    );
    expect(snapshotKeyOf(URL_JOBS, ADMIN)).toBe('/jobs?page=1&page_size=5');
    expect(snapshotKeyOf('http://ops.test/api/v1/dashboard/user-overview', ADMIN)).toBeNull();
    expect(snapshotKeyOf('http://ops.test/api/v1/users', ADMIN)).toBeNull();
    expect(snapshotKeyOf('http://ops.test/healthz', ADMIN)).toBeNull();
  });

  it("shares job and schedule lists among operators only: a trial user's lists are their own", () => {
    expect(snapshotKeyOf(URL_JOBS, DEVELOPER)).toBe('/jobs?page=1&page_size=5');
    expect(snapshotKeyOf('http://ops.test/api/v1/schedules', DEVELOPER)).toBe('/schedules');
    expect(snapshotKeyOf(URL_JOBS, TRIAL)).toBeNull();
    expect(snapshotKeyOf('http://ops.test/api/v1/schedules', TRIAL)).toBeNull();
    expect(snapshotKeyOf(URL_JOBS, null)).toBeNull();
    // Other calls are keyed as before (the server refuses them live to whoever may not make them).
    expect(snapshotKeyOf(URL_QM, TRIAL)).toBe('/dashboard/queue-metrics');
  });
});

describe('caching fetch', () => {
  it('stores each dashboard answer as a snapshot and passes it through', async () => {
    const cache = memoryCache();
    const connectivity = new Connectivity();
    const f = createCachingFetch({ cache, connectivity, fetch: async () => ok({ depth: 4 }) });
    const response = await f(URL_QM);
    expect(await response.json()).toEqual(envelope({ depth: 4 }));
    await flush();
    expect(cache.rows).toMatchObject([{ key: '/dashboard/queue-metrics', body: envelope({ depth: 4 }) }]);
    expect(connectivity.current).toEqual({ kind: 'online' });
  });

  it('answers from the newest snapshot when the server cannot be reached, saying when it was fetched', async () => {
    const cache = memoryCache();
    cache.rows.push({
      id: 1,
      key: '/dashboard/queue-metrics',
      fetched_at: '2026-11-20T10:00:00.000Z',
      stored_bytes: 1,
      body: envelope({ depth: 9 }),
    });
    const connectivity = new Connectivity(() => new Date('2026-11-20T11:00:00Z'));
    const f = createCachingFetch({
      cache,
      connectivity,
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    const response = await f(URL_QM);
    expect(response.headers.get(CACHED_AT_HEADER)).toBe('2026-11-20T10:00:00.000Z');
    expect(await response.json()).toEqual(envelope({ depth: 9 }));
    expect(connectivity.current).toEqual({
      kind: 'offline',
      since: '2026-11-20T11:00:00.000Z',
      cachedAt: '2026-11-20T10:00:00.000Z',
    });
  });

  it('treats 502-504 as unreachable too, but passes refusals (4xx) and uncached calls through', async () => {
    const cache = memoryCache();
    cache.rows.push({
      id: 1,
      key: '/dashboard/queue-metrics',
      fetched_at: '2026-11-20T10:00:00.000Z',
      stored_bytes: 1,
      body: envelope({ depth: 1 }),
    });
    const connectivity = new Connectivity();
    let status = 503;
    const f = createCachingFetch({ cache, connectivity, fetch: async () => new Response('{}', { status }) });
    expect((await f(URL_QM)).headers.get(CACHED_AT_HEADER)).not.toBeNull();
    status = 403;
    expect((await f(URL_QM)).status).toBe(403);
    status = 503;
    expect((await f('http://ops.test/api/v1/users')).status).toBe(503);
  });

  it('rethrows when nothing is cached, and marks the console offline', async () => {
    const connectivity = new Connectivity();
    const f = createCachingFetch({
      cache: memoryCache(),
      connectivity,
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    await expect(f(URL_QM)).rejects.toThrow('fetch failed');
    expect(connectivity.current.kind).toBe('offline');
  });

  it('on start answers each call at once from the cache and keeps the live answer for the next request', async () => {
    const cache = memoryCache();
    cache.rows.push({
      id: 1,
      key: '/dashboard/queue-metrics',
      fetched_at: '2026-11-20T10:00:00.000Z',
      stored_bytes: 1,
      body: envelope({ depth: 1 }),
    });
    const network = vi.fn(async () => ok({ depth: 2 }));
    const connectivity = new Connectivity();
    const revalidated = vi.fn();
    const f = createCachingFetch({
      cache,
      connectivity,
      fetch: network,
      startFromCache: true,
      onRevalidated: revalidated,
    });
    expect(await (await f(URL_QM)).json()).toEqual(envelope({ depth: 1 }));
    await vi.waitFor(() => expect(revalidated).toHaveBeenCalledTimes(1));
    expect(network).toHaveBeenCalledTimes(1);
    expect(connectivity.current).toEqual({ kind: 'online' });
    expect(cache.rows.at(-1)).toMatchObject({ body: envelope({ depth: 2 }) });
    // The next request shows the live answer without asking the server again...
    expect(await (await f(URL_QM)).json()).toEqual(envelope({ depth: 2 }));
    expect(network).toHaveBeenCalledTimes(1);
    // ...and later requests go to the server.
    await f(URL_QM);
    expect(network).toHaveBeenCalledTimes(2);
  });

  it('on start with the server gone, shows the cache and reports offline with the cached time', async () => {
    const cache = memoryCache();
    cache.rows.push({
      id: 1,
      key: '/dashboard/queue-metrics',
      fetched_at: '2026-11-20T10:00:00.000Z',
      stored_bytes: 1,
      body: envelope({ depth: 1 }),
    });
    const connectivity = new Connectivity(() => new Date('2026-11-20T12:00:00Z'));
    const f = createCachingFetch({
      cache,
      connectivity,
      startFromCache: true,
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    expect(await (await f(URL_QM)).json()).toEqual(envelope({ depth: 1 }));
    await vi.waitFor(() => expect(connectivity.current.kind).toBe('offline'));
    expect(connectivity.current).toEqual({
      kind: 'offline',
      since: '2026-11-20T12:00:00.000Z',
      cachedAt: '2026-11-20T10:00:00.000Z',
    });
  });

  it("neither keeps a trial user's job list nor shows them an operator's from the cache", async () => {
    const cache = memoryCache();
    cache.rows.push({
      id: 1,
      key: '/jobs?page=1&page_size=5',
      fetched_at: '2026-11-20T10:00:00.000Z',
      stored_bytes: 1,
      body: envelope([{ id: 7, created_by_username: 'an_operator' }]),
    });
    let viewer: typeof TRIAL | typeof ADMIN = TRIAL;
    let online = true;
    const f = createCachingFetch({
      cache,
      connectivity: new Connectivity(),
      viewer: () => viewer,
      startFromCache: true,
      fetch: async () => {
        if (!online) throw new TypeError('fetch failed');
        return ok([{ id: 8, created_by_username: 'the_trial_user' }]);
      },
    });
    expect(await (await f(URL_JOBS)).json()).toEqual(envelope([{ id: 8, created_by_username: 'the_trial_user' }]));
    await flush();
    expect(cache.snapshotsPut).not.toHaveBeenCalled();
    online = false;
    await expect(f(URL_JOBS)).rejects.toThrow('fetch failed');
    // An operator signing in on the same console gets the shared snapshot as before.
    viewer = ADMIN;
    expect(await (await f(URL_JOBS)).json()).toEqual(envelope([{ id: 7, created_by_username: 'an_operator' }]));
  });

  it('never caches writes', async () => {
    const cache = memoryCache();
    const f = createCachingFetch({ cache, connectivity: new Connectivity(), fetch: async () => ok({ id: 1 }) });
    await f('http://ops.test/api/v1/jobs', { method: 'POST', body: '{}' });
    await flush();
    expect(cache.snapshotsPut).not.toHaveBeenCalled();
  });
});
