import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueEnrichment } from '@ideamine/server/commands/knowledge';
import { ideaModel } from '@ideamine/server/llm/idea-model/model';
import { profitLabel } from '@ideamine/server/llm/scoring';
import { startFakeOpenAi, useFakeOpenAiFromEnv, type FakeOpenAi } from '@ideamine/server/test/fake-openai';
import { droppedItems, startPipeline, waitUntil, type PipelineHarness } from './test/pipeline-harness';

// The pipeline with llm.provider = openai, against an OpenAI-compatible server on loopback.

let p: PipelineHarness;
let fake: FakeOpenAi;
let restoreEnv: () => void = () => {};

beforeAll(async () => {
  fake = await startFakeOpenAi();
  restoreEnv = useFakeOpenAiFromEnv(fake);
  p = await startPipeline({ ideas: 3 });
  await p.context.app.db
    .insertInto('settings')
    .values({ key: 'llm.provider', value: JSON.stringify('openai') })
    .execute();
});
afterAll(async () => {
  await p?.close();
  await fake?.close();
  restoreEnv();
});

describe('openai provider in the pipeline', () => {
  it('enriches and scores ideas with the model, keeping only known categories, and logs every call', async () => {
    const jobId = await p.runJob({ path: '/hn.json', max_depth: 0 });
    expect(await p.waitForJob(jobId)).toBe('completed');
    await p.waitForIdeas(jobId);
    const ideas = await p.context.app.db.selectFrom('knowledge').selectAll().where('job_id', '=', jobId).execute();
    // The pre-filter (the local idea model, whatever the provider) keeps most of the 20 hits and
    // says why it dropped the rest.
    const dropped = await droppedItems(p.context.app.db, jobId);
    expect(ideas.length + dropped.length).toBe(20);
    expect(ideas.length).toBeGreaterThanOrEqual(15);
    // The fake answers 8, 7, 9, 6: combined by the idea model's fitted weights, like every provider's.
    const profit = ideaModel().profit({ severity: 8, demand: 7, monetization: 9, implementation: 6 });
    for (const idea of ideas) {
      expect(idea.categories).toEqual(['saas', 'fintech']);
      expect(idea.profit_score).toBe(profit);
      expect(idea.profit_potential).toBe(profitLabel(profit));
      expect(idea.model_version).toBe('gpt-4o-mini');
      // Evidence is quoted from the post; the fake's made-up quote for demand is dropped.
      const evidence = idea.score_evidence!;
      expect(evidence.demand).toEqual([]);
      expect(evidence.severity).toHaveLength(1);
      for (const quote of Object.values(evidence).flat()) expect(`${idea.title}\n${idea.body}`).toContain(quote);
      expect(idea.overall_score).toBe(3);
    }
    const calls = await p.context.app.db.selectFrom('llm_calls').selectAll().where('provider', '=', 'openai').execute();
    expect(calls).toHaveLength(2 * ideas.length); // an enrichment and an analysis each
    expect(calls.every((c) => c.model === 'gpt-4o-mini' && c.status === 'ok' && c.total_tokens === 1200)).toBe(true);
    expect(Number(calls[0]!.cost_usd)).toBeCloseTo(0.00027, 6);
  });

  it('sends ideas the model keeps failing on to the dead-letter queue, with the errors logged', async () => {
    await p.context.app.boss.updateQueue('enrich', {
      name: 'enrich',
      retryLimit: 1,
      retryDelay: 0,
      retryBackoff: false,
      deadLetter: 'enrich.dead',
    });
    fake.setMode('malformed');
    const [idea] = await p.context.app.db.selectFrom('knowledge').select('id').limit(1).execute();
    await queueEnrichment(p.context.app.db, p.context.app.boss, [idea!.id]);
    await waitUntil(async () => (await p.context.app.boss.getQueueSize('enrich.dead')) > 0, 30_000, 'a dead letter');
    const errors = await p.context.app.db
      .selectFrom('llm_calls')
      .selectAll()
      .where('knowledge_id', '=', idea!.id)
      .where('status', '=', 'error')
      .execute();
    expect(errors.length).toBeGreaterThanOrEqual(2);
    expect(errors[0]!.error).toContain('malformed JSON');
    fake.setMode('ok');
  });
});
