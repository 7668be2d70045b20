import { sql } from 'kysely';
import type { ProfitLabel } from '@ideamine/shared/contract/knowledge';
import type { Db } from '../db/database';
import { runPrepared } from '../db/prepared';

// Totals of the public ideas list from counters (migration 0026), never a count of the rows:
// public ideas per category x profit label x kind, kept exact by triggers on knowledge. A read
// adds the folded counter and the changes not folded yet, so it is exact whether or not a fold
// has run since the last write.

export interface PublicCountKey {
  /** A category slug; none for any category. */
  category?: string | undefined;
  /** The profit labels counted (profitLabelsOf); none for any label. */
  labels?: readonly ProfitLabel[] | undefined;
  user_filter: 'all' | 'community' | 'crawled';
}

export async function publicIdeaCount(db: Db, key: PublicCountKey): Promise<number> {
  const category = key.category ?? '*';
  // Counters are kept per label and for any label ('*'); several labels add up theirs.
  const labels = key.labels ?? ['*'];
  const kind = key.user_filter;
  // Prepared: every list page reads its total this way.
  const rows = await runPrepared(
    db,
    sql<{ n: string | null }>`
    SELECT sum(ideas) AS n FROM (
      SELECT ideas FROM public_idea_counts
      WHERE category = ${category} AND profit_label = ANY(${labels}::text[]) AND kind = ${kind}
      UNION ALL
      SELECT ideas FROM public_idea_count_changes
      WHERE category = ${category} AND profit_label = ANY(${labels}::text[]) AND kind = ${kind}
    ) c`.compile(db),
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * Moves the appended changes into the counters (inside foldIdeaRollups, under its lock): the rows
 * deleted from the change table are exactly the ones added, so a reader sees each change once.
 */
export async function foldPublicCounts(trx: Db): Promise<void> {
  await sql`
    WITH moved AS (DELETE FROM public_idea_count_changes RETURNING *)
    INSERT INTO public_idea_counts AS c (category, profit_label, kind, ideas)
    SELECT category, profit_label, kind, sum(ideas) FROM moved GROUP BY 1, 2, 3
    ON CONFLICT (category, profit_label, kind) DO UPDATE SET ideas = c.ideas + excluded.ideas`.execute(trx);
  await sql`DELETE FROM public_idea_counts WHERE ideas = 0`.execute(trx);
}
