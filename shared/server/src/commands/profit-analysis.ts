import { evaluateIdea } from '../llm/evaluate-idea';
import type { AppContext } from '../context';
import { ApiError, notFound } from '../errors';
import { withProvider } from '../llm/run-llm';
import { visibleTo, type Viewer } from '../queries/knowledge-visibility';
import { bossDb, sendMany } from '../queue/boss';

// Profit analysis of existing ideas: one at once inside the request, or a batch through the
// profit-analysis queue with progress the caller can poll.

/** Live ideas the caller may see: someone else's private idea is as unknown as a wrong id. */
const liveIdeas = (app: AppContext, viewer: Viewer, ids: number[]) =>
  app.db
    .selectFrom('knowledge')
    .select(['id', 'title', 'summary', 'body'])
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .where(visibleTo(viewer))
    .execute();

export async function analyseOne(app: AppContext, viewer: Viewer, knowledgeId: number) {
  const userId = viewer.id;
  const [idea] = await liveIdeas(app, viewer, [knowledgeId]);
  if (!idea) throw notFound('Idea');
  const result = await withProvider(app, (p) => evaluateIdea(app.db, p, idea, 'profit_analysis', idea.id));
  const row = await app.db
    .insertInto('profit_analyses')
    .values({ knowledge_id: idea.id, user_id: userId, status: 'completed', result: JSON.stringify(result) })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { ...row, title: idea.title };
}

/** Refuses the whole batch when an id is unknown, so nothing is queued for a typo. */
export async function startBatch(app: AppContext, viewer: Viewer, ids: number[]) {
  const userId = viewer.id;
  const unique = [...new Set(ids)];
  const found = new Set((await liveIdeas(app, viewer, unique)).map((r) => r.id));
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length)
    throw new ApiError(
      'VALIDATION_ERROR',
      `knowledge_ids holds ideas that do not exist: ${missing.join(', ')}`,
      'knowledge_ids',
    );
  return app.db.transaction().execute(async (trx) => {
    const batch = await trx
      .insertInto('profit_analysis_batches')
      .values({ user_id: userId, knowledge_ids: unique, total: unique.length })
      .returningAll()
      .executeTakeFirstOrThrow();
    await sendMany(app.boss, 'profit-analysis', [{ batchId: batch.id }], { db: bossDb(trx) });
    return batch;
  });
}
