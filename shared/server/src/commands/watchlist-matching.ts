import { sql } from 'kysely';
import type { Db } from '../db/database';

// Matching newly scored ideas against every active watchlist, in one statement for a batch of
// ideas, with the semantics of the public search (queries/public-ideas.ts): the watchlist's
// words as websearch_to_tsquery('english') against the idea's search vector, any of its
// categories, a profit label at least the one asked for, and any of its source domains. A
// private idea matches only its owner's watchlists. Each (watchlist, idea) pair matches once,
// so re-scoring an idea, or a retried message, never delivers it twice.

export interface NewMatch {
  watchlist_id: number;
  knowledge_id: number;
  user_id: number;
  /** The watchlist sends a webhook for each match. */
  webhook: boolean;
}

/**
 * The (watchlist, idea) pairs that match, for ideas by id. The conditions of the join run
 * cheapest first. The watchlist's query is stored (a generated column), so 10,000 watchlists
 * cost one scan of their rows and a tsquery test per idea, not a parse each; a watchlist
 * without words has an empty query and leaves the words out.
 */
export function matchingPairs(knowledgeIds: number[]) {
  return sql<{ watchlist_id: number; knowledge_id: number; user_id: number }>`
    SELECT w.id AS watchlist_id, k.id AS knowledge_id, w.user_id
    FROM knowledge k
    JOIN watchlists w ON w.paused_at IS NULL
      AND (k.visibility = 'public' OR k.user_id = w.user_id)
      AND profit_label_rank(k.profit_potential) >= profit_label_rank(w.min_profit_label)
      AND (w.categories = '{}' OR k.categories && w.categories)
      AND (w.sources = '{}' OR k.source_domain = ANY (w.sources))
      AND (numnode(w.query) = 0 OR k.search @@ w.query)
    WHERE k.id = ANY(${knowledgeIds}::int[])
      AND k.deleted_at IS NULL AND k.merged_into_id IS NULL AND k.analyzed_at IS NOT NULL`;
}

/** Records the new matches of these ideas; a pair matched before is left alone. */
export async function matchWatchlists(db: Db, knowledgeIds: number[]): Promise<NewMatch[]> {
  if (!knowledgeIds.length) return [];
  const result = await sql<NewMatch>`
    WITH matched AS (
      INSERT INTO watchlist_matches (watchlist_id, knowledge_id, user_id)
      ${matchingPairs(knowledgeIds)}
      ON CONFLICT DO NOTHING
      RETURNING watchlist_id, knowledge_id, user_id)
    SELECT m.watchlist_id, m.knowledge_id, m.user_id, w.webhook_url IS NOT NULL AS webhook
    FROM matched m JOIN watchlists w ON w.id = m.watchlist_id`.execute(db);
  return result.rows;
}
