import { createRouter } from '@tanstack/react-router';
import { adminRoutes } from './admin-routes';
import { publicRoutes } from './public-routes';
import { redirectRoutes } from './redirect-routes';
import { guardedRoute, rootRoute, type RouterContext } from './root';
import { userToolRoutes } from './user-tool-routes';
import { userRoutes } from './user-routes';

// The whole route tree, assembled explicitly (no discovery by file name).

export const routeTree = rootRoute.addChildren([
  ...publicRoutes,
  ...redirectRoutes,
  guardedRoute.addChildren([...userRoutes, ...userToolRoutes, ...adminRoutes]),
]);

export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;
