import type { WorkerContext } from '../context';
import { recordedCall } from '@ideamine/server/llm/call-log';
import { batchFailure, eachIdea } from '@ideamine/server/llm/provider';
import { scoreColumns } from '@ideamine/server/llm/scoring';

// The analyse stage: the four sub-scores (0-10), the profit score and its label, the four
// innovation scores (0-5) with their mean as the overall score, and key strengths; with the
// sentences that drove each sub-score and the model that scored them.

export async function handleAnalyse(w: WorkerContext, knowledgeIds: number[]): Promise<void> {
  const rows = await w.db
    .selectFrom('knowledge')
    .select(['id', 'title', 'summary', 'body', 'categories', 'keywords', 'key_strengths'])
    .where('id', 'in', knowledgeIds)
    .where('deleted_at', 'is', null)
    .where('merged_into_id', 'is', null)
    .where('enriched_at', 'is not', null)
    .where('analyzed_at', 'is', null)
    .execute();
  if (!rows.length) return;
  const provider = await w.llm();
  // As in enrich: an unusable answer skips its idea, and the message is retried for it.
  const skipped = await eachIdea(rows, async (row) => {
    const a = await recordedCall(w.db, provider, 'analyse', row.id, () => provider.analyse(row));
    await w.db
      .updateTable('knowledge')
      .set({
        ...scoreColumns(a),
        score_evidence: a.evidence ? JSON.stringify(a.evidence) : null,
        model_version: provider.model,
        key_strengths: [...new Set([...row.key_strengths, ...a.key_strengths])].slice(0, 6),
        analyzed_at: new Date(),
        updated_at: new Date(),
      })
      .where('id', '=', row.id)
      .execute();
  });
  w.processed.analyse += rows.length - skipped.length;
  const failure = batchFailure(skipped, rows.length);
  if (failure) throw failure;
}
