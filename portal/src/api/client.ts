import type { Tokens } from '@ideamine/shared/contract/auth';
import type { User } from '@ideamine/shared/contract/users';
import type { Pagination } from '@ideamine/shared/envelope';
import { CLIENT_MESSAGES } from '@ideamine/shared/errors';
import { API_BASE } from '@ideamine/shared/limits';
import { ApiClientError, errorFromResponse, networkError } from './errors';
import {
  clearSession,
  readSession,
  writeTokens,
  writeUser,
  type KeyValueStorage,
  type StoredSession,
} from './session-storage';
import { oneTabAtATime } from './tab-lock';

// Fetch over /api/v1 with the signed-in session (spec s4): a 401 triggers one retry after a token
// refresh. The refresh is single-flight: other requests wait for it, polling every 100 ms, and
// other tabs wait for it too (a Web Lock), then use the pair it stored. A
// refused refresh signs out; a refresh that cannot reach the server keeps the session, and after
// 3 such attempts in a row the client signs out too. A successful refresh resets the count.

export const MAX_REFRESH_ATTEMPTS = 3;
export const REFRESH_POLL_MS = 100;

export type Query = Record<string, string | number | boolean | null | undefined | readonly string[]>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  form?: FormData;
  signal?: AbortSignal;
  /** Send the access token (default). Sign-in calls and the refresh itself do not. */
  auth?: boolean;
}

export interface ApiResult<T> {
  data: T;
  meta: { pagination?: Pagination; [key: string]: unknown };
}

export type SignOutReason = 'signed-out' | 'refresh-failed' | 'no-refresh-token' | 'user-gone';

export interface ApiClientOptions {
  storage: KeyValueStorage;
  /** Origin of the API; empty for the page's own origin. */
  baseUrl?: string;
  fetch?: typeof fetch;
}

type Listener = (session: StoredSession, reason?: SignOutReason) => void;

export class ApiClient {
  private readonly storage: KeyValueStorage;
  private readonly baseUrl: string;
  private readonly fetchImpl: typeof fetch;
  private readonly listeners = new Set<Listener>();
  private refreshing = false;
  private lastRefreshOk = false;
  private failedRefreshes = 0;

  constructor(options: ApiClientOptions) {
    this.storage = options.storage;
    this.baseUrl = options.baseUrl ?? '';
    this.fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  }

  get session(): StoredSession {
    return readSession(this.storage);
  }

  /** Called with the new session whenever it changes; returns an unsubscribe function. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Stores a fresh sign-in (login, register, OAuth). */
  signIn(tokens: Tokens, user: User): void {
    writeTokens(this.storage, tokens);
    writeUser(this.storage, user);
    this.failedRefreshes = 0;
    this.emit();
  }

  /** Replaces the stored user (profile refresh or update), keeping the tokens. */
  updateUser(user: User): void {
    writeUser(this.storage, user);
    this.emit();
  }

  /** Forgets the session locally and tells the listeners why (the app then goes to /login). */
  signOut(reason: SignOutReason = 'signed-out'): void {
    clearSession(this.storage);
    this.emit(reason);
  }

  get<T>(path: string, options: RequestOptions = {}) {
    return this.request<T>('GET', path, options);
  }
  post<T>(path: string, body?: unknown, options: RequestOptions = {}) {
    return this.request<T>('POST', path, { ...options, body });
  }
  put<T>(path: string, body?: unknown, options: RequestOptions = {}) {
    return this.request<T>('PUT', path, { ...options, body });
  }
  delete<T>(path: string, options: RequestOptions = {}) {
    return this.request<T>('DELETE', path, options);
  }

  async request<T>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResult<T>> {
    const useAuth = options.auth ?? true;
    const token = useAuth ? this.session.accessToken : null;
    const response = await this.send(method, path, options, token);
    if (response.status === 401 && useAuth && token && (await this.tokenRenewedSince(token)))
      return this.unwrap<T>(await this.send(method, path, options, this.session.accessToken));
    return this.unwrap<T>(response);
  }

