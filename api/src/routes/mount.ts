import Router from '@koa/router';
import type { Context } from 'koa';
import { checkAccess } from '@ideamine/shared/permissions';
import { API_BASE } from '@ideamine/shared/limits';
import type { AppContext } from '../context';
import { ApiError } from '../errors';
import type { AuthState } from '../middlewares/authenticate';
import { readRouteBody } from '../middlewares/multipart-body';
import { validate } from '../middlewares/validate';
import type { Route } from './define';

// Every route runs the same chain: authorize (requirement) -> validate -> handler -> envelope
// (or raw bytes, for routes that declare rawResponse).
// Authorizing before validating lets a caller without rights learn nothing about the input rules.

export function mountRoutes(app: AppContext, routes: readonly Route[], checkResponses: boolean): Router {
  const router = new Router({ prefix: API_BASE });
  for (const route of routes) {
    router.register(route.path, [route.method], (ctx: Context) => run(app, route, ctx, checkResponses), {
      name: route.id,
    });
  }
  return router;
}

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

  const params = route.params ? validate(route.params, ctx.params, 'params') : {};
  const query = route.query ? validate(route.query, ctx.query, 'query') : {};
  const read = route.body ? await readRouteBody(ctx, app.config, route.multipart) : { data: {}, file: null };
  const body = route.body ? validate(route.body, read.data, 'body') : {};

  const reply = await route.handler({
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
  if ('raw' in reply) {
    if (!route.rawResponse) throw new Error(`Route ${route.id} answered raw bytes without declaring rawResponse`);
    ctx.status = reply.status ?? route.successStatus ?? 200;
    for (const [name, value] of Object.entries(reply.raw.headers ?? {})) ctx.set(name, value);
    ctx.type = reply.raw.type;
    ctx.body = reply.raw.body;
    return;
  }
  if (checkResponses) route.response.parse(reply.data); // catches presenter drift in tests
  ctx.status = reply.status ?? route.successStatus ?? 200;
  ctx.body = { status: 'success', data: reply.data, ...(reply.meta ? { meta: reply.meta } : {}) };
}
