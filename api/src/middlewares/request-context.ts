import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { redactUrl } from './redact-url';

// A request id on every request (kept from X-Request-Id when it looks sane), a child logger that
// carries it, and one log line per request.

const SAFE_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The caller's X-Request-Id when it looks sane, else a new one. */
export const newRequestId = (incoming: string | string[] | undefined): string =>
  typeof incoming === 'string' && SAFE_ID.test(incoming) ? incoming : randomUUID();

/** The one log line per request, written here and by the cached answers at the door. */
export const requestLogLine = (method: string, url: string, status: number, ms: number) => ({
  method,
  url: redactUrl(url),
  status,
  ms: Math.round(ms * 10) / 10,
});

export function requestContext(log: Logger): Middleware {
  return async (ctx, next) => {
    const id = newRequestId(ctx.get('x-request-id'));
    ctx.state.requestId = id;
    // Made on first use: most requests log nothing, and a child logger per request cost more
    // than a cached answer.
    let child: Logger | undefined;
    Object.defineProperty(ctx.state, 'log', {
      get: () => (child ??= log.child({ reqId: id })),
      configurable: true,
      enumerable: true,
    });
    ctx.set('X-Request-Id', id);
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      // Skipped outright when info is off: building the line costs more than the hot requests.
      if (log.isLevelEnabled('info')) {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        ctx.state.log.info(requestLogLine(ctx.method, ctx.originalUrl, ctx.status, ms), 'request');
      }
    }
  };
}
