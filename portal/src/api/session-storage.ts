import type { Tokens } from '@ideamine/shared/contract/auth';
import type { User } from '@ideamine/shared/contract/users';

// The signed-in session as spec s3 keeps it in local storage: access token, refresh token, user.

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const SESSION_KEYS = { access: 'access_token', refresh: 'refresh_token', user: 'user', expires: 'expires_at' };

export interface StoredSession {
  accessToken: string | null;
  refreshToken: string | null;
  user: User | null;
}

export function readSession(storage: KeyValueStorage): StoredSession {
  let user: User | null = null;
  try {
    const raw = storage.getItem(SESSION_KEYS.user);
    user = raw ? (JSON.parse(raw) as User) : null;
  } catch {
    user = null; // a damaged entry is as good as none
  }
  return {
    accessToken: storage.getItem(SESSION_KEYS.access),
    refreshToken: storage.getItem(SESSION_KEYS.refresh),
    user,
  };
}

export function writeTokens(storage: KeyValueStorage, tokens: Tokens): void {
  storage.setItem(SESSION_KEYS.access, tokens.access_token);
  storage.setItem(SESSION_KEYS.refresh, tokens.refresh_token);
  storage.setItem(SESSION_KEYS.expires, tokens.expires_at);
}

export function writeUser(storage: KeyValueStorage, user: User): void {
  storage.setItem(SESSION_KEYS.user, JSON.stringify(user));
}

export function clearSession(storage: KeyValueStorage): void {
  for (const key of Object.values(SESSION_KEYS)) storage.removeItem(key);
}

/** Storage that lives only in memory, for tests and for browsers that refuse local storage. */
export function memoryStorage(): KeyValueStorage {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}
