import { AnchorButton, NonIdealState } from '@blueprintjs/core';
import { createRoute } from '@tanstack/react-router';
import { API_BASE } from '@ideamine/shared/limits';
import { ADMIN_ROUTES, matchPortalRoute } from '@ideamine/shared/routes';
import { lazyPage } from './lazy-page';
import { guardedRoute } from './root';

// The operator routes of spec s2, guarded now so links and permissions hold; their screens
// (portal/src/admin, shared with the desktop console) replace this holding page in the next
// portal release. Until then operators use the same calls through the API reference.

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

const AdminDashboard = lazyPage(() => import('../admin'), 'AdminDashboard');

/** Built operator screens by path; the rest keep the holding page until they are. */
const SCREENS: Record<string, () => React.ReactNode> = { '/admin': AdminDashboard };

export const adminRoutes = ADMIN_ROUTES.map((r) =>
  createRoute({
    getParentRoute: () => guardedRoute,
    path: r.path,
    component: SCREENS[r.path] ?? OperatorScreenPending,
  }),
);
