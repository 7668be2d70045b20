import { authRoutes } from './auth/router';
import { oauthRoutes } from './oauth/router';
import type { Route } from './define';
import { userRoutes } from './users/router';
import { jobRoutes } from './jobs/router';
import { taskRoutes } from './tasks/router';
import { knowledgeRoutes } from './knowledge/router';
import { rawDataRoutes } from './raw-data/router';
import { schemaRoutes } from './schemas/router';
import { scheduleRoutes } from './schedules/router';
import { rateLimitRoutes } from './rate-limits/router';
import { settingRoutes } from './settings/router';
import { publicRoutes } from './public/router';
import { knowledgeActionRoutes } from './knowledge-actions/router';
import { adminKnowledgeRoutes } from './admin-knowledge/router';
import { userDashboardRoutes } from './user-dashboard/router';
import { projectRoutes } from './projects/router';
import { sharedProjectRoutes } from './shared-projects/router';
import { watchlistRoutes } from './watchlists/router';
import { unsubscribeRoutes } from './watchlists/unsubscribe';
import { avatarRoutes } from './avatars/router';
import { ideaStormRoutes } from './idea-storm/router';
import { profitAnalysisRoutes } from './profit-analysis/router';
import { dashboardHealthRoutes } from './dashboard-health/router';
import { queueControlRoutes } from './queue-control/router';
import { backupRoutes } from './backups/router';
import { recoveryRoutes } from './recovery/router';
import { auditLogRoutes } from './audit-log/router';
import { analyticsRoutes } from './analytics/router';
import { dashboardInsightsRoutes } from './dashboard-insights/router';
import { llmMonitoringRoutes } from './llm-monitoring/router';
import { demoRoutes } from './demo/router';

/** Every /api/v1 route. The router, the OpenAPI document and the permission matrix test read this list. */
export const routes: readonly Route[] = [
  ...authRoutes,
  ...oauthRoutes,
  ...userRoutes,
  ...jobRoutes,
  ...taskRoutes,
  ...knowledgeRoutes,
  ...rawDataRoutes,
  ...schemaRoutes,
  ...scheduleRoutes,
  ...rateLimitRoutes,
  ...settingRoutes,
  ...publicRoutes,
  ...knowledgeActionRoutes,
  ...adminKnowledgeRoutes,
  ...userDashboardRoutes,
  ...projectRoutes,
  ...watchlistRoutes,
  ...unsubscribeRoutes,
  ...sharedProjectRoutes,
  ...avatarRoutes,
  ...ideaStormRoutes,
  ...profitAnalysisRoutes,
  ...dashboardHealthRoutes,
  ...queueControlRoutes,
  ...backupRoutes,
  ...recoveryRoutes,
  ...auditLogRoutes,
  ...analyticsRoutes,
  ...dashboardInsightsRoutes,
  ...llmMonitoringRoutes,
  ...demoRoutes,
];
