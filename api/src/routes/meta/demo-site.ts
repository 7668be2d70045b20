import type { Middleware } from 'koa';
import { routeDemoSite } from '@ideamine/server/demo/real-site';

// The demo site (real public posts, shared/server/src/demo) under /demo-site, which "Load the
// demo" crawls. The site's /robots.txt (seo/crawler-files.ts) keeps crawlers out of its members'
// area, and the demo checks that it is obeyed.

export const DEMO_SITE_PATH = '/demo-site';

export function demoSite(): Middleware {
  return async (ctx, next) => {
    if (ctx.path !== DEMO_SITE_PATH && !ctx.path.startsWith(`${DEMO_SITE_PATH}/`)) return next();
    const answer = routeDemoSite(
      `${ctx.protocol}://${ctx.host}${DEMO_SITE_PATH}`,
      ctx.url.slice(DEMO_SITE_PATH.length) || '/',
    );
    ctx.status = answer.status;
    ctx.type = answer.type;
    ctx.body = answer.body;
  };
}
