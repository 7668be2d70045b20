import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { checkAccess } from '@ideamine/shared/permissions';
import { API_BASE } from '@ideamine/shared/limits';
import type { AppContext } from '@ideamine/server/context';
import { ApiError } from '@ideamine/server/errors';
import type { AuthState } from '../middlewares/authenticate';
import { cachedAnswerKey, type CachedAnswer } from '../middlewares/cached-answers';
import { readRouteBody } from '../middlewares/multipart-body';
import { validate } from '../middlewares/validate';
import { JsonText, type Reply, type Route } from './define';

// Every route runs the same chain: authorize (requirement) -> validate -> handler -> envelope
// (or raw bytes, for routes that declare rawResponse).
// Authorizing before validating lets a caller without rights learn nothing about the input rules.

/**
 * One router per first path segment (/public, /jobs, ...): a request is matched only against
 * its group's few routes instead of every route, which keeps routing cheap as the API grows.
 * Unknown methods on a known path still answer 405 through the group's allowedMethods.
 */
export function mountRoutes(app: AppContext, routes: readonly Route[], checkResponses: boolean): Middleware {
  const groups = new Map<string, Router>();
  for (const route of routes) {
    const segment = firstSegment(route.path);
    let router = groups.get(segment);
    if (!router) groups.set(segment, (router = new Router({ prefix: API_BASE })));
    router.register(route.path, [route.method], (ctx: Context) => run(app, route, ctx, checkResponses), {
      name: route.id,
    });
  }
  const dispatch = new Map<string, Router.Middleware>(
    [...groups].map(([segment, router]) => {
      const match = router.routes();
      const allowed = router.allowedMethods({ throw: true });
      return [segment, (ctx, next) => allowed(ctx, () => match(ctx, next))];
    }),
  );
  return (ctx, next) => {
    const group = ctx.path.startsWith(`${API_BASE}/`)
      ? dispatch.get(firstSegment(ctx.path.slice(API_BASE.length)))
      : undefined;
    return group ? group(ctx as Parameters<Router.Middleware>[0], next) : next();
  };
}

/** '/public/ideas/top-voted' -> 'public'. */
const firstSegment = (path: string) => path.split('/', 2)[1] ?? '';

async function run(app: AppContext, route: Route, ctx: Context, checkResponses: boolean): Promise<void> {
  const auth = (ctx.state.auth as AuthState | undefined) ?? null;
  const authError = ctx.state.authError as ApiError | undefined;
  if (authError && route.requirement.kind !== 'public') throw authError;
  const decision = checkAccess(auth?.user, route.requirement);
  if (!decision.allowed) {
    throw new ApiError(
      decision.reason,
      decision.reason === 'UNAUTHENTICATED' ? route.unauthenticatedMessage : undefined,
    );
  }

  const handle = async () => {
    const params = route.params ? validate(route.params, ctx.params, 'params') : {};
    const query = route.query ? validate(route.query, ctx.query, 'query') : {};
    const read = route.body ? await readRouteBody(ctx, app.config, route.multipart) : { data: {}, file: null };
    const body = route.body ? validate(route.body, read.data, 'body') : {};
    return route.handler({
      params,
      query,
      body,
      file: read.file,
      auth,
      app,
      client: { ip: ctx.ip || null, userAgent: ctx.get('user-agent') || null },
      requestId: ctx.state.requestId as string,
      koa: ctx,
    });
  };
  // Only answers to requests that validated and succeeded are cached, so a hit needs no
  // validation; a refused request is refused again on every call.
  const cache =
    ctx.method !== 'GET'
      ? null
      : visitorCached(route, ctx.query) && !auth && !authError
        ? app.publicCache
        : route.sharedCache && ctx.query.forceRefresh !== 'true'
          ? app.dashboardCache
          : null;
  if (cache) {
    const answer = await cache.remember(cachedAnswerKey(ctx), async (): Promise<CachedAnswer> => {
      const reply = await handle();
      if ('raw' in reply) throw new Error(`Route ${route.id} cannot cache raw bytes`);
      if (checkResponses) route.response.parse(dataOf(reply));
      return { body: Buffer.from(envelopeJson(reply)), route: route.id };
    });
    ctx.type = 'application/json';
    ctx.body = answer.body;
    return;
  }
  const reply = await handle();
  if ('raw' in reply) {
    if (!route.rawResponse) throw new Error(`Route ${route.id} answered raw bytes without declaring rawResponse`);
    ctx.status = reply.status ?? route.successStatus ?? 200;
    for (const [name, value] of Object.entries(reply.raw.headers ?? {})) ctx.set(name, value);
    ctx.type = reply.raw.type;
    ctx.body = reply.raw.body;
    return;
  }
  if (checkResponses) route.response.parse(dataOf(reply)); // catches presenter drift in tests
  ctx.status = reply.status ?? route.successStatus ?? 200;
  ctx.type = 'application/json';
  ctx.body = envelopeJson(reply);
}

/** The success envelope as JSON text, with data written by PostgreSQL (JsonText) as it came. */
function envelopeJson(reply: Reply<unknown>): string {
  if (!(reply.data instanceof JsonText))
    return JSON.stringify({ status: 'success', data: reply.data, ...(reply.meta ? { meta: reply.meta } : {}) });
  return `{"status":"success","data":${reply.data.text}${reply.meta ? `,"meta":${JSON.stringify(reply.meta)}` : ''}}`;
}

const dataOf = (reply: Reply<unknown>) =>
  reply.data instanceof JsonText ? (JSON.parse(reply.data.text) as unknown) : reply.data;

function visitorCached(route: Route, query: Record<string, unknown>): boolean {
  return typeof route.visitorCache === 'function' ? route.visitorCache(query) : route.visitorCache === true;
}
