import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ideaModel } from '@ideamine/server/llm/idea-model/model';
import { profitLabel } from '@ideamine/server/llm/scoring';
import { startFakeOpenAi, type FakeOpenAi } from '@ideamine/server/test/fake-openai';
import { KNOWN_POSTS } from '../test/prefilter-posts';
import type { LabelledPost } from './dataset';
import { evaluatePosts, providerFrom } from './evaluate';

// The evaluation script's own path for each provider, on the known posts of the pre-filter test
// (the labelled dataset's text is not in the repository): the local model, and an
// OpenAI-compatible server on loopback, as `npm run eval:quality -- --provider openai` runs it.

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(() => fake?.close());

const posts: LabelledPost[] = KNOWN_POSTS.filter((p) => p.slug !== 'huge').map((p, i) => ({
  id: `known:${p.slug}`,
  source: p.expect.kept ? 'known-ideas' : 'known-noise',
  genre: 'known',
  split: 'test',
  provenance: { repo: 'ideamine', commit: 'test', path: 'worker/src/test/prefilter-posts.ts', row: i, post_id: p.slug },
  label: p.expect.kept ? ('idea' as const) : ('noise' as const),
  strength: p.expect.kept ? (1 as const) : null,
  severity: null,
  demand: null,
  monetization: null,
  implementation: null,
  reason: p.slug,
  title: p.title,
  body: p.body,
}));

describe('eval:quality', () => {
  it('measures the local pipeline: the pre-filter keeps exactly the ideas of the known posts', async () => {
    const r = await evaluatePosts(posts, 'test', providerFrom('local'));
    expect(r).toMatchObject({ provider: 'local', model: ideaModel().version, posts: 8, ideas: 4 });
    expect(r.prefilter).toEqual({ precision: 1, recall: 1, f1: 1 });
    expect(r.calibration.find((c) => c.label === 'dropped')!.posts).toBe(4);
    expect(r.worst_noise_kept).toEqual([]);
  });

  it('measures an OpenAI-compatible endpoint through the same pipeline', async () => {
    const before = fake.requests.length;
    const provider = providerFrom('openai', { OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'test-key' });
    const r = await evaluatePosts(posts, 'test', provider);
    expect(r).toMatchObject({ provider: 'openai', model: 'gpt-4o-mini', posts: 8, ideas: 4 });
    // The kept posts are enriched and analysed by the endpoint: two calls each.
    expect(fake.requests.length - before).toBe(8);
    const profit = ideaModel().profit({ severity: 8, demand: 7, monetization: 9, implementation: 6 });
    // The fake scores every post alike (8, 7, 9, 6): the same profit, so one label holds them all.
    const scored = r.calibration.filter((c) => c.posts > 0 && c.label !== 'dropped');
    expect(scored).toEqual([expect.objectContaining({ label: profitLabel(profit), posts: 4, share_ideas: 1 })]);
    expect(r.sources.map((s) => s.source)).toEqual(['known-ideas', 'known-noise']);
  });

  it('says what --provider openai needs when it is missing', () => {
    expect(() => providerFrom('openai', {})).toThrow(/needs OPENAI_BASE_URL and OPENAI_API_KEY/);
    expect(() => providerFrom('gpt', {})).toThrow(/--provider must be local or openai, not gpt/);
  });
});
