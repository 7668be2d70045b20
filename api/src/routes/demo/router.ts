import { demoProgressSchema } from '@ideamine/shared/contract/demo';
import { role } from '@ideamine/shared/permissions';
import { demoProgress, loadDemo } from '@ideamine/server/demo/load-demo';
import { conflict } from '@ideamine/server/errors';
import { crawlAllowList, privateHostsOf } from '@ideamine/server/net/crawl-allow-list';
import { defineRoute, ok } from '../define';

// "Load the demo" on the admin dashboard's empty state: crawls the demo site this server serves
// at /demo-site (real public posts) through the real pipeline, and reports its progress.

const tag = 'Demo';
const ADMIN = role('admin');

export const demoRoutes = [
  defineRoute({
    id: 'demo.progress',
    method: 'GET',
    path: '/admin/demo',
    summary: "How far the demo's load has come: pages crawled, ideas found and scored",
    tag,
    requirement: ADMIN,
    response: demoProgressSchema,
    handler: async ({ app }) => ok(await demoProgress(app.db)),
  }),

  defineRoute({
    id: 'demo.load',
    method: 'POST',
    path: '/admin/demo',
    summary: "Load the demo: crawl the demo site's real posts through the pipeline (about a minute)",
    tag,
    requirement: ADMIN,
    response: demoProgressSchema,
    handler: async ({ app, auth }) => {
      if ((await demoProgress(app.db)).state === 'loading')
        throw conflict('The demo is already loading: wait for it to finish.');
      const allow = await crawlAllowList(app.db, privateHostsOf(app.config));
      await loadDemo(app.db, app.boss, app.config.demoSiteUrl, { userId: auth!.user.id, allow });
      return { ...ok(await demoProgress(app.db)), status: 202 };
    },
  }),
];
