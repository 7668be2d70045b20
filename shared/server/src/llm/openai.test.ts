import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi } from '../test/fake-openai';
import { OpenAiProvider } from './openai';

let fake: FakeOpenAi;
let provider: OpenAiProvider;
const idea = { title: 'Invoice chaser', body: 'Freelancers hate chasing invoices and would pay for automation.' };
const categories = [
  { slug: 'saas', name: 'SaaS', keywords: [] },
  { slug: 'fintech', name: 'Fintech', keywords: [] },
];

beforeAll(async () => {
  fake = await startFakeOpenAi();
  provider = new OpenAiProvider({
    baseURL: fake.url,
    apiKey: 'sk-test',
    model: 'gpt-4o-mini',
    maxRetries: 3,
    timeoutMs: 5000,
  });
});
afterAll(() => fake.close());

describe('openai provider', () => {
  it('asks for structured output and returns validated values with usage and cost', async () => {
    const result = await provider.enrich(idea, categories);
    expect(result.value.summary).toContain('subscription');
    expect(result.usage).toEqual({
      promptTokens: 1000,
      completionTokens: 200,
      costUsd: (1000 * 0.15 + 200 * 0.6) / 1_000_000,
    });
    const request = fake.requests.at(-1)!;
    expect(request.authorization).toBe('Bearer sk-test');
    expect(request.body.model).toBe('gpt-4o-mini');
    const format = request.body.response_format as {
      type: string;
      json_schema: { name: string; schema: { properties: object } };
    };
    expect(format.type).toBe('json_schema');
    expect(format.json_schema.name).toBe('enrichment');
    expect(Object.keys(format.json_schema.schema.properties)).toEqual([
      'summary',
      'categories',
      'keywords',
      'tags',
      'key_strengths',
    ]);
    const analysis = await provider.analyse({ ...idea, categories: ['saas'], keywords: [] });
    expect(analysis.value.monetization_score).toBe(9);
    // Evidence quotes per sub-score, in the same structure as the local model's; the quote the
    // model made up (it is in no sentence of the idea) is dropped.
    expect(analysis.value.evidence).toEqual({
      severity: ['Freelancers hate chasing invoices and would pay for automation.'],
      demand: [],
      monetization: ['Freelancers hate chasing invoices and would pay for automation.'],
      implementation: [],
    });
    const analysisFormat = fake.requests.at(-1)!.body.response_format as {
      json_schema: { schema: { properties: object } };
    };
    expect(Object.keys(analysisFormat.json_schema.schema.properties)).toContain('evidence');
  });

  it('retries server errors with backoff', async () => {
    const before = fake.requests.length;
    fake.failNext(2, 503);
    const result = await provider.enrich(idea, categories);
    expect(result.value.categories).toContain('saas');
    expect(fake.requests.length - before).toBe(3);
  });

  it('asks once more after a reply that is not valid JSON of the schema', async () => {
    for (const mode of ['malformed', 'wrong-shape'] as const) {
      const before = fake.requests.length;
      fake.garbleNext(1, mode);
      const result = await provider.enrich(idea, categories);
      expect(result.value.summary, mode).toContain('subscription');
      expect(fake.requests.length - before, mode).toBe(2);
    }
  });

  it('refuses malformed or wrongly shaped replies with a clear error after the second try', async () => {
    fake.setMode('malformed');
    const before = fake.requests.length;
    await expect(provider.enrich(idea, categories)).rejects.toThrow('malformed JSON');
    expect(fake.requests.length - before).toBe(2);
    fake.setMode('wrong-shape');
    await expect(provider.analyse({ ...idea, categories: [], keywords: [] })).rejects.toThrow(
      'does not match the analysis schema',
    );
    fake.setMode('ok');
  });
});
