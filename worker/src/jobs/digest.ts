import { sql } from 'kysely';
import type { Db } from '@ideamine/server/db/database';
import type { Mailer } from '@ideamine/server/mail/mailer';
import { digestMail, type DigestIdea } from './digest-mail';

// The watchlist email digests, run every hour by the queue's schedule: each watchlist whose
// daily or weekly digest is due and that has matches no digest carried yet gets one email. The
// matches it carried are marked and the watchlist's digest time moved in the same transaction,
// with the row locked (SKIP LOCKED), so two workers never send the same digest. A failed send
// is written to the history and tried again next hour.

/** A little less than a day or a week, so an hourly schedule's drift never skips a period. */
const DUE_AFTER = { daily: '23 hours', weekly: '167 hours' } as const;
/** Watchlists handled per run; the rest wait for the next hour. */
const PER_RUN = 200;
/** Ideas listed in one email; the rest are counted ("and 12 more"). */
export const LISTED_IDEAS = 20;

export interface DigestSender {
  mailer: Mailer | null;
  origin: string;
}

export async function sendDueDigests(db: Db, sender: DigestSender, now = new Date()): Promise<number> {
  if (!sender.mailer) return 0;
  const due = await sql<{ id: number }>`
    SELECT w.id FROM watchlists w
    WHERE w.email_digest <> 'off' AND w.paused_at IS NULL
      AND (w.digest_sent_at IS NULL OR w.digest_sent_at <= ${now}::timestamptz - (CASE w.email_digest
        WHEN 'daily' THEN ${DUE_AFTER.daily} ELSE ${DUE_AFTER.weekly} END)::interval)
      AND EXISTS (SELECT 1 FROM watchlist_matches m WHERE m.watchlist_id = w.id AND m.digested_at IS NULL)
    ORDER BY w.digest_sent_at NULLS FIRST, w.id
    LIMIT ${PER_RUN}`.execute(db);
  let sent = 0;
  for (const { id } of due.rows) if (await sendDigest(db, sender.mailer, sender.origin, id, now)) sent++;
  return sent;
}

async function sendDigest(db: Db, mailer: Mailer, origin: string, watchlistId: number, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const w = await trx
      .selectFrom('watchlists as w')
      .innerJoin('users as u', 'u.id', 'w.user_id')
      .select(['w.id', 'w.name', 'w.email_digest', 'w.email_token', 'u.email', 'u.username'])
      .where('w.id', '=', watchlistId)
      .where('w.email_digest', '<>', 'off')
      .forUpdate('w')
      .skipLocked()
      .executeTakeFirst();
    if (!w) return false;
    const matches = await sql<DigestIdea & { knowledge_id: number }>`
      SELECT m.knowledge_id, k.id, k.slug, k.title, k.summary, k.profit_potential, k.source_domain, m.matched_at
      FROM watchlist_matches m JOIN knowledge k ON k.id = m.knowledge_id
      WHERE m.watchlist_id = ${w.id} AND m.digested_at IS NULL
        AND k.deleted_at IS NULL AND k.merged_into_id IS NULL
        AND (k.visibility = 'public' OR k.user_id = m.user_id)
      ORDER BY m.matched_at DESC, m.knowledge_id DESC`.execute(trx);
    // Matches whose ideas went away since are marked too: nothing is left to send for them.
    const mark = () =>
      trx
        .updateTable('watchlist_matches')
        .set({ digested_at: now })
        .where('watchlist_id', '=', w.id)
        .where('digested_at', 'is', null)
        .execute();
    if (!matches.rows.length) {
      await mark();
      return false;
    }
    const unsubscribe = `${origin}/api/v1/watchlists/unsubscribe/${w.email_token}`;
    const mail = digestMail({
      watchlist: w.name,
      period: w.email_digest === 'weekly' ? 'weekly' : 'daily',
      ideas: matches.rows.slice(0, LISTED_IDEAS),
      total: matches.rows.length,
      origin,
      unsubscribe,
    });
    try {
      await mailer.send({
        to: w.email,
        ...mail,
        headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      });
    } catch (err) {
      await trx
        .insertInto('email_digests')
        .values({
          watchlist_id: w.id,
          to_address: w.email,
          match_count: matches.rows.length,
          status: 'failed',
          error: String((err as Error).message).slice(0, 500),
        })
        .execute();
      return false;
    }
    await mark();
    await trx.updateTable('watchlists').set({ digest_sent_at: now }).where('id', '=', w.id).execute();
    await trx
      .insertInto('email_digests')
      .values({ watchlist_id: w.id, to_address: w.email, match_count: matches.rows.length, status: 'sent' })
      .execute();
    return true;
  });
}
