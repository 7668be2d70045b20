import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueEnrichment } from '@ideamine/server/commands/knowledge';
import { buildKnowledge, signedInUser } from '@ideamine/server/test/factories';
import { client } from '@ideamine/api/test/http';
import { percentOf } from '@ideamine/shared/trend';
import {
  startFakeOpenAi,
  useFakeOpenAiFromEnv,
  type FakeMode,
  type FakeOpenAi,
} from '@ideamine/server/test/fake-openai';
import { waitUntil } from '@ideamine/worker/test/pipeline-harness';
import { startProduct, type ProductHarness } from '../test/product';

// Fault: the LLM endpoint misbehaves: HTTP 500, HTTP 429, no answer at all (timeout), malformed
// JSON, JSON that does not match the schema, and an analysis that fails after a good enrichment.
// Each idea's calls carry a marker the fake server obeys, so every fault runs at once. Every
// failing task must be retried (each attempt logged in llm_calls with its error), end in its
// queue's dead-letter queue with the reason, and the dashboard must show the LLM error rate
// with an alert; ideas the model answers well are still scored, also when they share a message
// with an idea the model answers unusably.

const TIMEOUT_S = 1;
const RETRY_LIMIT = 1; // attempts = RETRY_LIMIT + 1

let p: ProductHarness;
let fake: FakeOpenAi;
let restoreEnv: () => void = () => {};

beforeAll(async () => {
  fake = await startFakeOpenAi();
  restoreEnv = useFakeOpenAiFromEnv(fake);
  p = await startProduct({ ideas: 1 });
  const { db, boss } = p.context.app;
  await db
    .insertInto('settings')
    .values([
      { key: 'llm.provider', value: JSON.stringify('openai') },
      { key: 'llm.timeout_seconds', value: JSON.stringify(TIMEOUT_S) },
    ])
    .execute();
  // Fewer and quicker retries than production (3, from 5 s with backoff), so the test is short.
  for (const name of ['enrich', 'analyse'])
    await boss.updateQueue(name, {
      name,
      retryLimit: RETRY_LIMIT,
      retryDelay: 0,
      retryBackoff: false,
      deadLetter: `${name}.dead`,
    });
});
afterAll(async () => {
  await p?.close();
  await fake?.close();
  restoreEnv();
});

interface Case {
  marker: string;
  queue: 'enrich' | 'analyse';
  reason: RegExp;
  /**
   * Requests per call: 4 when the SDK retries a transport error (3 retries), 2 when the provider
   * asks once more after an unusable reply.
   */
  requestsPerCall: number;
}

const fails = (mode: FakeMode, reason: RegExp, requestsPerCall: number): [string, Case] => [
  mode,
  { marker: `[fake:${mode}]`, queue: 'enrich', reason, requestsPerCall },
];
const CASES = new Map<string, Case>([
  fails('error-500', /^500 upstream trouble/, 4),
  fails('error-429', /^429 upstream trouble/, 4),
  fails('no-answer', /timed out/i, 4),
  fails('malformed', /malformed JSON/, 2),
  fails('wrong-shape', /does not match the enrichment schema/, 2),
  [
    'analysis 500',
    { marker: '[fake-analysis:error-500]', queue: 'analyse', reason: /^500 upstream trouble/, requestsPerCall: 4 },
  ],
]);

