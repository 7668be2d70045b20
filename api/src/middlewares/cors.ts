import cors from '@koa/cors';
import type { Middleware } from 'koa';
import { DESKTOP_CONSOLE_ORIGIN } from '@ideamine/shared/limits';

/**
 * CORS for the configured origins and the desktop console's own page only; same-origin requests
 * (the served portal) need none. Tokens travel in the Authorization header, never in cookies.
 */
export function corsAllowList(origins: string[]): Middleware {
  const allowed = new Set([...origins, DESKTOP_CONSOLE_ORIGIN]);
  return cors({
    origin: (ctx) => {
      const origin = ctx.get('origin');
      return allowed.has(origin) ? origin : '';
    },
    allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowHeaders: ['Authorization', 'Content-Type', 'X-Request-Id'],
    exposeHeaders: ['X-Request-Id', 'Retry-After'],
    maxAge: 600,
  });
}
