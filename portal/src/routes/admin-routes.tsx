import { AnchorButton, NonIdealState } from '@blueprintjs/core';
import { createRoute } from '@tanstack/react-router';
import { API_BASE } from '@ideamine/shared/limits';
import { ADMIN_ROUTES, matchPortalRoute } from '@ideamine/shared/routes';
import { ADMIN_SCREENS } from '../admin/screens';
import { guardedRoute } from './root';

// The operator routes of spec s2 under the guard layout (role or permission from
// shared/routes.ts); each shows its screen from portal/src/admin.

function OperatorScreenPending() {
  const title = matchPortalRoute(window.location.pathname)?.title ?? 'Operations';
  return (
    <NonIdealState
      icon="wrench"
      title={title}
      description="This operations screen is not in the web portal yet. Every operation it offers is available through the API."
      action={<AnchorButton href={`${API_BASE}/docs`} icon="document-open" text="Open the API reference" />}
    />
  );
}

export const adminRoutes = ADMIN_ROUTES.map((r) =>
  createRoute({
    getParentRoute: () => guardedRoute,
    path: r.path,
    component: ADMIN_SCREENS[r.path] ?? OperatorScreenPending,
  }),
);
