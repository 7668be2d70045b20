import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { ENGAGEMENT_MIN_MS } from '@ideamine/shared/limits';
import type { Db } from '../db/database';

// Views, time on page, app requests and implementations of an idea. Callers check that the idea
// is visible before calling these.

/** One row per detail visit; the token lets the page report its time on page later. */
export async function recordView(db: Db, knowledgeId: number, userId: number | null, viewerKey: string) {
  const token = randomBytes(16).toString('base64url');
  await db
    .insertInto('knowledge_views')
    .values({ token, knowledge_id: knowledgeId, user_id: userId, viewer_key: viewerKey })
    .execute();
  return token;
}

/** Stores time on page for a view; visits of ENGAGEMENT_MIN_MS or less are not engagement and are ignored. */
export async function recordTimeOnPage(db: Db, knowledgeId: number, token: string, ms: number): Promise<boolean> {
  if (ms <= ENGAGEMENT_MIN_MS) return false;
  const row = await db
    .updateTable('knowledge_views')
    .set({ time_on_page_ms: sql`greatest(coalesce(time_on_page_ms, 0), ${ms})`, updated_at: new Date() })
    .where('token', '=', token)
    .where('knowledge_id', '=', knowledgeId)
    .returning('id')
    .executeTakeFirst();
  return !!row;
}

/** Idempotent: a second request by the same user changes nothing. Returns whether a row was added. */
export async function requestApp(db: Db, userId: number, knowledgeId: number, message: string): Promise<boolean> {
  const row = await db
    .insertInto('knowledge_app_requests')
    .values({ user_id: userId, knowledge_id: knowledgeId, message })
    .onConflict((oc) => oc.columns(['user_id', 'knowledge_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return !!row;
}

export async function markImplementing(
  db: Db,
  userId: number,
  knowledgeId: number,
  details: { url: string | null; notes: string },
): Promise<void> {
  await db
    .insertInto('knowledge_implementations')
    .values({ user_id: userId, knowledge_id: knowledgeId, url: details.url, notes: details.notes })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'knowledge_id'])
        .doUpdateSet({ url: details.url, notes: details.notes, updated_at: new Date() }),
    )
    .execute();
}

export async function unmarkImplementing(db: Db, userId: number, knowledgeId: number): Promise<boolean> {
  const r = await db
    .deleteFrom('knowledge_implementations')
    .where('user_id', '=', userId)
    .where('knowledge_id', '=', knowledgeId)
    .executeTakeFirst();
  return r.numDeletedRows > 0n;
}
