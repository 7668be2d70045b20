import type { DesktopApi, StoredDesktopSession } from '@ideamine/shared/ipc';
import { SESSION_KEYS, type KeyValueStorage } from '@ideamine/portal/api/session-storage';

// The API client's session storage in the console: kept in memory for the client's synchronous
// reads, and handed to the main process (sealed with the OS key store) whenever it changes.
// Nothing lands in the page's localStorage.

type Vault = Pick<DesktopApi, 'sessionSave' | 'sessionClear'>;

export function sessionStorageFor(initial: StoredDesktopSession | null, vault: Vault): KeyValueStorage {
  const map = new Map<string, string>();
  if (initial) {
    map.set(SESSION_KEYS.access, initial.access_token);
    map.set(SESSION_KEYS.refresh, initial.refresh_token);
    if (initial.expires_at) map.set(SESSION_KEYS.expires, initial.expires_at);
    if (initial.user) map.set(SESSION_KEYS.user, JSON.stringify(initial.user));
  }
  let pending: ReturnType<typeof setTimeout> | null = null;
  // A sign-in writes tokens and user one after the other: persist once, after the last write.
  const persist = () => {
    if (pending) clearTimeout(pending);
    pending = setTimeout(() => {
      pending = null;
      const access = map.get(SESSION_KEYS.access);
      const refresh = map.get(SESSION_KEYS.refresh);
      if (!access || !refresh) {
        void vault.sessionClear({}).catch(() => undefined);
        return;
      }
      let user: Record<string, unknown> | null = null;
      try {
        user = JSON.parse(map.get(SESSION_KEYS.user) ?? 'null') as Record<string, unknown> | null;
      } catch {
        user = null;
      }
      void vault
        .sessionSave({
          session: {
            access_token: access,
            refresh_token: refresh,
            expires_at: map.get(SESSION_KEYS.expires) ?? null,
            user,
          },
        })
        .catch(() => undefined);
    }, 0);
  };
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => {
      map.set(key, value);
      persist();
    },
    removeItem: (key) => {
      map.delete(key);
      persist();
    },
  };
}
