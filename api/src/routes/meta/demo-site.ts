import type { Middleware } from 'koa';
import { routeDemoSite } from '@ideamine/server/demo/real-site';

// The demo site (real public posts, shared/server/src/demo) under /demo-site, which "Load the
// demo" crawls; and /robots.txt, which keeps search engines out of the private pages and
// crawlers out of the demo's members' area (the demo checks that robots.txt is obeyed).

export const DEMO_SITE_PATH = '/demo-site';

const ROBOTS = ['User-agent: *', 'Disallow: /admin', 'Disallow: /my', `Disallow: ${DEMO_SITE_PATH}/members/`, ''].join(
  '\n',
);

export function demoSite(): Middleware {
  return async (ctx, next) => {
    if (ctx.path === '/robots.txt') {
      ctx.type = 'text/plain';
      ctx.body = ROBOTS;
      return;
    }
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
