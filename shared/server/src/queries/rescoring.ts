import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { ideaModel } from '../llm/idea-model/model';

// Which ideas a newer idea model should score again: live, analysed ideas scored by another
// version of the local model (or before versions were recorded). Ideas scored by an
// OpenAI-compatible model keep their scores: re-scoring them would cost money and replace a
// deliberate choice.

export function staleScores(eb: ExpressionBuilder<Database, 'knowledge'>) {
  const current = ideaModel().version;
  return eb.and([
    eb('analyzed_at', 'is not', null),
    eb('deleted_at', 'is', null),
    eb('merged_into_id', 'is', null),
    eb.or([
      eb('model_version', 'is', null),
      eb.and([eb('model_version', 'like', 'idea-model-%'), eb('model_version', '<>', current)]),
    ]),
  ]);
}

/**
 * How far re-scoring has come: ideas still on an older model, of all analysed ideas. From the
 * per-version counters (migration 0033) plus the changes not folded yet, never a count of the
 * ideas; the versions that count as stale are the ones staleScores picks.
 */
export async function rescoringProgress(db: Db): Promise<{ model_version: string; stale: number; analysed: number }> {
  const current = ideaModel().version;
  const { rows } = await sql<{ stale: string | null; analysed: string | null }>`
    SELECT sum(ideas) FILTER (WHERE model_version = '' OR (model_version LIKE 'idea-model-%' AND model_version <> ${current})) AS stale,
           sum(ideas) AS analysed
    FROM (SELECT model_version, ideas FROM idea_model_counts
          UNION ALL SELECT model_version, ideas FROM idea_model_count_changes) AS c`.execute(db);
  return { model_version: current, stale: Number(rows[0]?.stale ?? 0), analysed: Number(rows[0]?.analysed ?? 0) };
}

/** Moves the appended per-version changes into the counters (inside foldIdeaRollups, under its lock). */
export async function foldIdeaModelCounts(trx: Db): Promise<void> {
  await sql`
    WITH moved AS (DELETE FROM idea_model_count_changes RETURNING *)
    INSERT INTO idea_model_counts AS c (model_version, ideas)
    SELECT model_version, sum(ideas) FROM moved GROUP BY 1
    ON CONFLICT (model_version) DO UPDATE SET ideas = c.ideas + excluded.ideas`.execute(trx);
  await sql`DELETE FROM idea_model_counts WHERE ideas = 0`.execute(trx);
}

/** A queued mark older than this is taken as lost (its message died) and the idea is queued again. */
export const RESCORE_REQUEUE_AFTER = sql`interval '1 hour'`;
