// Plain http is acceptable only to this machine (local test servers); anything else must be https.

const LOOPBACK_HOSTS = new Set(['localhost', '[::1]', '::1']);

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname.toLowerCase()) || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/** https anywhere, http only on loopback. */
export function isSecureOrLoopback(url: string | URL): boolean {
  const u = typeof url === 'string' ? new URL(url) : url;
  return u.protocol === 'https:' || (u.protocol === 'http:' && isLoopbackHost(u.hostname));
}
