import { createRootRoute, createRoute, createRouter, redirect } from '@tanstack/react-router';
import { ADMIN_ROUTES, PORTAL_REDIRECTS } from '@ideamine/shared/routes';
import type { ApiClient } from '@ideamine/portal/api/client';
import { ADMIN_SCREENS } from '@ideamine/portal/admin/screens';
import { GuardedOutlet } from '@ideamine/portal/layout/GuardScreens';
import { ConsoleSettingsPage } from './console/ConsoleSettingsPage';
import { HistoryPage } from './console/HistoryPage';
import { SignInPage } from './console/SignInPage';
import { WatchlistsPage } from './console/WatchlistsPage';
import { DesktopShell } from './shell/DesktopShell';

// The console's routes: the portal's operator screens at their own paths (so their links work
// unchanged), the console's sign-in, settings and snapshot history.

export function createConsoleRouter(client: ApiClient) {
  const root = createRootRoute({ component: DesktopShell });
  const signIn = createRoute({ getParentRoute: () => root, path: '/console/sign-in', component: SignInPage });
  const settings = createRoute({
    getParentRoute: () => root,
    path: '/console/settings',
    component: ConsoleSettingsPage,
  });
  const guarded = createRoute({
    getParentRoute: () => root,
    id: 'guarded',
    beforeLoad: ({ location }) => {
      if (!client.session.accessToken) throw redirect({ to: '/console/sign-in', search: { redirect: location.href } });
    },
    component: GuardedOutlet,
  });
  const home = createRoute({
    getParentRoute: () => root,
    path: '/',
    beforeLoad: () => {
      throw redirect({ to: '/admin' });
    },
  });
  const history = createRoute({ getParentRoute: () => guarded, path: '/console/history', component: HistoryPage });
  const watchlists = createRoute({
    getParentRoute: () => guarded,
    path: '/console/watchlists',
    component: WatchlistsPage,
  });
  const screens = ADMIN_ROUTES.filter((r) => ADMIN_SCREENS[r.path]).map((r) =>
    createRoute({ getParentRoute: () => guarded, path: r.path, component: ADMIN_SCREENS[r.path]! }),
  );
  // The dashboard's short links (/jobs, /admin/submit, /knowledge?tag=...) lead to the operator
  // screens here; the public portal's pages are not part of the console.
  const links = [
    ...PORTAL_REDIRECTS.filter((r) => r.to.startsWith('/admin')),
    { from: '/dashboard', to: '/admin' },
    { from: '/knowledge', to: '/admin/knowledge' },
    { from: '/knowledge/$id', to: '/admin/knowledge/$id' },
    { from: '/high-potential-ideas', to: '/admin/knowledge' },
  ].map(({ from, to }) =>
    createRoute({
      getParentRoute: () => root,
      path: from,
      beforeLoad: ({ params, search }) => {
        const href = to.replace(/\$(\w+)/g, (_, name: string) =>
          encodeURIComponent((params as Record<string, string>)[name] ?? ''),
        );
        throw redirect({ to: href, search: search as never, replace: true });
      },
    }),
  );
  const tree = root.addChildren([
    home,
    signIn,
    settings,
    ...links,
    guarded.addChildren([history, watchlists, ...screens]),
  ]);
  return createRouter({ routeTree: tree, defaultPreload: 'intent' });
}
