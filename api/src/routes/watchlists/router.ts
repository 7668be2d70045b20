import { z } from 'zod';
import { idParam, messageSchema } from '@ideamine/shared/contract/common';
import { ideaCardSchema } from '@ideamine/shared/contract/public';
import {
  alertsPerDayQuery,
  alertsPerDaySchema,
  createWatchlistBody,
  feedTokenParam,
  markReadBody,
  notificationSchema,
  notificationsQuery,
  updateWatchlistBody,
  watchlistLimitsSchema,
  watchlistMatchesQuery,
  watchlistSchema,
  webhookDeliverySchema,
} from '@ideamine/shared/contract/watchlists';
import { paginate } from '@ideamine/shared/envelope';
import { limitsOf, PUBLIC, SIGNED_IN } from '@ideamine/shared/permissions';
import {
  createWatchlist,
  deleteWatchlist,
  markNotificationsRead,
  markWatchlistSeen,
  rotateFeedToken,
  updateWatchlist,
} from '@ideamine/server/commands/watchlists';
import type { Config } from '@ideamine/server/config';
import type { Db } from '@ideamine/server/db/database';
import { notFound } from '@ideamine/server/errors';
import {
  alertsPerDay,
  feedOf,
  findOwnWatchlist,
  listOwnWatchlists,
  notificationsOf,
  watchlistMatchCards,
  watchlistStats,
  watchlistUsage,
  webhookDeliveriesOf,
} from '@ideamine/server/queries/watchlists';
import { presentIdeaCard } from '../../presenters/public-idea';
import { iso } from '../../presenters/time';
import { presentNotification, presentWatchlist } from '../../presenters/watchlist';
import { publicOrigin } from '../../seo/crawler-files';
import { defineRoute, ok, raw } from '../define';
import { atomFeed, jsonFeed } from './feed-documents';

// Watchlists (issue 24): any signed-in user's saved searches, their matches, the notifications
// they make and their private feeds. Another user's watchlist answers 404, as if it did not exist.

const tag = 'Watchlists';
/** A private address: never kept by shared caches, never indexed. */
const FEED_HEADERS = { 'Cache-Control': 'private, max-age=60', 'X-Robots-Tag': 'noindex' };

const deliveryOptions = (config: Config) => ({
  webhookAllowPrivate: config.webhookAllowPrivate,
  emailEnabled: !!config.smtpUrl,
});

async function ownWatchlist(db: Db, userId: number, id: number) {
  const row = await findOwnWatchlist(db, userId, id);
  if (!row) throw notFound('Watchlist');
  return presentWatchlist(row, (await watchlistStats(db, [row])).get(row.id)!);
}

