import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi, useFakeOpenAiFromEnv, type FakeOpenAi } from '@ideamine/server/test/fake-openai';
import { signedInUser } from '@ideamine/server/test/factories';
import { client } from '../../test/http';
import { startTestServer, type TestServer } from '../../test/server';

let server: TestServer;
let http: ReturnType<typeof client>;

const IDEA = {
  title: 'Invoice chaser for florists',
  description:
    'Florists hate chasing unpaid invoices from wedding planners; it wastes hours every week. ' +
    'A simple tool for independent florists that sends reminders automatically. Shops would pay a monthly subscription.',
  target_market: 'Independent florists',
};

beforeAll(async () => {
  server = await startTestServer({ ideaStormMaxPerIp: 2 });
  http = client(server.url);
});
afterAll(() => server.close());

describe('Idea Storm (local provider)', () => {
  it('analyses an idea, keeps it in the history of its author only, and deletes it', async () => {
    const me = await signedInUser(server.app, { role: 'guest' });
    const other = await signedInUser(server.app, { role: 'guest' });
    const res = await http.post('/api/v1/idea-storm/analyze', IDEA, { token: me.token });
    expect(res.status).toBe(201);
    const a = res.body.data;
    expect(a).toMatchObject({ kind: 'analyze', title: IDEA.title, provider: 'local', knowledge_id: null });
    expect(a.result.profit_score).toBeGreaterThan(0);
    expect(a.result.profit_score).toBeLessThanOrEqual(10);
    expect(['Very High', 'High', 'Medium', 'Low', 'Speculative']).toContain(a.result.profit_potential);
    expect(a.result.overall_score).toBeLessThanOrEqual(5);
    expect(a.result.key_strengths).toContain('Recurring revenue potential');
    expect(a.result.profit_breakdown.map((f: { factor: string }) => f.factor)).toEqual([
      'problem_severity',
      'market_demand',
      'monetization',
      'implementation',
      'baseline',
      'calibration',
    ]);
    // The same evidence a mined idea shows: sentences of the user's own text (the target market too).
    const quotes = Object.values(a.result.evidence as Record<string, string[]>).flat();
    expect(quotes.length).toBeGreaterThan(0);
    const ownText = `${IDEA.title} ${IDEA.description} Target market: ${IDEA.target_market}`;
    for (const q of quotes) expect(ownText).toContain(q.replace(/\.\.\.$/, ''));
    const sum = a.result.profit_breakdown.reduce((s: number, f: { contribution: number }) => s + f.contribution, 0);
    expect(sum).toBeCloseTo(a.result.profit_score, 1);
    expect(a.result.recommendations.length).toBeGreaterThan(0);
    // A chore that wastes hours every week and a monthly subscription: neither its pain nor its
    // revenue is weaker than most kept ideas', so it is not told to find them (advice.ts).
    expect(a.result.recommendations.join(' ')).not.toMatch(/The pain is|The revenue model is/);

    const enhanced = await http.post('/api/v1/idea-storm/enhance', IDEA, { token: me.token });
    expect(enhanced.status).toBe(201);
    expect(enhanced.body.data.result).toMatchObject({ title: IDEA.title, target_customers: 'Independent florists' });
    expect(enhanced.body.data.result.problem).toContain('hate chasing unpaid invoices');
    expect(enhanced.body.data.result.monetization).toContain('monthly subscription');

    const history = await http.get('/api/v1/idea-storm/history', { token: me.token });
    expect(history.body.data.map((h: { id: number }) => h.id)).toEqual([enhanced.body.data.id, a.id]);
    expect(history.body.meta.pagination.total).toBe(2);
    expect((await http.get('/api/v1/idea-storm/history?kind=enhance', { token: me.token })).body.data).toHaveLength(1);
    expect((await http.get('/api/v1/idea-storm/history', { token: other.token })).body.data).toEqual([]);

    expect((await http.del(`/api/v1/idea-storm/${a.id}`, { token: other.token })).status).toBe(404);
    expect((await http.del(`/api/v1/idea-storm/${a.id}`, { token: me.token })).status).toBe(200);
    expect((await http.get('/api/v1/idea-storm/history', { token: me.token })).body.meta.pagination.total).toBe(1);

    const calls = await server.app.db.selectFrom('llm_calls').select('purpose').execute();
    expect(calls.map((c) => c.purpose)).toEqual(
      expect.arrayContaining(['idea_storm.enrich', 'idea_storm.analyse', 'idea_storm.enhance']),
    );
    const stats = await http.get('/api/v1/dashboard/user-stats', { token: me.token });
    expect(stats.body.data.idea_storm_analyses).toBe(1);
  });

  it('refuses bad input naming the field, and visitors', async () => {
    const me = await signedInUser(server.app, { role: 'guest' });
    const short = await http.post('/api/v1/idea-storm/analyze', { ...IDEA, title: 'ab' }, { token: me.token });
    expect(short.status).toBe(400);
    expect(short.body.error.message).toContain('title');
    const missing = await http.post('/api/v1/idea-storm/analyze', { title: 'A fine title' }, { token: me.token });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toContain('description');
    expect((await http.post('/api/v1/idea-storm/analyze', IDEA)).status).toBe(401);
    const rows = await server.app.db
      .selectFrom('idea_storm_analyses')
      .select('id')
      .where('user_id', '=', me.user.id)
      .execute();
    expect(rows).toEqual([]);
  });
});

