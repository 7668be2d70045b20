import type { DesktopApi } from '@ideamine/shared/ipc';
import type { Principal } from '@ideamine/shared/permissions';
import type { Connectivity } from './connectivity';
import { snapshotKeyOf } from './snapshot-key';

// The console's fetch: dashboard answers are stored as timestamped snapshots as they arrive,
// and read back from the cache when the server cannot be reached, so every tab keeps showing
// its last data (marked with when it was fetched). With `startFromCache`, the first request of
// each call in a session is answered from the cache at once while the server is asked in the
// background; its answer is kept for the next request of that call (`onRevalidated` tells the
// app to ask again), so a restart shows the last data immediately and live data a moment later.

export const CACHED_AT_HEADER = 'X-Ideamine-Cached-At';

/** Server answers that mean "not reachable right now" rather than "refused". */
const UNAVAILABLE = new Set([502, 503, 504]);

type Cache = Pick<DesktopApi, 'snapshotsPut' | 'snapshotsLatest'>;

function cachedResponse(body: unknown, fetchedAt: string): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'Content-Type': 'application/json', [CACHED_AT_HEADER]: fetchedAt },
  });
}

export interface CachingFetchOptions {
  cache: Cache;
  connectivity: Connectivity;
  fetch?: typeof fetch;
  /** The signed-in user, asked at each request: some lists are cached for operators only (snapshot-key.ts). */
  viewer?(): Principal | null;
  /** Answer each call's first request from the cache, revalidating in the background. */
  startFromCache?: boolean;
  /** A background revalidation stored a live answer: ask again to show it. */
  onRevalidated?(): void;
  onError?(error: unknown): void;
}

/** How long a background answer waits for the request that will show it. */
const PRIMED_FOR_MS = 15_000;

export function createCachingFetch(options: CachingFetchOptions): typeof fetch {
  const network = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const { cache, connectivity } = options;
  const servedAtStart = new Set<string>();
  const primed = new Map<string, { body: string; at: number }>();

  const fromCache = async (key: string, offline: boolean): Promise<Response | null> => {
    const snapshot = await cache.snapshotsLatest({ key }).catch(() => null);
    if (!snapshot) return null;
    connectivity.servedFromCache(snapshot.fetched_at, offline);
    return cachedResponse(snapshot.body, snapshot.fetched_at);
  };

  /** The live answer behind a cached one shown at start: stored, and kept for the next request. */
  const revalidate = async (key: string, input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    try {
      const response = await network(input, init);
      if (UNAVAILABLE.has(response.status)) throw new Error(`HTTP ${response.status}`);
      connectivity.reached();
      if (!response.ok) return;
      const text = await response.text();
      await cache.snapshotsPut({ key, body: JSON.parse(text), fetched_at: new Date().toISOString() });
      primed.set(key, { body: text, at: Date.now() });
      options.onRevalidated?.();
    } catch (error) {
      if (!init?.signal?.aborted) connectivity.unreachable();
      options.onError?.(error);
    }
  };

  return async (input, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const key = method === 'GET' ? snapshotKeyOf(url, options.viewer?.() ?? null) : null;

    const ready = key ? primed.get(key) : undefined;
    if (key && ready) {
      primed.delete(key);
      if (Date.now() - ready.at < PRIMED_FOR_MS)
        return new Response(ready.body, { status: 200, headers: { 'Content-Type': 'application/json' } });
    }

    if (key && options.startFromCache && !servedAtStart.has(key)) {
      servedAtStart.add(key);
      const cached = await fromCache(key, false);
      if (cached) {
        void revalidate(key, input, init);
        return cached;
      }
    }

    let response: Response;
    try {
      response = await network(input, init);
    } catch (error) {
      if (init?.signal?.aborted) throw error;
      const cached = key ? await fromCache(key, true) : null;
      if (cached) return cached;
      connectivity.unreachable();
      throw error;
    }

    if (UNAVAILABLE.has(response.status)) {
      const cached = key ? await fromCache(key, true) : null;
      if (cached) return cached;
      return response;
    }
    connectivity.reached();
    if (key && response.ok) {
      const fetchedAt = new Date().toISOString();
      response
        .clone()
        .json()
        .then((body: unknown) => cache.snapshotsPut({ key, body, fetched_at: fetchedAt }))
        .catch((error: unknown) => options.onError?.(error));
    }
    return response;
  };
}
