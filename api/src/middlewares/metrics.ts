import type { Middleware } from 'koa';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

// Prometheus metrics: process defaults plus request counts and durations per named route.

export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'ideamine_' });
  const requests = new Counter({
    name: 'ideamine_http_requests_total',
    help: 'HTTP requests by route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'ideamine_http_request_duration_seconds',
    help: 'HTTP request duration by route',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });

  const middleware: Middleware = async (ctx, next) => {
    const end = duration.startTimer();
    try {
      await next();
    } finally {
      const route =
        (ctx as { _matchedRouteName?: string })._matchedRouteName ??
        (ctx._matchedRoute ? String(ctx._matchedRoute) : 'unmatched');
      end({ method: ctx.method, route });
      requests.inc({ method: ctx.method, route, status: String(ctx.status) });
    }
  };
  /** Counts a request answered before Koa (a cached answer at the door) as the middleware would. */
  const observe = (method: string, route: string, status: number, seconds: number) => {
    duration.observe({ method, route }, seconds);
    requests.inc({ method, route, status: String(status) });
  };
  return { registry, middleware, observe };
}
