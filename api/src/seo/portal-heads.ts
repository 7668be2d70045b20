import type { AppContext } from '@ideamine/server/context';
import type { PageHeadOf } from '../middlewares/portal-static';
import { publicOrigin } from './crawler-files';
import { pageHeadOf, routeHeadOf } from './page-head';

/**
 * Page heads for the portal's HTML, read from the visitors' database. When it cannot be read the
 * page is still sent, with the route table's title: the portal's scripts show the rest.
 */
export function portalHeads(app: AppContext): PageHeadOf {
  return async (ctx, path) => {
    const origin = publicOrigin(app, ctx);
    try {
      return await pageHeadOf(app.readDb, origin, path);
    } catch (err) {
      app.log.warn({ err, path }, 'could not read the page head; sending the page with its route title');
      return routeHeadOf(origin, path);
    }
  };
}