describe('an LLM endpoint that fails in every way', () => {
  it('retries each task, dead-letters it with the reason, and the dashboard alerts on the error rate', async () => {
    const { db, boss } = p.context.app;
    const ideas = new Map<string, number>();
    for (const [name, c] of CASES)
      ideas.set(name, (await buildKnowledge(p.context.app, { title: `Idea ${c.marker}` })).id);
    const good = [(await buildKnowledge(p.context.app)).id, (await buildKnowledge(p.context.app)).id];
    // One message holding an idea the model answers with malformed JSON and, after it, a good one.
    const mixedBad = (await buildKnowledge(p.context.app, { title: 'Mixed idea [fake:malformed]' })).id;
    const mixedGood = (await buildKnowledge(p.context.app, { title: 'Mixed good idea' })).id;
    good.push(mixedGood);
    const started = Date.now();
    // One message per idea, so each fails, is retried and is dead-lettered on its own.
    for (const id of [...ideas.values(), ...good.slice(0, 2)]) await queueEnrichment(db, boss, [id]);
    await queueEnrichment(db, boss, [mixedGood, mixedBad]);

    const deadLetters = async (queue: string) =>
      (
        await sql<{ data: { knowledgeIds: number[] }; output: { message?: string } }>`
          SELECT data, output FROM pgboss.job WHERE name = ${`${queue}.dead`}`.execute(db)
      ).rows;
    await waitUntil(
      async () => {
        const dead = [...(await deadLetters('enrich')), ...(await deadLetters('analyse'))];
        const scored = await db
          .selectFrom('knowledge')
          .select('id')
          .where('id', 'in', good)
          .where('analyzed_at', 'is not', null)
          .execute();
        return dead.length >= CASES.size + 1 && scored.length === good.length;
      },
      50_000,
      'every failing idea dead-lettered and the good ones scored',
    );
    const elapsed = Date.now() - started;

    for (const [name, c] of CASES) {
      const id = ideas.get(name)!;
      // Every attempt logged with its error.
      const calls = await db
        .selectFrom('llm_calls')
        .select(['purpose', 'status', 'error'])
        .where('knowledge_id', '=', id)
        .orderBy('id')
        .execute();
      const failed = calls.filter((x) => x.status === 'error');
      expect(failed, name).toHaveLength(RETRY_LIMIT + 1);
      for (const f of failed) {
        expect(f.purpose, name).toBe(c.queue);
        expect(f.error, name).toMatch(c.reason);
      }
      // The message was retried, then failed, and its dead letter says why.
      const [original] = (
        await sql<{ state: string; retry_count: number }>`
          SELECT state, retry_count FROM pgboss.job
          WHERE name = ${c.queue} AND data -> 'knowledgeIds' @> ${JSON.stringify([id])}::jsonb`.execute(db)
      ).rows;
      expect(original, name).toMatchObject({ state: 'failed', retry_count: RETRY_LIMIT });
      const dead = (await deadLetters(c.queue)).filter((d) => d.data.knowledgeIds.includes(id));
      expect(dead, name).toHaveLength(1);
      expect(dead[0]!.output.message, name).toMatch(c.reason);
      // The SDK's own retries came on top, for the errors it retries (5xx, 429, timeouts).
      const requests = fake.requests.filter((r) => JSON.stringify(r.body).includes(`Title: Idea ${c.marker}`));
      const expected = (RETRY_LIMIT + 1) * c.requestsPerCall + (c.queue === 'analyse' ? 1 : 0); // + its good enrichment
      expect(requests.length, name).toBe(expected);
      // Not scored; the analysis case was enriched first.
      const row = await db
        .selectFrom('knowledge')
        .select(['enriched_at', 'analyzed_at'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.analyzed_at, name).toBeNull();
      expect(row.enriched_at !== null, name).toBe(c.queue === 'analyse');
    }

    // The good idea of the mixed message was enriched and scored at the first attempt; the bad one
    // alone was retried and dead-lettered.
    const mixedCalls = await db
      .selectFrom('llm_calls')
      .select(['knowledge_id', 'purpose', 'status'])
      .where('knowledge_id', 'in', [mixedGood, mixedBad])
      .execute();
    expect(mixedCalls.filter((x) => x.knowledge_id === mixedGood).map((x) => `${x.purpose} ${x.status}`)).toEqual([
      'enrich ok',
      'analyse ok',
    ]);
    expect(mixedCalls.filter((x) => x.knowledge_id === mixedBad && x.status === 'error')).toHaveLength(RETRY_LIMIT + 1);
    const mixedDead = (await deadLetters('enrich')).filter((d) => d.data.knowledgeIds.includes(mixedBad));
    expect(mixedDead).toHaveLength(1);
    expect(mixedDead[0]!.output.message).toMatch(/malformed JSON/);

    // The dashboard: the LLM error rate over 24 h, against its threshold, with the alert raised.
    const [counts] = (
      await sql<{ errors: number; all: number }>`
        SELECT count(*) FILTER (WHERE status = 'error')::int AS errors, count(*)::int AS all FROM llm_calls`.execute(db)
    ).rows;
    expect(counts!.errors).toBe((CASES.size + 1) * (RETRY_LIMIT + 1));
    const admin = await signedInUser(p.context.app, { role: 'admin' });
    const http = client(p.url);
    const rates = await http.get('/api/v1/dashboard/error-rates?forceRefresh=true', { token: admin.token });
    expect(rates.status).toBe(200);
    expect(rates.body.data.llm_analysis_errors).toEqual({
      rate: percentOf(counts!.errors, counts!.all),
      threshold: 5,
      alert: true,
    });
    // And the model's page lists the failed calls with their reasons.
    const model = await http.get('/api/v1/admin/llm-monitoring/models/gpt-4o-mini', { token: admin.token });
    const reasons: string[] = model.body.data.recent_errors.map((e: { error: string }) => e.error);
    for (const c of CASES.values()) expect(reasons.some((r) => c.reason.test(r))).toBe(true);
    console.warn(
      `LLM faults: ${CASES.size + 1} ideas dead-lettered and ${good.length} scored in ${elapsed} ms; ` +
        `error rate ${rates.body.data.llm_analysis_errors.rate}% (${counts!.errors} of ${counts!.all} calls)`,
    );
  }, 60_000); // the timeouts and retries it waits out take about 16 s alone, longer beside other tests
});
