import type { z } from 'zod';
import type { analyticsOverviewSchema, engagementOverviewSchema } from '@ideamine/shared/contract/analytics';
import type { ApiClient } from '../../api/client';
import type { Period } from './llm-monitoring';

// Admin analytics (consented page views, visitors, sign-ups) and engagement with ideas.

export type AnalyticsOverview = z.infer<typeof analyticsOverviewSchema>;
export type EngagementOverview = z.infer<typeof engagementOverviewSchema>;

export const analyticsKeys = {
  analytics: (period: Period, limit: number) => ['admin', 'analytics', period, limit] as const,
  engagement: (period: Period, limit: number) => ['admin', 'engagement', period, limit] as const,
};

export const fetchAnalytics = async (client: ApiClient, period: Period, limit: number) =>
  (await client.get<AnalyticsOverview>('/admin/analytics', { query: { period, limit } })).data;

export const fetchEngagement = async (client: ApiClient, period: Period, limit: number) =>
  (await client.get<EngagementOverview>('/admin/engagement', { query: { period, limit } })).data;
