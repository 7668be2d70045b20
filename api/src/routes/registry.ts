import { authRoutes } from './auth/router';
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

/** Every /api/v1 route. The router, the OpenAPI document and the permission matrix test read this list. */
export const routes: readonly Route[] = [
  ...authRoutes,
  ...userRoutes,
  ...jobRoutes,
  ...taskRoutes,
  ...knowledgeRoutes,
  ...rawDataRoutes,
  ...schemaRoutes,
  ...scheduleRoutes,
  ...rateLimitRoutes,
  ...settingRoutes,
];
