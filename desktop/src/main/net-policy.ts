// What the console's window may load: its own files (app://) and the one configured Ideamine
// server; nothing else from the network. The same origin list makes the Content-Security-Policy.

export const APP_SCHEME = 'app';
export const APP_ORIGIN = `${APP_SCHEME}://console`;

/** Whether the window may request this URL. */
export function isAllowedRequest(url: string, serverOrigin: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol === `${APP_SCHEME}:`) return parsed.origin === APP_ORIGIN || parsed.host === 'console';
  if (parsed.protocol === 'data:' || parsed.protocol === 'blob:' || parsed.protocol === 'devtools:') return true;
  if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return parsed.origin === serverOrigin;
  return false;
}

/** Whether a link the operator clicks may open outside, in the system browser (http(s) only). */
export function isExternalLink(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/** The renderer's policy: scripts and styles only from the app, API calls only to the server. */
export function contentSecurityPolicy(serverOrigin: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Blueprint and echarts set inline styles.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${serverOrigin}`,
    "font-src 'self' data:",
    `connect-src 'self' ${serverOrigin}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
