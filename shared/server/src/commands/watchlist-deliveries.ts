import { sql } from 'kysely';
import type PgBoss from 'pg-boss';
import type { Db } from '../db/database';
import { bossDb, sendMany } from '../queue/boss';
import { matchWatchlists, type NewMatch } from './watchlist-matching';

// What follows an idea's scoring: its matches with the active watchlists and, for each match
// whose watchlist has a webhook, a delivery row with its queue message, all in one transaction:
// a match is never recorded without its delivery, nor delivered twice. The portal's
// notifications and the feeds read the matches themselves; the email digest marks them sent.

export async function recordWatchlistMatches(db: Db, boss: PgBoss, knowledgeIds: number[]): Promise<NewMatch[]> {
  if (!knowledgeIds.length) return [];
  return db.transaction().execute(async (trx) => {
    const matches = await matchWatchlists(trx, knowledgeIds);
    const hooked = matches.filter((m) => m.webhook);
    if (hooked.length) {
      const deliveries = await sql<{ id: number }>`
        INSERT INTO webhook_deliveries (watchlist_id, knowledge_id, url)
        SELECT w.id, pair.knowledge_id, w.webhook_url
        FROM unnest(${hooked.map((m) => m.watchlist_id)}::int[], ${hooked.map((m) => m.knowledge_id)}::int[])
          AS pair (watchlist_id, knowledge_id)
        JOIN watchlists w ON w.id = pair.watchlist_id AND w.webhook_url IS NOT NULL
        ON CONFLICT DO NOTHING
        RETURNING id`.execute(trx);
      await sendMany(
        boss,
        'webhook',
        deliveries.rows.map((d) => ({ deliveryId: d.id })),
        { db: bossDb(trx) },
      );
    }
    return matches;
  });
}
