import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, TEST_PASSWORD } from '@ideamine/server/test/factories';
import { startTestServer, type TestServer } from '@ideamine/api/test/server';
import { ApiClient, MAX_REFRESH_ATTEMPTS, type SignOutReason } from './client';
import { ApiClientError } from './errors';
import { memoryStorage, SESSION_KEYS } from './session-storage';

// The portal's API client against the real API: sign-in, the single-flight refresh on 401 and
// every way a refresh can end.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A client whose fetch counts the refresh calls and can be told to fail them at the network. */
function makeClient(storage = memoryStorage()) {
  const stats = { refreshCalls: 0, refreshNetworkDown: false, holdResponse: null as Promise<void> | null };
  const client = new ApiClient({
    storage,
    baseUrl: server.url,
    fetch: async (input, init) => {
      if (String(input).endsWith('/auth/refresh')) {
        stats.refreshCalls += 1;
        if (stats.refreshNetworkDown) throw new TypeError('fetch failed');
        return fetch(input, init);
      }
      const hold = stats.holdResponse;
      const response = await fetch(input, init);
      if (hold) await hold;
      return response;
    },
  });
  const signOuts: (SignOutReason | undefined)[] = [];
  client.subscribe((session, reason) => {
    if (!session.accessToken) signOuts.push(reason);
  });
  return { client, storage, stats, signOuts };
}

async function signedInClient() {
  const user = await buildUser(server.app);
  const made = makeClient();
  const login = await made.client.post<any>(
    '/auth/login',
    { email: user.email, password: TEST_PASSWORD },
    { auth: false },
  );
  made.client.signIn(login.data.tokens, login.data.user);
  return { ...made, user };
}

/**
 * Runs `fn` with `navigator` replaced: Node 20 has none, Node 22+ has one with Web Locks, and each
 * test says which browser it stands for.
 */
async function withNavigator(value: object, fn: () => Promise<void>) {
  const had = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
  Object.defineProperty(globalThis, 'navigator', { value, configurable: true });
  try {
    await fn();
  } finally {
    if (had) Object.defineProperty(globalThis, 'navigator', had);
    else delete (globalThis as { navigator?: unknown }).navigator;
  }
}

