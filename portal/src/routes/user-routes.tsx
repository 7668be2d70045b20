import { createRoute } from '@tanstack/react-router';
import { UserDashboard } from '../features/dashboard/UserDashboard';
import { ideaListRoute, trendingRoute } from './public-routes';
import { guardedRoute } from './root';

// The signed-in twins of the dashboard lists (spec s2 "Login required").

const guarded = () => guardedRoute;

export const userRoutes = [
  createRoute({ getParentRoute: () => guardedRoute, path: '/dashboard', component: UserDashboard }),
  ideaListRoute(guarded, '/dashboard/high-potential-ideas', 'high-potential'),
  ideaListRoute(guarded, '/dashboard/editor-picks', 'editor-picks'),
  ideaListRoute(guarded, '/dashboard/community-favorites', 'community-favorites'),
  trendingRoute(guarded, '/dashboard/trending'),
];
