// Tabs of one browser share the stored session, so a token refresh must run in one tab at a time:
// two tabs presenting the same refresh token at once would rotate it twice. The Web Locks API
// queues `fn` behind any other tab's; where a browser has no Web Locks (or in tests outside a
// browser), it runs at once and the server's short grace window for a just-used token covers it.

const REFRESH_LOCK = 'ideamine-token-refresh';

export async function oneTabAtATime<T>(fn: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  if (!locks?.request) return fn();
  return locks.request(REFRESH_LOCK, fn) as Promise<T>;
}
