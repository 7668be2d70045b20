import { sql } from 'kysely';
import { bossDb, chunk, sendMany } from '@ideamine/server/queue/boss';
import { TASKS_PER_MESSAGE } from '@ideamine/shared/jobs';
import type { WorkerContext } from '../context';
import { recordIdeaFailures } from '../pipeline/idea-failures';
import { finalizeJobsIfDone, jobsOf } from '../pipeline/finalize-job';
import { recordedCall } from '@ideamine/server/llm/call-log';
import { batchFailure, eachIdea, type CategoryOption } from '@ideamine/server/llm/provider';

// The enrich stage: summary, categories from the managed list, keywords, tags, key strengths.
// First, an idea that is a near-duplicate of an older one from another source merges into it:
// the older idea keeps every source URL.

const NEAR_DUPLICATE_SIMILARITY = 0.8;

export async function handleEnrich(w: WorkerContext, knowledgeIds: number[]): Promise<void> {
  const rows = await w.db
    .selectFrom('knowledge')
    .select(['id', 'job_id', 'title', 'body', 'summary', 'source_domain', 'enriched_at'])
    .where('id', 'in', knowledgeIds)
    .where('deleted_at', 'is', null)
    .where('merged_into_id', 'is', null)
    .where('analyzed_at', 'is', null)
    .execute();
  if (!rows.length) return;
  // Ideas are enriched one at a time and the analyse messages sent at the end, so a batch that
  // failed half-way (an LLM error, a killed worker) has ideas enriched but never queued for
  // analysis: the retried message queues those instead of skipping them for good (unless their
  // analysis is queued already, so that an idea is not scored twice).
  const toAnalyse = await notQueuedForAnalysis(
    w,
    rows.filter((r) => r.enriched_at !== null).map((r) => r.id),
  );
  const unenriched = rows.filter((r) => r.enriched_at === null);
  const categories: CategoryOption[] = await w.db
    .selectFrom('categories')
    .select(['slug', 'name', 'keywords'])
    .execute();
  const provider = await w.llm();

  // An idea the model answers unusably is skipped so its batch-mates are still enriched; the
  // message then fails and is retried for the skipped ones (the others are done by then).
  const merged: { job_id: number | null }[] = [];
  const skipped = await eachIdea(unenriched, async (row) => {
    const twin = await w.db
      .selectFrom('knowledge')
      .select('id')
      .where('id', '<', row.id)
      .where('deleted_at', 'is', null)
      .where('merged_into_id', 'is', null)
      .where('source_domain', '<>', row.source_domain)
      .where(sql<boolean>`title % ${row.title}`)
      .where(sql<number>`similarity(title, ${row.title})`, '>=', NEAR_DUPLICATE_SIMILARITY)
      .orderBy(sql`similarity(title, ${row.title})`, 'desc')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (twin) {
      await w.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('knowledge_sources')
          .set({ knowledge_id: twin.id })
          .where('knowledge_id', '=', row.id)
          .execute();
        await trx
          .updateTable('knowledge')
          .set({ merged_into_id: twin.id, updated_at: new Date() })
          .where('id', '=', row.id)
          .execute();
      });
      merged.push(row);
      return;
    }
    const e = await recordedCall(w.db, provider, 'enrich', row.id, () =>
      provider.enrich({ title: row.title, body: row.body, summary: row.summary }, categories),
    );
    const known = new Set(categories.map((c) => c.slug));
    await w.db
      .updateTable('knowledge')
      .set({
        summary: e.summary,
        categories: e.categories.filter((c) => known.has(c)),
        // Enriched again (an operator's "re-enrich"), the idea is filed by the rules again.
        categories_edited_at: null,
        keywords: e.keywords,
        tags: e.tags,
        key_strengths: e.key_strengths,
        enriched_at: new Date(),
        updated_at: new Date(),
      })
      .where('id', '=', row.id)
      .execute();
    toAnalyse.push(row.id);
  });

  await w.db.transaction().execute(async (trx) => {
    await sendMany(
      w.boss,
      'analyse',
      chunk(toAnalyse, TASKS_PER_MESSAGE).map((ids) => ({ knowledgeIds: ids })),
      { db: bossDb(trx) },
    );
  });
  w.processed.enrich += unenriched.length - skipped.length;
  // A merged idea leaves the pipeline: its job may have been waiting for it alone.
  await finalizeJobsIfDone(w.db, jobsOf(merged));
  // Each failed idea counts a try; one out of tries is given up on (its job can end), the rest retried.
  const givenUp = await recordIdeaFailures(
    w.db,
    skipped.map((s) => ({ id: s.item.id, error: s.error.message })),
  );
  const failure = batchFailure(
    skipped.filter((s) => !givenUp.has(s.item.id)),
    unenriched.length,
  );
  if (failure) throw failure;
}

/** The ideas among `ids` that no waiting or running analyse message holds. */
async function notQueuedForAnalysis(w: WorkerContext, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const { rows } = await sql<{ id: number }>`
    SELECT k.id FROM unnest(${ids}::int[]) AS k(id)
    WHERE NOT EXISTS (
      SELECT 1 FROM pgboss.job j
      WHERE j.name = 'analyse' AND j.state IN ('created', 'retry', 'active')
        AND j.data -> 'knowledgeIds' @> to_jsonb(k.id)
    )`.execute(w.db);
  return rows.map((r) => Number(r.id));
}
