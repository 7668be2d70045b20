import { sql } from 'kysely';
import type { Db } from '../db/database';
import { foldRawPageCount } from './raw-page-count';
import { foldPublicCounts } from './public-counts';
import { foldIdeaModelCounts } from './rescoring';

// Rollups of live ideas (migration 0015): idea_daily (per UTC day and profit label), idea_domains
// (per source domain) and idea_terms_daily (keyword, category and tag uses per day, and public
// ideas' keywords per day: migration 0031). Triggers on
// knowledge append every change to the *_changes tables; foldIdeaRollups adds those into the
// rollups (and the raw_data counter, see raw-page-count.ts). The relations below are rollup plus
// unfolded changes, so reading them is exact whether or not a fold has run since the last write.

/** pg advisory lock key serialising folds across API processes and workers. */
const LOCK_KEY = 4_201_302;
/** Past this many unfolded changes in a table a dashboard read folds first (the worker tick folds too). */
export const FOLD_AFTER_CHANGES = 20_000;

/** idea_daily with the changes not folded yet: rows (day, profit_label, ideas, enriched, analyzed, profit_sum, profit_count, scored). */
export const IDEA_DAILY = sql`(
  SELECT day, profit_label, ideas, enriched, analyzed, profit_sum, profit_count, scored FROM idea_daily
  UNION ALL
  SELECT day, profit_label, ideas, enriched, analyzed, profit_sum, profit_count, scored FROM idea_daily_changes)`;

/** idea_domains with the changes not folded yet: rows (domain, ideas). */
export const IDEA_DOMAINS = sql`(
  SELECT domain, ideas FROM idea_domains UNION ALL SELECT domain, ideas FROM idea_domain_changes)`;

/** Uses of one kind of term per day, with the changes not folded yet: rows (day, term, uses). */
export const ideaTerms = (kind: 'keyword' | 'category' | 'tag' | 'public_keyword') => sql`(
  SELECT day, term, uses FROM idea_terms_daily WHERE kind = ${kind}
  UNION ALL
  SELECT day, term, uses FROM idea_term_changes WHERE kind = ${kind})`;

/**
 * Moves the appended changes into the rollups, one statement per table, in one transaction: the
 * rows deleted from a change table are exactly the ones added, so a concurrent reader sees them
 * in one place or the other. Keys that fall to zero are removed. Returns false, doing nothing,
 * when another fold holds the lock (readers are exact either way).
 */
export async function foldIdeaRollups(db: Db): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ locked: boolean }>`SELECT pg_try_advisory_xact_lock(${LOCK_KEY}) AS locked`.execute(
      trx,
    );
    if (!rows[0]?.locked) return false;
    await sql`
      WITH moved AS (DELETE FROM idea_daily_changes RETURNING *),
      summed AS (
        SELECT day, profit_label, sum(ideas) AS ideas, sum(enriched) AS enriched, sum(analyzed) AS analyzed,
               sum(profit_sum) AS profit_sum, sum(profit_count) AS profit_count, sum(scored) AS scored
        FROM moved GROUP BY day, profit_label
      )
      INSERT INTO idea_daily AS d (day, profit_label, ideas, enriched, analyzed, profit_sum, profit_count, scored)
      SELECT * FROM summed
      ON CONFLICT (day, profit_label) DO UPDATE SET
        ideas = d.ideas + excluded.ideas, enriched = d.enriched + excluded.enriched,
        analyzed = d.analyzed + excluded.analyzed, profit_sum = d.profit_sum + excluded.profit_sum,
        profit_count = d.profit_count + excluded.profit_count, scored = d.scored + excluded.scored`.execute(trx);
    await sql`
      WITH moved AS (DELETE FROM idea_domain_changes RETURNING *)
      INSERT INTO idea_domains AS d (domain, ideas)
      SELECT domain, sum(ideas) FROM moved GROUP BY domain
      ON CONFLICT (domain) DO UPDATE SET ideas = d.ideas + excluded.ideas`.execute(trx);
    // idea_terms_daily is large (days x terms): only the keys this fold brought to zero are cleared.
    const { rows: zero } = await sql<{ kind: string; day: Date; term: string }>`
      WITH moved AS (DELETE FROM idea_term_changes RETURNING *),
      upserted AS (
        INSERT INTO idea_terms_daily AS t (kind, day, term, uses)
        SELECT kind, day, term, sum(uses) FROM moved GROUP BY kind, day, term
        ON CONFLICT (kind, day, term) DO UPDATE SET uses = t.uses + excluded.uses
        RETURNING kind, day, term, uses
      )
      SELECT kind, day, term FROM upserted WHERE uses = 0`.execute(trx);
    if (zero.length)
      await sql`
        DELETE FROM idea_terms_daily
        WHERE uses = 0 AND (kind, day, term) IN (
          SELECT * FROM unnest(${zero.map((r) => r.kind)}::text[], ${zero.map((r) => r.day)}::timestamptz[],
                               ${zero.map((r) => r.term)}::text[]))`.execute(trx);
    // idea_daily and idea_domains stay small (days x labels, domains): one pass clears their zeros.
    await sql`DELETE FROM idea_daily WHERE ideas = 0`.execute(trx);
    await sql`DELETE FROM idea_domains WHERE ideas = 0`.execute(trx);
    await foldRawPageCount(trx);
    await foldPublicCounts(trx);
    await foldIdeaModelCounts(trx);
    return true;
  });
}

/** The dashboard's lazy path: fold first when many changes wait (no worker tick has folded them). */
export async function ensureIdeaRollups(db: Db): Promise<void> {
  const { rows } = await sql<{ behind: boolean }>`
    SELECT EXISTS (SELECT 1 FROM idea_term_changes OFFSET ${FOLD_AFTER_CHANGES})
        OR EXISTS (SELECT 1 FROM idea_daily_changes OFFSET ${FOLD_AFTER_CHANGES})
        OR EXISTS (SELECT 1 FROM raw_data_count_changes OFFSET ${FOLD_AFTER_CHANGES})
        OR EXISTS (SELECT 1 FROM public_idea_count_changes OFFSET ${FOLD_AFTER_CHANGES})
        OR EXISTS (SELECT 1 FROM idea_model_count_changes OFFSET ${FOLD_AFTER_CHANGES}) AS behind`.execute(db);
  if (rows[0]?.behind) await foldIdeaRollups(db);
}
