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

/** How far re-scoring has come: ideas still on an older model, of all analysed ideas. */
export async function rescoringProgress(db: Db): Promise<{ model_version: string; stale: number; analysed: number }> {
  const row = await db
    .selectFrom('knowledge')
    .select((eb) => [
      eb.fn.count<string>('id').filterWhere(staleScores(eb)).as('stale'),
      eb.fn
        .count<string>('id')
        .filterWhere((f) =>
          f.and([f('analyzed_at', 'is not', null), f('deleted_at', 'is', null), f('merged_into_id', 'is', null)]),
        )
        .as('analysed'),
    ])
    .executeTakeFirstOrThrow();
  return { model_version: ideaModel().version, stale: Number(row.stale), analysed: Number(row.analysed) };
}

/** A queued mark older than this is taken as lost (its message died) and the idea is queued again. */
export const RESCORE_REQUEUE_AFTER = sql`interval '1 hour'`;
