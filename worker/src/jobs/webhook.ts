import { createHmac } from 'node:crypto';
import { Agent, fetch as undiciFetch } from 'undici';
import { WEBHOOK_MAX_ATTEMPTS } from '@ideamine/shared/jobs';
import net from 'node:net';
import {
  BlockedAddressError,
  hostOf,
  isBlockedAddress,
  judgedLookup,
  type AllowList,
} from '@ideamine/server/net/address-policy';
import { isMetadata } from '@ideamine/server/net/endpoint-policy';
import type { Db } from '@ideamine/server/db/database';

// Delivers one watchlist match to its webhook: a JSON POST signed with the watchlist's secret
// (X-Ideamine-Signature: sha256=<hex HMAC-SHA256 of the body>), through the same address guard
// as the crawler, so a user's URL cannot reach this server's private network, and without
// following redirects. Every try is written to the delivery's log; a failed try is retried by
// the queue with backoff until WEBHOOK_MAX_ATTEMPTS, then the delivery is recorded as failed.

const TIMEOUT_MS = 10_000;
/** How much of the receiver's answer the log keeps. */
const KEPT_RESPONSE_CHARS = 1000;

export interface WebhookSender {
  agent: Agent;
  allow: AllowList;
  /** Where the portal is, for the idea's address in the payload. */
  portalOrigin: string;
}

/** The crawler's rule, and link-local and metadata addresses never, whatever the allow-list says. */
function refusal(address: string, host: string, allow: AllowList): Error | null {
  return isMetadata(address) || isBlockedAddress(address, host, allow) ? new BlockedAddressError(host, address) : null;
}

export function createWebhookSender(allow: AllowList, portalOrigin: string): WebhookSender {
  const lookup = judgedLookup((address, host) => refusal(address, host, allow));
  return {
    agent: new Agent({ connections: 16, connect: { lookup, timeout: TIMEOUT_MS } }),
    allow,
    portalOrigin,
  };
}

export function signature(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

export async function handleWebhook(db: Db, sender: WebhookSender, deliveryId: number): Promise<void> {
  const delivery = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('watchlists as w', 'w.id', 'd.watchlist_id')
    .innerJoin('watchlist_matches as m', (j) =>
      j.onRef('m.watchlist_id', '=', 'd.watchlist_id').onRef('m.knowledge_id', '=', 'd.knowledge_id'),
    )
    .innerJoin('knowledge as k', 'k.id', 'd.knowledge_id')
    .select(['d.id', 'd.url', 'd.status', 'd.attempts', 'w.id as watchlist_id', 'w.name', 'w.webhook_secret'])
    .select(['m.matched_at', 'k.id as knowledge_id', 'k.slug', 'k.title', 'k.summary', 'k.categories'])
    .select(['k.profit_potential', 'k.profit_score', 'k.source_url', 'k.source_domain', 'k.created_at'])
    .select(['k.visibility', 'k.user_id', 'w.user_id as owner_id', 'k.deleted_at', 'k.merged_into_id'])
    .where('d.id', '=', deliveryId)
    .executeTakeFirst();
  // Gone with its watchlist, or delivered by an earlier try of this message: nothing to do.
  if (!delivery || delivery.status !== 'pending') return;
  const record = (fields: Record<string, unknown>) =>
    db
      .updateTable('webhook_deliveries')
      .set({ attempts: delivery.attempts + 1, last_attempt_at: new Date(), ...fields })
      .where('id', '=', deliveryId)
      .execute();
  const visible =
    !delivery.deleted_at &&
    !delivery.merged_into_id &&
    (delivery.visibility === 'public' || delivery.user_id === delivery.owner_id);
  if (!visible || !delivery.webhook_secret) {
    await record({ status: 'failed', error: 'The idea is no longer visible to the watchlist owner; nothing was sent' });
    return;
  }
  const path = `/ideas/${delivery.knowledge_id}/${delivery.slug}`;
  const body = JSON.stringify({
    event: 'watchlist.match',
    delivery_id: delivery.id,
    watchlist: { id: delivery.watchlist_id, name: delivery.name },
    matched_at: delivery.matched_at.toISOString(),
    idea: {
      id: delivery.knowledge_id,
      title: delivery.title,
      summary: delivery.summary,
      url: sender.portalOrigin + path,
      categories: delivery.categories,
      profit_potential: delivery.profit_potential,
      profit_score: delivery.profit_score === null ? null : Number(delivery.profit_score),
      source_url: delivery.source_url,
      source_domain: delivery.source_domain,
      created_at: delivery.created_at.toISOString(),
    },
  });
  let outcome: { ok: boolean; fields: Record<string, unknown> };
  try {
    const host = hostOf(delivery.url);
    // A literal address is never looked up: judged here instead.
    if (net.isIP(host)) {
      const refused = refusal(host, host, sender.allow);
      if (refused) throw refused;
    }
    const res = await undiciFetch(delivery.url, {
      method: 'POST',
      body,
      redirect: 'manual',
      dispatcher: sender.agent,
      signal: AbortSignal.timeout(TIMEOUT_MS),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Ideamine-Webhook/1',
        'x-ideamine-event': 'watchlist.match',
        'x-ideamine-delivery': String(delivery.id),
        'x-ideamine-signature': signature(delivery.webhook_secret, body),
      },
    });
    const text = (await res.text().catch(() => '')).slice(0, KEPT_RESPONSE_CHARS);
    const ok = res.status >= 200 && res.status < 300;
    outcome = {
      ok,
      fields: {
        response_status: res.status,
        response_body: text,
        error: ok ? null : `The receiver answered ${res.status}`,
      },
    };
  } catch (err) {
    const cause = (err as { cause?: Error }).cause;
    const message = (cause?.message ?? (err as Error).message).slice(0, 500);
    outcome = { ok: false, fields: { response_status: null, response_body: null, error: message } };
  }
  if (outcome.ok) {
    await record({ ...outcome.fields, status: 'delivered', delivered_at: new Date() });
    return;
  }
  const last = delivery.attempts + 1 >= WEBHOOK_MAX_ATTEMPTS;
  await record({ ...outcome.fields, status: last ? 'failed' : 'pending' });
  // Thrown for the queue to try again later (with backoff); the last failure is final.
  if (!last) throw new Error(`webhook delivery ${deliveryId} failed: ${String(outcome.fields.error)}`);
}
