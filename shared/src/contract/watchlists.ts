import { z } from 'zod';
import { MAX_ID, pageQuery, text } from './common';
import { profitLabelSchema } from './knowledge';

// Watchlists and alerts (issue 24): a saved search whose new matches reach the user in the
// portal's notifications, a private feed, an email digest and a webhook.

export const WATCHLIST_WEEKS = 12;
export const EMAIL_DIGESTS = ['off', 'daily', 'weekly'] as const;
export type EmailDigestChoice = (typeof EMAIL_DIGESTS)[number];
/** Feed tokens are 32 random bytes in base64url (43 characters). */
export const FEED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,128}$/;
/** A host name as ideas record it (source_domain): lower case, no scheme, port or path. */
const DOMAIN_PATTERN = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

const listOf = (field: string, item: z.ZodType<string>, max: number) =>
  z
    .array(item, { error: `${field} must be a list` })
    .max(max, { error: `${field} may hold at most ${max} entries` })
    .transform((list) => [...new Set(list)]);

const categoryItem = text('categories', 100).pipe(
  z.string().min(1, { error: 'categories must not hold an empty name' }),
);
const sourceItem = text('sources', 253)
  .transform((v) => v.toLowerCase().replace(/^www\./, ''))
  .refine((v) => DOMAIN_PATTERN.test(v), { error: 'sources must list domain names like news.ycombinator.com' });

/** An http(s) address the webhook is sent to; where it may point is checked when it is saved. */
const webhookUrl = text('webhook_url', 2000).refine(
  (v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password;
    } catch {
      return false;
    }
  },
  { error: 'webhook_url must be an http or https address like https://example.com/hooks/ideamine' },
);

const fields = {
  name: text('name', 120).pipe(z.string().min(1, { error: 'name is required' })),
  words: text('words', 200),
  categories: listOf('categories', categoryItem, 20),
  min_profit_label: profitLabelSchema.nullable(),
  sources: listOf('sources', sourceItem, 20),
  email_digest: z.enum(EMAIL_DIGESTS, { error: `email_digest must be one of ${EMAIL_DIGESTS.join(', ')}` }),
  webhook_url: webhookUrl.nullable(),
};

export const createWatchlistBody = z
  .strictObject({
    name: fields.name,
    words: fields.words.default(''),
    categories: fields.categories.default([]),
    min_profit_label: fields.min_profit_label.default(null),
    sources: fields.sources.default([]),
    email_digest: fields.email_digest.default('off'),
    webhook_url: fields.webhook_url.default(null),
  })
  .meta({ id: 'CreateWatchlist' });
export type CreateWatchlistBody = z.infer<typeof createWatchlistBody>;

export const updateWatchlistBody = z
  .strictObject({
    name: fields.name.optional(),
    words: fields.words.optional(),
    categories: fields.categories.optional(),
    min_profit_label: fields.min_profit_label.optional(),
    sources: fields.sources.optional(),
    email_digest: fields.email_digest.optional(),
    webhook_url: fields.webhook_url.optional(),
    paused: z.boolean({ error: 'paused must be true or false' }).optional(),
  })
  .meta({ id: 'UpdateWatchlist' });
export type UpdateWatchlistBody = z.infer<typeof updateWatchlistBody>;

export const watchlistSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    words: z.string(),
    categories: z.array(z.string()),
    min_profit_label: profitLabelSchema.nullable(),
    sources: z.array(z.string()),
    paused: z.boolean(),
    email_digest: z.enum(EMAIL_DIGESTS),
    webhook_url: z.string().nullable(),
    /** The key of the X-Ideamine-Signature HMAC-SHA256 header, for checking deliveries. */
    webhook_secret: z.string().nullable(),
    /** Private feed addresses (paths under the API); rotating the token revokes them. */
    feed: z.object({ atom: z.string(), json: z.string() }),
    match_count: z.number(),
    /** Matches since the user last opened the watchlist. */
    new_match_count: z.number(),
    last_matched_at: z.string().nullable(),
    /** Matches per week, oldest first, the current week last (WATCHLIST_WEEKS weeks). */
    weekly: z.array(z.object({ week_start: z.string(), matches: z.number() })),
    top_sources: z.array(z.object({ domain: z.string(), matches: z.number() })),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Watchlist' });
export type Watchlist = z.infer<typeof watchlistSchema>;

export const watchlistLimitsSchema = z
  .object({ watchlists: z.number(), webhooks: z.number(), used_watchlists: z.number(), used_webhooks: z.number() })
  .meta({ id: 'WatchlistLimits' });

export const watchlistMatchesQuery = z.strictObject({ ...pageQuery });

export const notificationSchema = z
  .object({
    watchlist_id: z.number(),
    watchlist_name: z.string(),
    knowledge_id: z.number(),
    slug: z.string(),
    title: z.string(),
    summary: z.string(),
    profit_potential: profitLabelSchema.nullable(),
    source_domain: z.string(),
    matched_at: z.string(),
    read: z.boolean(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsQuery = z.strictObject({
  ...pageQuery,
  unread: z.enum(['true', 'false'], { error: 'unread must be true or false' }).default('false'),
});

const positiveId = (field: string) =>
  z
    .number({ error: `${field} must be a positive whole number` })
    .int({ error: `${field} must be a positive whole number` })
    .positive({ error: `${field} must be a positive whole number` })
    .max(MAX_ID, { error: `${field} must be a positive whole number` });

export const markReadBody = z
  .strictObject({
    /** Every notification of the caller (of one watchlist, with watchlist_id). */
    all: z.boolean({ error: 'all must be true or false' }).optional(),
    watchlist_id: positiveId('watchlist_id').optional(),
    items: z
      .array(z.strictObject({ watchlist_id: positiveId('watchlist_id'), knowledge_id: positiveId('knowledge_id') }), {
        error: 'items must be a list of { watchlist_id, knowledge_id }',
      })
      .max(100, { error: 'items may hold at most 100 entries' })
      .optional(),
  })
  .refine((b) => b.all === true || (b.items?.length ?? 0) > 0, {
    error: 'say which notifications to mark read: items, or all: true',
    path: ['items'],
  })
  .meta({ id: 'MarkNotificationsRead' });
export type MarkReadBody = z.infer<typeof markReadBody>;

export const feedTokenParam = z.strictObject({
  token: z
    .string({ error: 'token must be a feed token' })
    .regex(FEED_TOKEN_PATTERN, { error: 'token must be a feed token' }),
});

export const webhookDeliverySchema = z
  .object({
    id: z.number(),
    knowledge_id: z.number(),
    title: z.string(),
    url: z.string(),
    status: z.enum(['pending', 'delivered', 'failed']),
    attempts: z.number(),
    response_status: z.number().nullable(),
    response_body: z.string().nullable(),
    error: z.string().nullable(),
    created_at: z.string(),
    last_attempt_at: z.string().nullable(),
    delivered_at: z.string().nullable(),
  })
  .meta({ id: 'WebhookDelivery' });

export const alertsPerDayQuery = z.strictObject({
  days: z.coerce
    .number({ error: 'days must be a whole number from 1 to 90' })
    .int({ error: 'days must be a whole number from 1 to 90' })
    .min(1, { error: 'days must be a whole number from 1 to 90' })
    .max(90, { error: 'days must be a whole number from 1 to 90' })
    .default(30),
});
export const alertsPerDaySchema = z
  .array(z.object({ day: z.string(), matches: z.number() }))
  .meta({ id: 'AlertsPerDay' });
