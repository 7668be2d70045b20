import cors from '@koa/cors';
import type { Middleware } from 'koa';
import { DESKTOP_CONSOLE_ORIGIN } from '@ideamine/shared/limits';

// CORS for the configured origins and the desktop console's own page only; same-origin requests
// (the served portal) need none. Tokens travel in the Authorization header, never in cookies.

const EXPOSE_HEADERS = ['X-Request-Id', 'Retry-After'];

/** The origins a browser may read answers from: the configured ones and the desktop console. */
export const allowedOrigins = (origins: string[]): ReadonlySet<string> => new Set([...origins, DESKTOP_CONSOLE_ORIGIN]);

/**
 * The CORS headers of an answer to a simple (non-preflight) request, as the middleware below sets
 * them: written directly by the cached answers at the door (cached-answers.ts), and held equal to
 * the middleware's by its test.
 */
export function simpleRequestCorsHeaders(allowed: ReadonlySet<string>, origin: string | undefined) {
  const headers: Record<string, string> = { Vary: 'Origin' };
  if (origin && allowed.has(origin)) {
    headers['Access-Control-Allow-Origin'] = origin;
    headers['Access-Control-Expose-Headers'] = EXPOSE_HEADERS.join(',');
  }
  return headers;
}

export function corsAllowList(origins: string[]): Middleware {
  const allowed = allowedOrigins(origins);
  return cors({
    origin: (ctx) => {
      const origin = ctx.get('origin');
      return allowed.has(origin) ? origin : '';
    },
    allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowHeaders: ['Authorization', 'Content-Type', 'X-Request-Id'],
    exposeHeaders: EXPOSE_HEADERS,
    maxAge: 600,
  });
}
