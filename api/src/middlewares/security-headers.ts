import type { Middleware } from 'koa';

// Conservative headers for a JSON API; pages served later (portal, docs) set their own CSP.

/** Sent on every answer, including the ones written before Koa sees the request (client-error.ts). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
};

/** Sent only over HTTPS (ctx.secure). */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

export function securityHeaders(): Middleware {
  return async (ctx, next) => {
    ctx.set(SECURITY_HEADERS);
    if (ctx.secure) ctx.set('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
    ctx.remove('X-Powered-By');
    await next();
  };
}
