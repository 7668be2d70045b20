import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { CreateWatchlistBody, MarkReadBody, UpdateWatchlistBody } from '@ideamine/shared/contract/watchlists';
import { limitsOf, type Principal } from '@ideamine/shared/permissions';
import type { Db } from '../db/database';
import { ApiError, notFound } from '../errors';
import net from 'node:net';
import { addressesOf, checkCrawlTarget, hostOf, parseAllowList } from '../net/address-policy';
import { isMetadata } from '../net/endpoint-policy';
import { watchlistUsage, type WatchlistRow } from '../queries/watchlists';

// Writes of watchlists. Creation and any change that adds a webhook lock the user row first,
// so two concurrent requests cannot pass the role's limits together.

export interface WatchlistOwner extends Principal {
  id: number;
}

const newToken = () => randomBytes(32).toString('base64url');

/** Words that leave nothing to search for ("the", "-") would match every idea: refused. */
async function checkWords(db: Db, words: string | undefined): Promise<void> {
  if (!words) return;
  const r = await sql<{ n: number }>`SELECT numnode(websearch_to_tsquery('english', ${words})) AS n`.execute(db);
  if (!r.rows[0]?.n)
    throw new ApiError(
      'VALIDATION_ERROR',
      'words holds only common words that search ignores; add a more specific word, or leave words empty',
      'words',
    );
}

/** What the server can deliver: where webhooks may point, and whether email is set up. */
export interface DeliveryOptions {
  webhookAllowPrivate: string;
  emailEnabled: boolean;
}

function checkDigest(digest: string | undefined, emailEnabled: boolean): void {
  if (digest && digest !== 'off' && !emailEnabled)
    throw new ApiError(
      'VALIDATION_ERROR',
      'email_digest cannot be daily or weekly: this server sends no email (the operator has not set SMTP_URL); use the feed or a webhook',
      'email_digest',
    );
}

/** A webhook may not point at this server's private network (the address it resolves to now). */
async function checkWebhook(url: string | null | undefined, allowPrivate: string): Promise<void> {
  if (!url) return;
  const host = hostOf(url);
  const addresses = net.isIP(host) ? [host] : (await addressesOf(host)).map((a) => a.address);
  const metadata = addresses.find(isMetadata);
  const refusal = metadata
    ? `${host} is or resolves to ${metadata}, a link-local or cloud metadata address`
    : await checkCrawlTarget(url, parseAllowList(allowPrivate));
  if (refusal)
    throw new ApiError(
      'VALIDATION_ERROR',
      `webhook_url is not allowed: ${refusal}; use a public address`,
      'webhook_url',
    );
}

async function checkLimits(trx: Db, owner: WatchlistOwner, adding: { watchlist: boolean; webhook: boolean }) {
  await trx.selectFrom('users').select('id').where('id', '=', owner.id).forNoKeyUpdate().executeTakeFirstOrThrow();
  const limits = limitsOf(owner);
  const used = await watchlistUsage(trx, owner.id);
  if (adding.watchlist && used.watchlists >= limits.watchlists)
    throw new ApiError(
      'CONFLICT',
      `You already have ${limits.watchlists} watchlists, the most your role allows; delete one to add another`,
    );
  if (adding.webhook && used.webhooks >= limits.webhooks)
    throw new ApiError(
      'CONFLICT',
      limits.webhooks === 0
        ? 'Your role cannot send webhooks; leave webhook_url empty, or ask for a trial or developer account'
        : `You already have ${limits.webhooks} watchlists with a webhook, the most your role allows`,
      'webhook_url',
    );
}

export async function createWatchlist(
  db: Db,
  owner: WatchlistOwner,
  body: CreateWatchlistBody,
  options: DeliveryOptions,
): Promise<WatchlistRow> {
  await checkWords(db, body.words);
  checkDigest(body.email_digest, options.emailEnabled);
  await checkWebhook(body.webhook_url, options.webhookAllowPrivate);
  return db.transaction().execute(async (trx) => {
    await checkLimits(trx, owner, { watchlist: true, webhook: !!body.webhook_url });
    return trx
      .insertInto('watchlists')
      .values({
        user_id: owner.id,
        name: body.name,
        words: body.words,
        categories: body.categories,
        min_profit_label: body.min_profit_label,
        sources: body.sources,
        email_digest: body.email_digest,
        webhook_url: body.webhook_url,
        webhook_secret: body.webhook_url ? newToken() : null,
        feed_token: newToken(),
        email_token: newToken(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

export async function updateWatchlist(
  db: Db,
  owner: WatchlistOwner,
  id: number,
  body: UpdateWatchlistBody,
  options: DeliveryOptions,
): Promise<void> {
  await checkWords(db, body.words);
  checkDigest(body.email_digest, options.emailEnabled);
  await checkWebhook(body.webhook_url, options.webhookAllowPrivate);
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('watchlists')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', owner.id)
      .forNoKeyUpdate()
      .executeTakeFirst();
    if (!row) throw notFound('Watchlist');
    const addsWebhook = !!body.webhook_url && !row.webhook_url;
    if (addsWebhook) await checkLimits(trx, owner, { watchlist: false, webhook: true });
    const { paused, webhook_url, ...rest } = body;
    await trx
      .updateTable('watchlists')
      .set({
        ...rest,
        ...(paused === undefined ? {} : { paused_at: paused ? (row.paused_at ?? new Date()) : null }),
        ...(webhook_url === undefined
          ? {}
          : { webhook_url, webhook_secret: webhook_url ? (row.webhook_secret ?? newToken()) : null }),
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .execute();
  });
}

export async function deleteWatchlist(db: Db, userId: number, id: number): Promise<void> {
  const r = await db.deleteFrom('watchlists').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!r.numDeletedRows) throw notFound('Watchlist');
}

/** A new feed address; the old one stops answering at once. */
export async function rotateFeedToken(db: Db, userId: number, id: number): Promise<void> {
  const r = await db
    .updateTable('watchlists')
    .set({ feed_token: newToken(), updated_at: new Date() })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!r.numUpdatedRows) throw notFound('Watchlist');
}

/** The owner has looked at the watchlist's matches: none of them counts as new any more. */
export async function markWatchlistSeen(db: Db, userId: number, id: number): Promise<void> {
  await db
    .updateTable('watchlists')
    .set({ seen_at: new Date() })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .execute();
}

/** Marks the caller's notifications read: the items named, or all (of one watchlist). Answers how many. */
export async function markNotificationsRead(db: Db, userId: number, body: MarkReadBody): Promise<number> {
  let q = db
    .updateTable('watchlist_matches')
    .set({ read_at: new Date() })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if (body.watchlist_id) q = q.where('watchlist_id', '=', body.watchlist_id);
  if (!body.all) {
    const items = body.items ?? [];
    q = q.where((eb) =>
      eb.or(
        items.map((i) => eb.and([eb('watchlist_id', '=', i.watchlist_id), eb('knowledge_id', '=', i.knowledge_id)])),
      ),
    );
  }
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows);
}