  /** Bytes of a signed-in download (backup files, avatar images); errors as for JSON calls. */
  async getBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
    const token = this.session.accessToken;
    let response = await this.send('GET', path, options, token);
    if (response.status === 401 && token && (await this.tokenRenewedSince(token)))
      response = await this.send('GET', path, options, this.session.accessToken);
    if (!response.ok) throw errorFromResponse(response.status, await response.json().catch(() => null));
    return response.blob();
  }

  /**
   * After a 401 for a request sent with `sentToken`: whether a newer access token is now stored.
   * A request whose 401 arrives after another request's refresh already replaced the token just
   * retries with it; refreshing again would rotate the pair a second time for nothing.
   */
  private async tokenRenewedSince(sentToken: string): Promise<boolean> {
    if (!this.refreshing) {
      const current = this.session.accessToken;
      if (current && current !== sentToken) return true;
    }
    return this.refreshTokens();
  }

  /**
   * One refresh for everyone: the first caller runs it, later callers poll until it ends and
   * share its outcome. Returns whether a new access token is stored.
   */
  async refreshTokens(): Promise<boolean> {
    if (this.refreshing) {
      while (this.refreshing) await new Promise((resolve) => setTimeout(resolve, REFRESH_POLL_MS));
      return this.lastRefreshOk;
    }
    this.refreshing = true;
    try {
      this.lastRefreshOk = await this.runRefresh();
      return this.lastRefreshOk;
    } finally {
      this.refreshing = false;
    }
  }

  private async runRefresh(): Promise<boolean> {
    const seen = this.session.refreshToken;
    return oneTabAtATime(async () => {
      const stored = this.session.refreshToken;
      // Another tab refreshed while this one waited for the lock: its new pair is already stored.
      if (seen && stored && stored !== seen) {
        this.failedRefreshes = 0;
        this.emit();
        return true;
      }
      return this.refreshWith(stored);
    });
  }

  private async refreshWith(refreshToken: string | null): Promise<boolean> {
    if (!refreshToken) {
      this.signOut('no-refresh-token');
      return false;
    }
    if (this.failedRefreshes >= MAX_REFRESH_ATTEMPTS) {
      this.signOut('refresh-failed');
      return false;
    }
    try {
      const result = await this.post<{ tokens: Tokens; user?: User }>(
        '/auth/refresh',
        { refresh_token: refreshToken },
        { auth: false },
      );
      writeTokens(this.storage, result.data.tokens);
      if (result.data.user) writeUser(this.storage, result.data.user);
      this.failedRefreshes = 0;
      this.emit();
      return true;
    } catch (error) {
      this.failedRefreshes += 1;
      const refused = error instanceof ApiClientError && error.status !== null && error.status < 500;
      if (refused || this.failedRefreshes >= MAX_REFRESH_ATTEMPTS) this.signOut(refreshFailureReason(error));
      return false;
    }
  }

  private async send(method: string, path: string, options: RequestOptions, token: string | null): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    let body: BodyInit | undefined;
    if (options.form) body = options.form;
    else if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    try {
      return await this.fetchImpl(this.url(path, options.query), { method, headers, body, signal: options.signal });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw networkError();
    }
  }

  private async unwrap<T>(response: Response): Promise<ApiResult<T>> {
    const body = (await response.json().catch(() => null)) as {
      status?: string;
      data?: T;
      meta?: ApiResult<T>['meta'];
    } | null;
    if (!response.ok || body?.status !== 'success') throw errorFromResponse(response.status, body);
    return { data: body.data as T, meta: body.meta ?? {} };
  }

  url(path: string, query?: Query): string {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value === undefined || value === null || value === '') continue;
      if (Array.isArray(value)) {
        if (value.length > 0) search.set(key, value.join(','));
      } else search.set(key, String(value));
    }
    const qs = search.toString();
    return `${this.baseUrl}${API_BASE}${path}${qs ? `?${qs}` : ''}`;
  }

  private emit(reason?: SignOutReason): void {
    const session = this.session;
    for (const listener of this.listeners) listener(session, reason);
  }
}

function refreshFailureReason(error: unknown): SignOutReason {
  if (error instanceof ApiClientError && error.code === 'REFRESH_FAILED' && /not found/i.test(error.message))
    return 'user-gone';
  return 'refresh-failed';
}

/** The message a sign-out reason shows on the login screen. */
export function signOutMessage(reason: SignOutReason | undefined): string | null {
  switch (reason) {
    case 'refresh-failed':
      return CLIENT_MESSAGES.refresh;
    case 'no-refresh-token':
      return CLIENT_MESSAGES.noRefreshToken;
    case 'user-gone':
      return CLIENT_MESSAGES.userGone;
    default:
      return null;
  }
}
