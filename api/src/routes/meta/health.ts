import Router from '@koa/router';
import { sql } from 'kysely';
import type { Registry } from 'prom-client';
import type { AppContext } from '@ideamine/server/context';
import { migrationFiles } from '@ideamine/server/db/migrate';

// Probes for orchestrators: /healthz says the process is up; /readyz says it can serve (the
// database answers and every migration is applied); /metrics is for Prometheus.

export function healthRouter(app: AppContext, metrics: Registry): Router {
  const router = new Router();
  router.get('/healthz', (ctx) => {
    ctx.body = {
      status: 'ok',
      uptime_seconds: Math.round(process.uptime()),
      // Searches and the public list read PostgreSQL until this process's copies are built.
      search_index: app.searchSlice.state,
      list_index: app.publicListing.state,
    };
  });
  router.get('/readyz', async (ctx) => {
    try {
      const applied = await sql<{ n: number }>`SELECT count(*)::int AS n FROM schema_migrations`.execute(app.db);
      const pending = migrationFiles().length - (applied.rows[0]?.n ?? 0);
      if (pending > 0) throw new Error(`${pending} migrations pending`);
      ctx.body = { status: 'ready', database: 'up' };
    } catch (err) {
      ctx.state.log?.warn({ err }, 'not ready');
      ctx.status = 503;
      ctx.body = { status: 'unavailable', database: 'down' };
    }
  });
  router.get('/metrics', async (ctx) => {
    ctx.type = metrics.contentType;
    ctx.body = await metrics.metrics();
  });
  return router;
}
