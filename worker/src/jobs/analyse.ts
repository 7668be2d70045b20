import type { WorkerContext } from '../context';
import { recordIdeaFailures } from '../pipeline/idea-failures';
import { finalizeJobsIfDone, jobsOf } from '../pipeline/finalize-job';
import { recordedCall } from '@ideamine/server/llm/call-log';
import { batchFailure, eachIdea } from '@ideamine/server/llm/provider';
import { scoreColumns } from '@ideamine/server/llm/scoring';
import { staleScores } from '@ideamine/server/queries/rescoring';
import { recordWatchlistMatches } from '@ideamine/server/commands/watchlist-deliveries';

// The analyse stage: the four sub-scores (0-10), the profit score and its label, the four
// innovation scores (0-5) with their mean as the overall score, and key strengths; with the
// sentences that drove each sub-score and the model that scored them.

/**
 * Analyses newly enriched ideas; with `rescore`, scores again ideas a newer idea model has not
 * scored yet (see rescore.ts), replacing their scores in place.
 */
export async function handleAnalyse(w: WorkerContext, knowledgeIds: number[], rescore = false): Promise<void> {
  const rows = await w.db
    .selectFrom('knowledge')
    .select(['id', 'job_id', 'title', 'summary', 'body', 'categories', 'keywords', 'key_strengths'])
    .where('id', 'in', knowledgeIds)
    .where('deleted_at', 'is', null)
    .where('merged_into_id', 'is', null)
    .where('enriched_at', 'is not', null)
    .$if(!rescore, (qb) => qb.where('analyzed_at', 'is', null))
    .$if(rescore, (qb) => qb.where(staleScores))
    .execute();
  if (!rows.length) return;
  const provider = await w.llm();
  // Re-scoring re-runs the local model only; after a switch to OpenAI the queued ideas keep their scores.
  if (rescore && provider.name !== 'local') return;
  // As in enrich: an unusable answer skips its idea, and the message is retried for it.
  const skipped = await eachIdea(rows, async (row) => {
    const purpose = rescore ? 'rescore' : 'analyse';
    const a = await recordedCall(w.db, provider, purpose, row.id, () => provider.analyse(row));
    await w.db
      .updateTable('knowledge')
      .set({
        ...scoreColumns(a),
        score_evidence: a.evidence ? JSON.stringify(a.evidence) : null,
        model_version: provider.model,
        rescore_queued_at: null,
        key_strengths: [...new Set([...row.key_strengths, ...a.key_strengths])].slice(0, 6),
        analyzed_at: new Date(),
        updated_at: new Date(),
      })
      .where('id', '=', row.id)
      .execute();
  });
  w.processed.analyse += rows.length - skipped.length;
  // Scored ideas meet the watchlists now (a re-scored one too: its label may newly qualify).
  const failed = new Set(skipped.map((s) => s.item.id));
  await recordWatchlistMatches(
    w.db,
    w.boss,
    rows.filter((r) => !failed.has(r.id)).map((r) => r.id),
  );
  // A job ends when its last idea is scored (finalize-job.ts), not when its last page is read.
  if (!rescore) await finalizeJobsIfDone(w.db, jobsOf(rows));
  // Each failed idea counts a try; one out of tries is given up on (its job can end), the rest retried.
  const givenUp = await recordIdeaFailures(
    w.db,
    skipped.map((s) => ({ id: s.item.id, error: s.error.message })),
  );
  const failure = batchFailure(
    skipped.filter((s) => !givenUp.has(s.item.id)),
    rows.length,
  );
  if (failure) throw failure;
}
