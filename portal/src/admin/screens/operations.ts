import { lazyPage } from '../../routes/lazy-page';
import type { ScreenMap } from './screen-map';

// Operations screens: rate limits, backups, system health, recovery, LLM monitoring, analytics,
// engagement.

export const OPERATIONS_SCREENS: ScreenMap = {
  '/admin/rate-limits': lazyPage(() => import('../rate-limits/RateLimitsPage'), 'RateLimitsPage'),
  '/admin/rate-limits/new': lazyPage(() => import('../rate-limits/RateLimitFormPage'), 'NewRateLimitPage'),
  '/admin/rate-limits/$id/edit': lazyPage(() => import('../rate-limits/RateLimitFormPage'), 'EditRateLimitPage'),
  '/admin/backup': lazyPage(() => import('../backups/BackupsPage'), 'BackupsPage'),
  '/admin/backup-v2': lazyPage(() => import('../backups/BackupsPage'), 'BackupsPage'),
  '/admin/recovery': lazyPage(() => import('../recovery/RecoveryPage'), 'RecoveryPage'),
  '/admin/system-health': lazyPage(() => import('../system-health/SystemHealthPage'), 'SystemHealthPage'),
  '/admin/llm-monitoring': lazyPage(() => import('../llm/LlmMonitoringPage'), 'LlmMonitoringPage'),
  '/admin/llm-monitoring/models/$modelName': lazyPage(() => import('../llm/LlmModelPage'), 'LlmModelPage'),
  '/admin/analytics': lazyPage(() => import('../analytics/AnalyticsPage'), 'AnalyticsPage'),
  '/admin/engagement': lazyPage(() => import('../analytics/EngagementPage'), 'EngagementPage'),
};
