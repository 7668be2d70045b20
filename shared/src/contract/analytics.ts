import { z } from 'zod';
import { CONSENT_VERSION } from '../limits';
import { text } from './common';

// Analytics events from the portal (accepted only with consent) and the admin aggregates of
// /admin/analytics and /admin/engagement.

export const consentSchema = z
  .strictObject({
    analytics_enabled: z.boolean({ error: 'consent.analytics_enabled must be true or false' }),
    performance_tracking: z.boolean({ error: 'consent.performance_tracking must be true or false' }),
    personalization: z.boolean({ error: 'consent.personalization must be true or false' }),
    advertising: z.boolean({ error: 'consent.advertising must be true or false' }),
    consent_date: text('consent.consent_date', 40).refine((v) => !isNaN(Date.parse(v)), {
      error: 'consent.consent_date must be a date-time',
    }),
    consent_version: text('consent.consent_version', 20),
  })
  .meta({ id: 'AnalyticsConsent' });

export const MAX_EVENTS_PER_BATCH = 50;
export const analyticsBatchBody = z
  .strictObject({
    visitor_id: text('visitor_id', 64).pipe(
      z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'visitor_id must be 8 to 64 letters, digits, - or _' }),
    ),
    consent: consentSchema,
    events: z
      .array(
        z.strictObject({
          name: text('events.name', 60).pipe(
            z.string().regex(/^[a-z][a-z0-9_.]{0,59}$/, { error: 'events.name must be a lowercase event name' }),
          ),
          path: text('events.path', 500).optional(),
          occurred_at: text('events.occurred_at', 40)
            .refine((v) => !isNaN(Date.parse(v)), { error: 'events.occurred_at must be a date-time' })
            .optional(),
          properties: z
            .record(z.string().max(60), z.union([z.string().max(500), z.number(), z.boolean(), z.null()]))
            .refine((r) => Object.keys(r).length <= 20, { error: 'events.properties may hold at most 20 keys' })
            .optional(),
        }),
        { error: 'events must be a list of events' },
      )
      .min(1, { error: 'events must not be empty' })
      .max(MAX_EVENTS_PER_BATCH, { error: `events may hold at most ${MAX_EVENTS_PER_BATCH} events` }),
  })
  .meta({ id: 'AnalyticsBatch' });

export const analyticsBatchResultSchema = z
  .object({ accepted: z.number(), ignored: z.number(), reason: z.string().nullable() })
  .meta({ id: 'AnalyticsBatchResult' });

/** Spec s5: events count only with analytics consent given under the current consent version. */
export function consentAllowsAnalytics(c: z.infer<typeof consentSchema>): boolean {
  return c.analytics_enabled && c.consent_version === CONSENT_VERSION;
}

export const ADMIN_PERIODS = ['24h', '7d', '30d'] as const;
export const periodQuery = z.strictObject({
  period: z.enum(ADMIN_PERIODS, { error: 'period must be one of 24h, 7d, 30d' }).default('7d'),
  limit: z.coerce
    .number({ error: 'limit must be a whole number from 1 to 100' })
    .int({ error: 'limit must be a whole number from 1 to 100' })
    .min(1, { error: 'limit must be a whole number from 1 to 100' })
    .max(100, { error: 'limit must be a whole number from 1 to 100' })
    .default(10),
});

export const analyticsOverviewSchema = z
  .object({
    period: z.enum(ADMIN_PERIODS),
    active_users: z.number(),
    unique_visitors: z.number(),
    page_views: z.number(),
    top_pages: z.array(z.object({ path: z.string(), views: z.number() })),
    signup_funnel: z.object({
      visitors: z.number(),
      register_page_visitors: z.number(),
      signups: z.number(),
      trial_signups: z.number(),
    }),
    trial_status: z.object({ active: z.number(), expired: z.number(), not_applicable: z.number() }),
    daily: z.array(z.object({ date: z.string(), page_views: z.number(), visitors: z.number(), signups: z.number() })),
  })
  .meta({ id: 'AnalyticsOverview' });

export const engagementOverviewSchema = z
  .object({
    period: z.enum(ADMIN_PERIODS),
    totals: z.object({
      views: z.number(),
      unique_viewers: z.number(),
      engaged_views: z.number(),
      average_time_on_page_ms: z.number(),
      votes: z.number(),
      upvotes: z.number(),
      downvotes: z.number(),
      app_requests: z.number(),
      implementations: z.number(),
    }),
    top_ideas: z.array(
      z.object({
        id: z.number(),
        title: z.string(),
        slug: z.string(),
        views: z.number(),
        votes: z.number(),
        app_requests: z.number(),
        implementations: z.number(),
      }),
    ),
    daily: z.array(
      z.object({
        date: z.string(),
        views: z.number(),
        votes: z.number(),
        app_requests: z.number(),
        implementations: z.number(),
      }),
    ),
  })
  .meta({ id: 'EngagementOverview' });
