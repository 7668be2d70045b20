import http from 'node:http';
import Router from '@koa/router';
import Koa from 'koa';
import { API_BASE } from '@ideamine/shared/limits';
import type { AppContext } from '@ideamine/server/context';
import { authenticate } from './middlewares/authenticate';
import { cachedAnswersAtTheDoor } from './middlewares/cached-answers';
import { answerClientError } from './middlewares/client-error';
import { allowedOrigins, corsAllowList } from './middlewares/cors';
import { errorEnvelope } from './middlewares/envelope';
import { portalAvailable, portalStatic } from './middlewares/portal-static';
import { createMetrics } from './middlewares/metrics';
import { requestContext } from './middlewares/request-context';
import { securityHeaders } from './middlewares/security-headers';
import { renderDocsPage } from './routes/meta/docs-page';
import { formPostCallbackRouter } from './routes/meta/form-post-callback';
import { demoSite } from './routes/meta/demo-site';
import { crawlerFiles } from './seo/crawler-files';
import { portalHeads } from './seo/portal-heads';
import { healthRouter } from './routes/meta/health';
import { buildOpenApiDocument } from './routes/meta/openapi';
import { mountRoutes } from './routes/mount';
import { routes } from './routes/registry';

export const API_VERSION = '0.1.0';

export interface AppOptions {
  /** Parse every response against its contract schema (tests). */
  checkResponses?: boolean;
}

/** Runs a router only for its few exact paths, so API requests skip its matching. */
function onlyFor(paths: string[], router: Router.Middleware): Koa.Middleware {
  const set = new Set(paths);
  return (ctx, next) => (set.has(ctx.path) ? router(ctx as Parameters<Router.Middleware>[0], next) : next());
}

/** The Koa application, assembled but not listening, so tests can serve it on any port. */
export function createApp(app: AppContext, options: AppOptions = {}): Koa {
  // Behind one proxy: the client is the address that proxy saw, not whatever a client claims.
  const koa = new Koa({ proxy: app.config.trustProxy, maxIpsCount: 1 });
  const metrics = createMetrics();
  const openapi = buildOpenApiDocument(routes, API_VERSION);
  const docsHtml = renderDocsPage(openapi as unknown as Record<string, unknown>);

  const docs = new Router();
  // Without a built portal (API-only deployments), the front door leads to the API reference.
  const withPortal = portalAvailable(app.config.portalDir);
  if (!withPortal) docs.get('/', (ctx) => ctx.redirect(`${API_BASE}/docs`));
  docs.get(`${API_BASE}/openapi.json`, (ctx) => {
    ctx.body = openapi;
  });
  docs.get(`${API_BASE}/docs`, (ctx) => {
    ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    ctx.type = 'html';
    ctx.body = docsHtml;
  });

  const api = mountRoutes(app, routes, options.checkResponses ?? false);
  const health = healthRouter(app, metrics.registry);

  koa.use(requestContext(app.log));
  koa.use(metrics.middleware);
  koa.use(securityHeaders());
  koa.use(errorEnvelope());
  koa.use(corsAllowList(app.config.corsOrigins));
  koa.use(onlyFor(['/healthz', '/readyz', '/metrics'], health.routes()));
  koa.use(onlyFor(['/', `${API_BASE}/openapi.json`, `${API_BASE}/docs`], docs.routes()));
  koa.use(demoSite());
  koa.use(crawlerFiles(app));
  if (withPortal) koa.use(portalStatic(app.config.portalDir, portalHeads(app)));
  koa.use(formPostCallbackRouter().routes());
  koa.use(authenticate(app));
  koa.use(api);
  // A visitor's cached GET is answered at the door, before Koa builds a context for it.
  const atTheDoor = cachedAnswersAtTheDoor({
    cache: app.publicCache,
    log: app.log,
    trustProxy: app.config.trustProxy,
    allowedOrigins: allowedOrigins(app.config.corsOrigins),
    observe: metrics.observe,
  });
  // listen() as Koa's, plus the door, and the envelope for requests the HTTP parser refuses.
  koa.listen = ((...args: unknown[]) => {
    const handle = koa.callback();
    const server = http.createServer((req, res) => {
      if (!atTheDoor(req, res)) void handle(req, res);
    });
    server.on('clientError', answerClientError);
    return (server.listen as (...a: unknown[]) => http.Server)(...args);
  }) as Koa['listen'];
  return koa;
}
