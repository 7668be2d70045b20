import { sql } from 'kysely';
import { bossDb, chunk, sendMany } from '@ideamine/server/queue/boss';
import { RESCORE_REQUEUE_AFTER, staleScores } from '@ideamine/server/queries/rescoring';
import { TASKS_PER_MESSAGE } from '@ideamine/shared/jobs';
import type { WorkerContext } from '../context';

// Re-scoring after the idea model changes. Each minute's tick queues up to RESCORE_PER_TICK
// ideas still scored by an older local model as `analyse` messages marked `rescore`; the analyse
// step scores them again in place, one row at a time, so public lists show the old scores or the
// new, never a gap. The admin dashboard's Idea Pipeline widget shows how many are left.

/** Ideas queued per tick: a few seconds of a worker's time at about 2 ms an idea. */
export const RESCORE_PER_TICK = 2_000;

export async function queueRescores(w: WorkerContext): Promise<number> {
  // Only the local model is re-run: see staleScores for why OpenAI-scored ideas are left alone.
  if ((await w.llm()).name !== 'local') return 0;
  return w.db.transaction().execute(async (trx) => {
    const ids = (
      await trx
        .updateTable('knowledge')
        .set({ rescore_queued_at: new Date() })
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('knowledge')
            .select('id')
            .where(staleScores)
            .where((f) =>
              f.or([
                f('rescore_queued_at', 'is', null),
                f('rescore_queued_at', '<', sql<Date>`now() - ${RESCORE_REQUEUE_AFTER}`),
              ]),
            )
            .orderBy('id')
            .limit(RESCORE_PER_TICK)
            .forUpdate()
            .skipLocked(),
        )
        .returning('id')
        .execute()
    ).map((r) => r.id);
    await sendMany(
      w.boss,
      'analyse',
      chunk(ids, TASKS_PER_MESSAGE).map((knowledgeIds) => ({ knowledgeIds, rescore: true })),
      { db: bossDb(trx) },
    );
    return ids.length;
  });
}
