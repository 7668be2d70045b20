import {
  analyticsBatchBody,
  analyticsBatchResultSchema,
  analyticsOverviewSchema,
  consentAllowsAnalytics,
  engagementOverviewSchema,
  periodQuery,
} from '@ideamine/shared/contract/analytics';
import { PUBLIC, role } from '@ideamine/shared/permissions';
import { consume } from '@ideamine/server/auth/throttle';
import { analyticsOverview, engagementOverview } from '@ideamine/server/queries/analytics';
import { defineRoute, ok } from '../define';

// Spec s5: analytics events count only with consent; /admin/analytics and /admin/engagement
// (role admin) read the aggregates.

const tag = 'Analytics';
/** Event batches per client address per hour: generous for real browsing, a wall for floods. */
const BATCHES_PER_IP_PER_HOUR = 600;

export const analyticsRoutes = [
  defineRoute({
    id: 'analytics.events',
    method: 'POST',
    path: '/analytics/events',
    summary:
      'A batch of portal events (page views and the like) with the visitor’s consent; without analytics consent under version 1.0 they are ignored, not stored',
    tag,
    requirement: PUBLIC,
    body: analyticsBatchBody,
    response: analyticsBatchResultSchema,
    handler: async ({ app, auth, body, client }) => {
      if (!consentAllowsAnalytics(body.consent))
        return ok({
          accepted: 0,
          ignored: body.events.length,
          reason: 'No analytics consent under consent version 1.0',
        });
      await consume(app.db, {
        key: `analytics:ip:${client.ip ?? 'unknown'}`,
        limit: BATCHES_PER_IP_PER_HOUR,
        seconds: 3600,
        message: 'Too many analytics batches from this address.',
      });
      const now = Date.now();
      await app.db
        .insertInto('analytics_events')
        .values(
          body.events.map((e) => {
            // A client clock far off (or a forged time) cannot move events outside the last day.
            const at = e.occurred_at ? Date.parse(e.occurred_at) : now;
            return {
              visitor_id: body.visitor_id,
              user_id: auth?.user.id ?? null,
              name: e.name,
              path: e.path ?? null,
              properties: JSON.stringify(e.properties ?? {}),
              consent_version: body.consent.consent_version,
              occurred_at: new Date(Math.min(now, Math.max(now - 86_400_000, at))),
            };
          }),
        )
        .execute();
      return ok({ accepted: body.events.length, ignored: 0, reason: null });
    },
  }),

  defineRoute({
    id: 'analytics.overview',
    method: 'GET',
    path: '/admin/analytics',
    summary: 'Active users, visitors, page views, top pages, signup funnel, trial status and a daily series',
    tag,
    requirement: role('admin'),
    query: periodQuery,
    response: analyticsOverviewSchema,
    handler: async ({ app, query }) => ok(await analyticsOverview(app.db, query.period, query.limit)),
  }),

  defineRoute({
    id: 'analytics.engagement',
    method: 'GET',
    path: '/admin/engagement',
    summary: 'Idea views, engaged time, votes, app requests and implementations: totals, top ideas and per day',
    tag,
    requirement: role('admin'),
    query: periodQuery,
    response: engagementOverviewSchema,
    handler: async ({ app, query }) => ok(await engagementOverview(app.db, query.period, query.limit)),
  }),
];
