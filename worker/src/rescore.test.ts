import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueEnrichment, updateKnowledge } from '@ideamine/server/commands/knowledge';
import { chooseProvider } from '@ideamine/server/llm/choose-provider';
import { ideaModel } from '@ideamine/server/llm/idea-model/model';
import { rescoringProgress } from '@ideamine/server/queries/rescoring';
import { parseAllowList } from '@ideamine/server/net/address-policy';
import type { WorkerContext } from './context';
import { queueRescores } from './jobs/rescore';
import { startPipeline, waitUntil, type PipelineHarness } from './test/pipeline-harness';

// Re-scoring after the idea model changes: ideas scored by an older version are queued in the
// background and scored again in place; ideas an OpenAI-compatible model scored are left alone.
// And enriching an idea again: categories an operator chose give way to the categoriser's again.

let p: PipelineHarness;

beforeAll(async () => {
  p = await startPipeline({ ideas: 6 });
});
afterAll(() => p?.close());

const db = () => p.context.app.db;

describe('re-scoring', () => {
  it('scores ideas of an older model again through the queue, and leaves OpenAI-scored ones alone', async () => {
    const jobId = await p.runJob({ path: '/', max_depth: 1, max_pages: 8 });
    await p.waitForJob(jobId);
    await p.waitForIdeas(jobId);
    const scored = await db()
      .selectFrom('knowledge')
      .select(['id', 'profit_score'])
      .where('job_id', '=', jobId)
      .execute();
    expect(scored.length).toBeGreaterThanOrEqual(4);
    const [openaiScored, unrecorded, ...older] = scored;

    // As if the ideas had been scored by an earlier model (or before versions were recorded).
    await db()
      .updateTable('knowledge')
      .set({ model_version: 'idea-model-0000000000', profit_score: 0, score_evidence: null })
      .where(
        'id',
        'in',
        older.map((i) => i.id),
      )
      .execute();
    await db()
      .updateTable('knowledge')
      .set({ model_version: null, profit_score: 0 })
      .where('id', '=', unrecorded!.id)
      .execute();
    await db()
      .updateTable('knowledge')
      .set({ model_version: 'gpt-4o-mini', profit_score: 9.5 })
      .where('id', '=', openaiScored!.id)
      .execute();
    const before = await rescoringProgress(db());
    expect(before.stale).toBe(older.length + 1);
    expect(before.model_version).toBe(ideaModel().version);

    const w = {
      db: db(),
      boss: p.context.app.boss,
      log: p.context.app.log,
      allow: parseAllowList('127.0.0.1'),
      llm: () => chooseProvider(db()),
    };
    expect(await queueRescores(w as unknown as WorkerContext)).toBe(older.length + 1);
    // Queued once: a second tick finds nothing new to queue while the first batch is under way.
    expect(await queueRescores(w as unknown as WorkerContext)).toBe(0);

    await waitUntil(async () => (await rescoringProgress(db())).stale === 0, 30_000, 're-scoring');
    const after = await db()
      .selectFrom('knowledge')
      .select(['id', 'profit_score', 'model_version', 'score_evidence', 'rescore_queued_at'])
      .where('job_id', '=', jobId)
      .execute();
    const byId = new Map(after.map((a) => [a.id, a]));
    for (const idea of [unrecorded!, ...older]) {
      const now = byId.get(idea.id)!;
      expect(now.model_version).toBe(ideaModel().version);
      expect(now.profit_score).toBe(idea.profit_score); // the same text and model give the same score
      expect(now.score_evidence).not.toBeNull();
      expect(now.rescore_queued_at).toBeNull();
    }
    expect(byId.get(openaiScored!.id)).toMatchObject({ model_version: 'gpt-4o-mini', profit_score: 9.5 });
  });
});

describe('enriching an idea again', () => {
  it("files it by the rules again, so re-filing may move it again after an operator's choice", async () => {
    // An idea the pipeline enriched and the local model scored (the crawl above made it).
    const idea = await db()
      .selectFrom('knowledge')
      .select(['id', 'categories'])
      .where('model_version', '=', ideaModel().version)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const edited = () =>
      db()
        .selectFrom('knowledge')
        .select(['categories', 'categories_edited_at', 'analyzed_at'])
        .where('id', '=', idea.id);
    await updateKnowledge(db(), { id: 1, ip: null, requestId: 'test' }, idea.id, { categories: ['real-estate'] });
    expect((await edited().executeTakeFirstOrThrow()).categories_edited_at).not.toBeNull();

    await queueEnrichment(db(), p.context.app.boss, [idea.id]);
    await waitUntil(
      async () => (await edited().executeTakeFirstOrThrow()).analyzed_at !== null,
      30_000,
      'enriched again',
    );
    const after = await edited().executeTakeFirstOrThrow();
    expect(after.categories_edited_at).toBeNull();
    expect(after.categories).toEqual(idea.categories);
  });
});
