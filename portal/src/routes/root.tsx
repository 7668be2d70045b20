import { NonIdealState, Button } from '@blueprintjs/core';
import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, createRoute, redirect, useNavigate } from '@tanstack/react-router';
import type { AuthState } from '../auth/AuthProvider';
import { ErrorScreen } from '../layout/ErrorBoundary';
import { GuardedOutlet } from '../layout/GuardScreens';
import { Shell } from '../layout/Shell';

export interface RouterContext {
  queryClient: QueryClient;
  auth: AuthState;
}

function NotFound() {
  const navigate = useNavigate();
  return (
    <NonIdealState
      icon="search"
      title="Page not found"
      description="The page you asked for does not exist or has moved."
      action={<Button intent="primary" text="Go to the home page" onClick={() => navigate({ to: '/' })} />}
    />
  );
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Shell,
  notFoundComponent: NotFound,
  errorComponent: ({ error, reset }) => (
    <ErrorScreen error={error instanceof Error ? error : new Error(String(error))} onReset={reset} />
  ),
});

/**
 * Parent of every route that needs a signed-in user: visitors go to /login carrying the origin
 * path; signed-in users who lack the role or permission see the guard screen of spec s2.
 */
export const guardedRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'guarded',
  beforeLoad: ({ context, location }) => {
    // The stored session is the truth at this instant; React state may lag a fresh sign-in.
    if (!context.auth.client.session.accessToken) throw redirect({ to: '/login', search: { redirect: location.href } });
  },
  component: GuardedOutlet,
});
