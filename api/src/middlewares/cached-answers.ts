import type { Context, Middleware } from 'koa';
import type { TtlCache } from '@ideamine/server/cache/ttl-cache';

// A visitor's repeated request is answered here, near the front of the chain, from the answer
// the route cached the first time (routes/mount.ts), without routing, the router's method check,
// query parsing or the route's chain. Before this, a cache hit spent most of its time in the
// middleware it passed through, not in the cache. Only requests that carry no Authorization
// header qualify: a signed-in caller (or a stale token, which public routes ignore) goes the
// whole way, so a user always sees their own votes.

/** A cached success answer: its JSON text and the route that made it (the metrics' label). */
export interface CachedAnswer {
  json: string;
  route: string;
}

/** The cache key of a GET's answer: its path and query string, as sent. */
export const cachedAnswerKey = (ctx: Pick<Context, 'path' | 'querystring'>) => `GET ${ctx.path}?${ctx.querystring}`;

export function cachedAnswers(cache: TtlCache): Middleware {
  return async (ctx, next) => {
    if (ctx.method !== 'GET' || ctx.get('authorization')) return next();
    const hit = cache.peek(cachedAnswerKey(ctx)) as Promise<CachedAnswer> | undefined;
    if (!hit) return next();
    const answer = await hit;
    // The name koa-router gives a matched route, which the metrics middleware reads.
    (ctx as { _matchedRouteName?: string })._matchedRouteName = answer.route;
    ctx.type = 'application/json';
    ctx.body = answer.json;
  };
}
