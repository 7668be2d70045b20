import { sql } from 'kysely';
import type { WorkerContext } from '../context';
import { evaluateIdea } from '@ideamine/server/llm/evaluate-idea';

// A batch profit analysis: each idea of the batch analysed once, progress counted from the rows
// written, so a retried message resumes where the last attempt stopped.

export async function handleProfitBatch(w: WorkerContext, batchId: number): Promise<void> {
  const batch = await w.db
    .updateTable('profit_analysis_batches')
    .set({ status: 'active', started_at: sql`coalesce(started_at, now())`, updated_at: new Date() })
    .where('id', '=', batchId)
    .where('status', 'in', ['pending', 'active'])
    .returning(['id', 'user_id', 'knowledge_ids'])
    .executeTakeFirst();
  if (!batch) return; // finished or deleted meanwhile
  const done = new Set(
    (await w.db.selectFrom('profit_analyses').select('knowledge_id').where('batch_id', '=', batchId).execute()).map(
      (r) => r.knowledge_id,
    ),
  );
  const provider = await w.llm();
  for (const id of batch.knowledge_ids) {
    if (done.has(id)) continue;
    const idea = await w.db
      .selectFrom('knowledge')
      .select(['title', 'summary', 'body'])
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    let outcome: { status: 'completed'; result: string } | { status: 'failed'; error: string };
    try {
      if (!idea) throw new Error('The idea no longer exists');
      const e = await evaluateIdea(w.db, provider, idea, 'profit_analysis', id);
      outcome = { status: 'completed', result: JSON.stringify(e) };
    } catch (err) {
      outcome = { status: 'failed', error: (err as Error).message.slice(0, 1000) };
    }
    await w.db
      .insertInto('profit_analyses')
      .values({ knowledge_id: id, user_id: batch.user_id, batch_id: batchId, ...outcome })
      .onConflict((oc) => oc.columns(['batch_id', 'knowledge_id']).where('batch_id', 'is not', null).doNothing())
      .execute();
    await countProgress(w, batchId);
  }
  await countProgress(w, batchId, true);
  w.processed['profit-analysis'] += 1;
}

async function countProgress(w: WorkerContext, batchId: number, finished = false): Promise<void> {
  await w.db
    .updateTable('profit_analysis_batches')
    .set({
      completed: sql`(SELECT count(*) FROM profit_analyses WHERE batch_id = ${batchId} AND status = 'completed')`,
      failed: sql`(SELECT count(*) FROM profit_analyses WHERE batch_id = ${batchId} AND status = 'failed')`,
      updated_at: new Date(),
      ...(finished ? { status: 'completed' as const, finished_at: new Date() } : {}),
    })
    .where('id', '=', batchId)
    .execute();
}
