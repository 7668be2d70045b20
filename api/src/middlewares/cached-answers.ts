import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { Context } from 'koa';
import type { Logger } from 'pino';
import type { TtlCache } from '@ideamine/server/cache/ttl-cache';
import { simpleRequestCorsHeaders } from './cors';
import { newRequestId, requestLogLine } from './request-context';
import { SECURITY_HEADERS, STRICT_TRANSPORT_SECURITY } from './security-headers';

// A visitor's repeated request is answered at the door, before Koa, from the answer its route
// cached the first time (routes/mount.ts). A cache hit had spent most of its time in what it
// passed through (Koa's context, the middleware chain, routing), not in the cache; now it costs
// a map lookup and one write of headers and bytes. The answer carries what the chain would have
// given it: the request id, security headers, CORS headers, the metrics count and the log line
// (the test holds the headers equal to a first answer's). Only requests that carry no
// Authorization header qualify: a signed-in caller (or a stale token, which public routes
// ignore) goes the whole way, so a user always sees their own votes.

/**
 * A cached success answer: its JSON text encoded once, as the bytes every hit writes, and the
 * route that made it (the metrics' label).
 */
export interface CachedAnswer {
  body: Buffer;
  route: string;
}

/** The cache key of a GET's answer: its path and query string, as sent. */
export const cachedAnswerKey = (ctx: Pick<Context, 'path' | 'querystring'>) => `GET ${ctx.path}?${ctx.querystring}`;

/**
 * The same key from the raw request line. A URL Koa would read differently (an absolute form, a
 * fragment) gives a key no route stored, so it only misses and goes down the chain.
 */
const rawKey = (url: string) => (url.includes('?') ? `GET ${url}` : `GET ${url}?`);

export interface CachedAnswersAtTheDoor {
  cache: TtlCache;
  log: Logger;
  /** Koa's `proxy` setting: whether X-Forwarded-Proto says the request came over HTTPS. */
  trustProxy: boolean;
  allowedOrigins: ReadonlySet<string>;
  observe(method: string, route: string, status: number, seconds: number): void;
}

/** Answers the request if its cached answer is fresh; false when Koa should handle it. */
export function cachedAnswersAtTheDoor(door: CachedAnswersAtTheDoor) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== 'GET' || req.headers.authorization !== undefined) return false;
    const answer = door.cache.peek(rawKey(req.url ?? '/')) as CachedAnswer | undefined;
    if (!answer) return false;
    const started = process.hrtime.bigint();
    const id = newRequestId(req.headers['x-request-id']);
    res.writeHead(200, {
      'X-Request-Id': id,
      ...SECURITY_HEADERS,
      ...(overHttps(req, door.trustProxy) ? { 'Strict-Transport-Security': STRICT_TRANSPORT_SECURITY } : {}),
      ...simpleRequestCorsHeaders(door.allowedOrigins, req.headers.origin),
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': answer.body.length,
    });
    res.end(answer.body);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    door.observe('GET', answer.route, 200, seconds);
    if (door.log.isLevelEnabled('info'))
      door.log.info({ reqId: id, ...requestLogLine('GET', req.url ?? '/', 200, seconds * 1000) }, 'request');
    return true;
  };
}

/** Koa's `ctx.secure`: TLS on the socket, or a trusted proxy's first X-Forwarded-Proto. */
function overHttps(req: IncomingMessage, trustProxy: boolean): boolean {
  if ((req.socket as TLSSocket).encrypted) return true;
  if (!trustProxy) return false;
  const forwarded = req.headers['x-forwarded-proto'];
  return typeof forwarded === 'string' && forwarded.split(',')[0]!.trim() === 'https';
}