describe('public submissions', () => {
  it('analyse for visitors, keep the idea for signed-in users, and are limited per address', async () => {
    const anonymous = await http.post('/api/v1/public/idea-storm/submit', IDEA);
    expect(anonymous.status).toBe(201);
    expect(anonymous.body.data.knowledge_id).toBeNull();
    const keepAnonymous = await http.post('/api/v1/public/idea-storm/submit', { ...IDEA, save_as_idea: true });
    expect(keepAnonymous.status).toBe(401);

    const me = await signedInUser(server.app, { role: 'guest' });
    const kept = await http.post(
      '/api/v1/public/idea-storm/submit',
      { ...IDEA, save_as_idea: true },
      { token: me.token },
    );
    expect(kept.status).toBe(201);
    const ideaId = kept.body.data.knowledge_id as number;
    const idea = await server.app.db
      .selectFrom('knowledge')
      .selectAll()
      .where('id', '=', ideaId)
      .executeTakeFirstOrThrow();
    expect(idea).toMatchObject({ user_id: me.user.id, visibility: 'private', title: IDEA.title });
    expect(idea.profit_score).toBe(kept.body.data.result.profit_score);
    expect((await http.get(`/api/v1/public/ideas/${ideaId}`)).status).toBe(404);
    const overview = await http.get('/api/v1/dashboard/user-overview', { token: me.token });
    expect(overview.body.data.recent_submissions[0]).toMatchObject({ id: ideaId, visibility: 'private' });

    // Two per hour from this address (the test server's setting): the third is refused.
    const limited = await http.post('/api/v1/public/idea-storm/enhance', IDEA);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('with the openai provider', () => {
  let fake: FakeOpenAi;
  let restoreEnv: () => void = () => {};
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    restoreEnv = useFakeOpenAiFromEnv(fake);
    await server.app.db
      .insertInto('settings')
      .values({ key: 'llm.provider', value: JSON.stringify('openai') })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify('openai') }))
      .execute();
  });
  afterAll(async () => {
    await server.app.db.deleteFrom('settings').where('key', '=', 'llm.provider').execute();
    await fake.close();
    restoreEnv();
  });

  it('uses the configured endpoint and reports its failures as 502 without keeping anything', async () => {
    const me = await signedInUser(server.app, { role: 'guest' });
    const res = await http.post('/api/v1/idea-storm/enhance', IDEA, { token: me.token });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ provider: 'openai', result: { title: 'Invoice chaser for florists' } });
    expect(fake.requests.at(-1)?.authorization).toBe('Bearer sk-test');

    fake.setMode('malformed');
    const broken = await http.post('/api/v1/idea-storm/analyze', IDEA, { token: me.token });
    expect(broken.status).toBe(502);
    expect(broken.body.error.code).toBe('LLM_FAILED');
    fake.setMode('ok');
    const kept = await server.app.db
      .selectFrom('idea_storm_analyses')
      .select('kind')
      .where('user_id', '=', me.user.id)
      .execute();
    expect(kept).toEqual([{ kind: 'enhance' }]);
    const failed = await server.app.db.selectFrom('llm_calls').select('status').where('status', '=', 'error').execute();
    expect(failed.length).toBeGreaterThan(0);
  });
});