describe('ApiClient', () => {
  it('signs in, stores the session and calls signed-in routes with the token', async () => {
    const { client, storage, user } = await signedInClient();
    expect(storage.getItem(SESSION_KEYS.access)).toBeTruthy();
    expect(JSON.parse(storage.getItem(SESSION_KEYS.user)!).email).toBe(user.email);
    const me = await client.get<any>('/auth/me');
    expect(me.data.id).toBe(user.id);
  });

  it('returns data and pagination meta of list calls', async () => {
    const { client } = makeClient();
    const list = await client.get<any[]>('/public/ideas', { query: { page: 1, page_size: 5, search: '' } });
    expect(Array.isArray(list.data)).toBe(true);
    expect(list.meta.pagination).toMatchObject({ page: 1, page_size: 5 });
  });

  it('passes the envelope error through, naming the field', async () => {
    const { client } = makeClient();
    const error = await client.get('/public/ideas', { query: { page_size: 'lots' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiClientError);
    expect(error).toMatchObject({ code: 'VALIDATION_ERROR', status: 400 });
    expect((error as ApiClientError).message).toMatch(/page_size/);
  });

  it('reports NETWORK_ERROR when the server cannot be reached', async () => {
    const client = new ApiClient({ storage: memoryStorage(), baseUrl: 'http://127.0.0.1:9' });
    await expect(client.get('/public/categories')).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
      message: 'Failed to connect to the server',
    });
  });

  it('refreshes once for many requests that meet a 401 together, then retries each', async () => {
    const { client, storage, stats } = await signedInClient();
    const oldRefresh = storage.getItem(SESSION_KEYS.refresh);
    storage.setItem(SESSION_KEYS.access, 'not-a-token');
    const answers = await Promise.all(Array.from({ length: 5 }, () => client.get<any>('/auth/me')));
    expect(answers.every((a) => typeof a.data.id === 'number')).toBe(true);
    expect(stats.refreshCalls).toBe(1);
    expect(storage.getItem(SESSION_KEYS.refresh)).not.toBe(oldRefresh);
  });

  it('keeps two tabs signed in when both meet an expired token at the same moment', async () => {
    // Two tabs: two clients over one storage, in a browser without Web Locks: both refresh with
    // the same token, and the server's grace window gives the second the first one's pair.
    await withNavigator({}, async () => {
      const tabA = await signedInClient();
      const tabB = makeClient(tabA.storage);
      tabA.storage.setItem(SESSION_KEYS.access, 'expired');
      const [a, b] = await Promise.all([tabA.client.get<any>('/auth/me'), tabB.client.get<any>('/auth/me')]);
      expect([a.data.id, b.data.id]).toEqual([tabA.user.id, tabA.user.id]);
      expect(tabA.signOuts).toEqual([]);
      expect(tabB.signOuts).toEqual([]);
      expect(tabA.stats.refreshCalls + tabB.stats.refreshCalls).toBe(2);
      // The session survived: the stored pair refreshes again later.
      tabA.storage.setItem(SESSION_KEYS.access, 'expired-again');
      expect((await tabB.client.get<any>('/auth/me')).data.id).toBe(tabA.user.id);
    });
  });

  it('with Web Locks, a tab that waited for another tab to refresh uses the pair it stored', async () => {
    // A Web Locks stand-in: one holder per name, the others queued in order.
    const queues = new Map<string, Promise<unknown>>();
    const locks = {
      request: (name: string, fn: () => Promise<unknown>) => {
        const run = (queues.get(name) ?? Promise.resolve()).then(fn, fn);
        queues.set(
          name,
          run.catch(() => undefined),
        );
        return run;
      },
    };
    await withNavigator({ locks }, async () => {
      const tabA = await signedInClient();
      const tabB = makeClient(tabA.storage);
      tabA.storage.setItem(SESSION_KEYS.access, 'expired');
      const [a, b] = await Promise.all([tabA.client.get<any>('/auth/me'), tabB.client.get<any>('/auth/me')]);
      expect([a.data.id, b.data.id]).toEqual([tabA.user.id, tabA.user.id]);
      expect(tabA.stats.refreshCalls + tabB.stats.refreshCalls).toBe(1);
      expect([...tabA.signOuts, ...tabB.signOuts]).toEqual([]);
    });
  });

  it('retries a 401 that arrives after the refresh with the new token, without refreshing again', async () => {
    const { client, storage, stats } = await signedInClient();
    storage.setItem(SESSION_KEYS.access, 'not-a-token');
    let release!: () => void;
    stats.holdResponse = new Promise((resolve) => (release = resolve));
    const late = client.get<any>('/auth/me'); // its 401 is held back
    stats.holdResponse = null;
    const first = await client.get<any>('/auth/me'); // meets its 401 at once and refreshes
    expect(stats.refreshCalls).toBe(1);
    release();
    const answer = await late;
    expect(answer.data.id).toBe(first.data.id);
    expect(stats.refreshCalls).toBe(1);
  });

  it('signs out when the server refuses the refresh token', async () => {
    const { client, storage, signOuts } = await signedInClient();
    storage.setItem(SESSION_KEYS.access, 'not-a-token');
    storage.setItem(SESSION_KEYS.refresh, 'not-a-refresh-token');
    await expect(client.get('/auth/me')).rejects.toMatchObject({ status: 401 });
    expect(storage.getItem(SESSION_KEYS.access)).toBeNull();
    expect(storage.getItem(SESSION_KEYS.user)).toBeNull();
    expect(signOuts).toEqual(['refresh-failed']);
  });

  it('signs out with no refresh token stored', async () => {
    const { client, storage, signOuts } = await signedInClient();
    storage.setItem(SESSION_KEYS.access, 'not-a-token');
    storage.removeItem(SESSION_KEYS.refresh);
    await expect(client.get('/auth/me')).rejects.toMatchObject({ status: 401 });
    expect(signOuts).toEqual(['no-refresh-token']);
  });

  it('clears the session when the user no longer exists', async () => {
    const { client, storage, signOuts, user } = await signedInClient();
    storage.setItem(SESSION_KEYS.access, 'not-a-token');
    await server.app.db.deleteFrom('users').where('id', '=', user.id).execute();
    await expect(client.get('/auth/me')).rejects.toMatchObject({ status: 401 });
    expect(signOuts).toEqual(['user-gone']);
    expect(storage.getItem(SESSION_KEYS.user)).toBeNull();
  });

  it('keeps the session while the refresh cannot reach the server, up to 3 attempts', async () => {
    const { client, storage, stats, signOuts } = await signedInClient();
    storage.setItem(SESSION_KEYS.access, 'not-a-token');
    stats.refreshNetworkDown = true;
    for (let i = 1; i < MAX_REFRESH_ATTEMPTS; i++) {
      await expect(client.get('/auth/me')).rejects.toMatchObject({ status: 401 });
      expect(storage.getItem(SESSION_KEYS.refresh)).toBeTruthy();
    }
    expect(signOuts).toEqual([]);
    await expect(client.get('/auth/me')).rejects.toMatchObject({ status: 401 });
    expect(signOuts).toEqual(['refresh-failed']);
    expect(stats.refreshCalls).toBe(MAX_REFRESH_ATTEMPTS);
  });

  it('resets the attempt count after a successful refresh', async () => {
    const { client, storage, stats, signOuts } = await signedInClient();
    storage.setItem(SESSION_KEYS.access, 'not-a-token');
    stats.refreshNetworkDown = true;
    await expect(client.get('/auth/me')).rejects.toMatchObject({ status: 401 });
    await expect(client.get('/auth/me')).rejects.toMatchObject({ status: 401 });
    stats.refreshNetworkDown = false;
    await expect(client.get<any>('/auth/me')).resolves.toMatchObject({ data: { role: 'trial' } });
    storage.setItem(SESSION_KEYS.access, 'not-a-token');
    stats.refreshNetworkDown = true;
    await expect(client.get('/auth/me')).rejects.toMatchObject({ status: 401 });
    await expect(client.get('/auth/me')).rejects.toMatchObject({ status: 401 });
    expect(signOuts).toEqual([]);
  });

  it('downloads bytes with the token, refreshing it once on 401, and turns refusals into client errors', async () => {
    const { client, storage, stats } = await signedInClient();
    const { buildAvatar } = await import('@ideamine/server/test/project-avatar-factories');
    const me = await client.get<any>('/auth/me');
    await server.app.db.updateTable('users').set({ role: 'developer' }).where('id', '=', me.data.id).execute();
    const avatar = await buildAvatar(server.app, me.data.id, { image: true });
    storage.setItem(SESSION_KEYS.access, 'expired.token.value');
    const blob = await client.getBlob(`/avatars/${avatar.id}/image`);
    expect(stats.refreshCalls).toBe(1);
    expect(blob.type).toMatch(/^image\//);
    expect(blob.size).toBeGreaterThan(0);
    await expect(client.getBlob('/avatars/999999/image')).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });
});
