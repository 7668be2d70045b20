import { SIGNED_IN } from '@ideamine/shared/permissions';
import { userOverviewSchema, userStatsSchema } from '@ideamine/shared/contract/user-dashboard';
import { presentHighPotentialIdea, presentIdeaCard } from '../../presenters/public-idea';
import { quickActionsFor } from '../../presenters/quick-actions';
import { highPotentialIdeas } from '@ideamine/server/queries/public-ideas';
import { countProjects } from '@ideamine/server/queries/projects';
import { personalStats, recentSubmissions, userActivity } from '@ideamine/server/queries/user-dashboard';
import { defineRoute, ok } from '../define';

const tag = 'User dashboard';
/** Spec s9: the dashboard shows 5 recent submissions and 5 high-potential ideas. */
const DASHBOARD_LIST = 5;

export const userDashboardRoutes = [
  defineRoute({
    id: 'dashboard.user_overview',
    method: 'GET',
    path: '/dashboard/user-overview',
    summary: "The caller's recent submissions, top public ideas, personal statistics and quick actions",
    tag,
    requirement: SIGNED_IN,
    response: userOverviewSchema,
    handler: async ({ app, auth }) => {
      const user = auth!.user;
      const [recent, top, stats] = await Promise.all([
        recentSubmissions(app.db, user.id, DASHBOARD_LIST),
        highPotentialIdeas(app.db, DASHBOARD_LIST),
        personalStats(app.db, user.id),
      ]);
      return ok({
        recent_submissions: recent.map((r) => ({ ...presentIdeaCard(r), visibility: r.visibility })),
        high_potential_ideas: top.map(presentHighPotentialIdea),
        personal_stats: stats,
        quick_actions: quickActionsFor(user),
        timestamp: new Date().toISOString(),
      });
    },
  }),

  defineRoute({
    id: 'dashboard.user_stats',
    method: 'GET',
    path: '/dashboard/user-stats',
    summary: "The caller's activity: votes cast, app requests, implementations, views given and received, projects",
    tag,
    requirement: SIGNED_IN,
    response: userStatsSchema,
    handler: async ({ app, auth }) => {
      const [activity, projects] = await Promise.all([
        userActivity(app.db, auth!.user.id),
        countProjects(app.db, auth!.user.id),
      ]);
      return ok({
        ...activity,
        projects,
        member_since: auth!.user.created_at.toISOString(),
        timestamp: new Date().toISOString(),
      });
    },
  }),
];