export const watchlistRoutes = [
  defineRoute({
    id: 'watchlists.list',
    method: 'GET',
    path: '/watchlists',
    summary:
      "The caller's watchlists, newest first, each with match counts, a weekly series of matches over the last 12 weeks and its top sources",
    tag,
    requirement: SIGNED_IN,
    query: watchlistMatchesQuery,
    response: z.array(watchlistSchema),
    handler: async ({ app, auth, query }) => {
      const { rows, total } = await listOwnWatchlists(app.db, auth!.user.id, query);
      const stats = await watchlistStats(app.db, rows);
      const limits = limitsOf(auth!.user);
      const used = await watchlistUsage(app.db, auth!.user.id);
      return ok(
        rows.map((r) => presentWatchlist(r, stats.get(r.id)!)),
        {
          pagination: paginate(total, query.page, query.page_size),
          limits: { ...limits, used_watchlists: used.watchlists, used_webhooks: used.webhooks },
          /** Whether this server sends email digests (SMTP_URL is set). */
          email_enabled: !!app.config.smtpUrl,
        },
      );
    },
  }),

  defineRoute({
    id: 'watchlists.limits',
    method: 'GET',
    path: '/watchlists/limits',
    summary: 'How many watchlists, and of them with a webhook, the caller’s role allows and uses',
    tag,
    requirement: SIGNED_IN,
    response: watchlistLimitsSchema,
    handler: async ({ app, auth }) => {
      const used = await watchlistUsage(app.db, auth!.user.id);
      return ok({ ...limitsOf(auth!.user), used_watchlists: used.watchlists, used_webhooks: used.webhooks });
    },
  }),

  defineRoute({
    id: 'watchlists.alerts-per-day',
    method: 'GET',
    path: '/watchlists/alerts-per-day',
    summary: "How many matches the caller's watchlists made per day (UTC) over the last days (default 30, at most 90)",
    tag,
    requirement: SIGNED_IN,
    query: alertsPerDayQuery,
    response: alertsPerDaySchema,
    handler: async ({ app, auth, query }) => ok(await alertsPerDay(app.db, auth!.user.id, query.days)),
  }),

  defineRoute({
    id: 'watchlists.create',
    method: 'POST',
    path: '/watchlists',
    summary:
      'Watch a search: words (as in search), categories, a minimum profit label and source domains; optional email digest and webhook',
    tag,
    requirement: SIGNED_IN,
    body: createWatchlistBody,
    response: watchlistSchema,
    successStatus: 201,
    handler: async ({ app, auth, body }) => {
      const row = await createWatchlist(app.db, auth!.user, body, deliveryOptions(app.config));
      return ok(await ownWatchlist(app.db, auth!.user.id, row.id));
    },
  }),

  defineRoute({
    id: 'watchlists.get',
    method: 'GET',
    path: '/watchlists/:id',
    summary: 'One of your watchlists with its counts, weekly series and feed addresses',
    tag,
    requirement: SIGNED_IN,
    params: idParam,
    response: watchlistSchema,
    handler: async ({ app, auth, params }) => ok(await ownWatchlist(app.db, auth!.user.id, params.id)),
  }),

  defineRoute({
    id: 'watchlists.update',
    method: 'PUT',
    path: '/watchlists/:id',
    summary: 'Rename, pause or resume (paused), or change what a watchlist watches and how it tells you',
    tag,
    requirement: SIGNED_IN,
    params: idParam,
    body: updateWatchlistBody,
    response: watchlistSchema,
    handler: async ({ app, auth, params, body }) => {
      await updateWatchlist(app.db, auth!.user, params.id, body, deliveryOptions(app.config));
      return ok(await ownWatchlist(app.db, auth!.user.id, params.id));
    },
  }),

  defineRoute({
    id: 'watchlists.delete',
    method: 'DELETE',
    path: '/watchlists/:id',
    summary: 'Delete a watchlist with its matches; its feed stops at once',
    tag,
    requirement: SIGNED_IN,
    params: idParam,
    response: messageSchema,
    handler: async ({ app, auth, params }) => {
      await deleteWatchlist(app.db, auth!.user.id, params.id);
      return ok({ message: 'Watchlist deleted' });
    },
  }),

  defineRoute({
    id: 'watchlists.feed.rotate',
    method: 'POST',
    path: '/watchlists/:id/feed-token',
    summary: 'A new private feed address; the old one stops working at once',
    tag,
    requirement: SIGNED_IN,
    params: idParam,
    response: watchlistSchema,
    handler: async ({ app, auth, params }) => {
      await rotateFeedToken(app.db, auth!.user.id, params.id);
      return ok(await ownWatchlist(app.db, auth!.user.id, params.id));
    },
  }),

  defineRoute({
    id: 'watchlists.matches',
    method: 'GET',
    path: '/watchlists/:id/matches',
    summary:
      "A watchlist's matching ideas as idea cards, newest match first (with matched_at); the first page counts as seen",
    tag,
    requirement: SIGNED_IN,
    params: idParam,
    query: watchlistMatchesQuery,
    response: z.array(ideaCardSchema.extend({ matched_at: z.string() })),
    handler: async ({ app, auth, params, query }) => {
      if (!(await findOwnWatchlist(app.db, auth!.user.id, params.id))) throw notFound('Watchlist');
      const { rows, total } = await watchlistMatchCards(app.db, params.id, query);
      if (query.page === 1) await markWatchlistSeen(app.db, auth!.user.id, params.id);
      return ok(
        rows.map(({ matched_at, ...card }) => ({
          ...presentIdeaCard(card),
          matched_at: matched_at.toISOString(),
        })),
        { pagination: paginate(total, query.page, query.page_size) },
      );
    },
  }),

  defineRoute({
    id: 'watchlists.webhook-deliveries',
    method: 'GET',
    path: '/watchlists/:id/webhook-deliveries',
    summary: "A watchlist's webhook delivery log, newest first: status, tries, the receiver's last answer",
    tag,
    requirement: SIGNED_IN,
    params: idParam,
    query: watchlistMatchesQuery,
    response: z.array(webhookDeliverySchema),
    handler: async ({ app, auth, params, query }) => {
      if (!(await findOwnWatchlist(app.db, auth!.user.id, params.id))) throw notFound('Watchlist');
      const { rows, total } = await webhookDeliveriesOf(app.db, params.id, query);
      return ok(
        rows.map((d) => ({
          ...d,
          created_at: d.created_at.toISOString(),
          last_attempt_at: iso(d.last_attempt_at),
          delivered_at: iso(d.delivered_at),
        })),
        { pagination: paginate(total, query.page, query.page_size) },
      );
    },
  }),

  defineRoute({
    id: 'notifications.list',
    method: 'GET',
    path: '/notifications',
    summary:
      "The caller's notifications, one per watchlist match, newest first (unread=true: unread only); meta.unread_count",
    tag,
    requirement: SIGNED_IN,
    query: notificationsQuery,
    response: z.array(notificationSchema),
    handler: async ({ app, auth, query }) => {
      const { rows, total, unread } = await notificationsOf(app.db, auth!.user.id, {
        ...query,
        unread: query.unread === 'true',
      });
      return ok(rows.map(presentNotification), {
        pagination: paginate(total, query.page, query.page_size),
        unread_count: unread,
      });
    },
  }),

  defineRoute({
    id: 'notifications.read',
    method: 'POST',
    path: '/notifications/read',
    summary: 'Mark notifications read: the items named, or all: true (of one watchlist with watchlist_id)',
    tag,
    requirement: SIGNED_IN,
    body: markReadBody,
    response: z.object({ marked: z.number() }),
    handler: async ({ app, auth, body }) => ok({ marked: await markNotificationsRead(app.db, auth!.user.id, body) }),
  }),

  defineRoute({
    id: 'feeds.atom',
    method: 'GET',
    path: '/feeds/:token/atom.xml',
    summary: "A watchlist's newest matches as an Atom feed, at its private address (no sign-in; the token is the key)",
    tag,
    requirement: PUBLIC,
    params: feedTokenParam,
    response: z.string(),
    rawResponse: { types: ['application/atom+xml'], description: 'Atom 1.0' },
    handler: async ({ app, params, koa }) => {
      const feed = await feedOf(app.db, params.token);
      if (!feed) throw notFound('Feed');
      const origin = publicOrigin(app, koa);
      const body = atomFeed(feed.watchlist, feed.items, origin, `${origin}/api/v1/feeds/${params.token}/atom.xml`);
      return raw(Buffer.from(body), 'application/atom+xml; charset=utf-8', FEED_HEADERS);
    },
  }),

  defineRoute({
    id: 'feeds.json',
    method: 'GET',
    path: '/feeds/:token/feed.json',
    summary: "A watchlist's newest matches as a JSON Feed 1.1, at its private address",
    tag,
    requirement: PUBLIC,
    params: feedTokenParam,
    response: z.string(),
    rawResponse: { types: ['application/feed+json'], description: 'JSON Feed 1.1' },
    handler: async ({ app, params, koa }) => {
      const feed = await feedOf(app.db, params.token);
      if (!feed) throw notFound('Feed');
      const origin = publicOrigin(app, koa);
      const body = jsonFeed(feed.watchlist, feed.items, origin, `${origin}/api/v1/feeds/${params.token}/feed.json`);
      return raw(Buffer.from(body), 'application/feed+json; charset=utf-8', FEED_HEADERS);
    },
  }),
];
