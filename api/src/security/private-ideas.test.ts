import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildJob, buildKnowledge, signedInUser } from '@ideamine/server/test/factories';
import { client } from '../test/http';
import { buildProject } from '@ideamine/server/test/project-avatar-factories';
import { startTestServer, type TestServer } from '../test/server';
import { routes } from '../routes/registry';

// Checklist item 6: a private idea never reaches anyone but its owner and admins. The idea is
// built to be found: distinctive words in title, summary, body and keywords, the top scores, an
// editor's pick, many votes, created now, in a crawl job, and in a project its owner shares by
// link. Visitors and other signed-in users (guest, trial, developer) then ask every call that
// lists, searches, suggests, counts, ranks, shares or exports ideas. The public cache is on,
// and the owner and an admin ask first, so a cached answer of theirs cannot reach anyone else.

const MARK = 'Zephyrquill';
const KEYWORD = 'zephyrquillkw';

let server: TestServer;
let http: ReturnType<typeof client>;
type Who = 'visitor' | 'guest' | 'trial' | 'developer' | 'owner' | 'admin';
const tokens: Partial<Record<Who, string>> = {};
let privateId = 0;
let privateSlug = '';
let publicId = 0;
let jobId = 0;
let shareToken = '';

beforeAll(async () => {
  server = await startTestServer({ publicCacheSeconds: 30 });
  http = client(server.url);
  const app = server.app;
  const trialEnd = new Date(Date.now() + 7 * 86_400_000);
  const owner = await signedInUser(app, { role: 'trial', trialExpiresAt: trialEnd });
  tokens.owner = owner.token;
  tokens.guest = (await signedInUser(app, { role: 'guest' })).token;
  tokens.trial = (await signedInUser(app, { role: 'trial', trialExpiresAt: trialEnd })).token;
  tokens.developer = (await signedInUser(app, { role: 'developer' })).token;
  tokens.admin = (await signedInUser(app, { role: 'admin' })).token;
  jobId = (await buildJob(app)).id;

  const secret = await buildKnowledge(app, {
    title: `${MARK} lantern marketplace for night markets`,
    body: `${MARK}: a private plan. Vendors rent lanterns by the hour; customers pay a subscription.`,
    visibility: 'private',
    user_id: owner.user.id,
    categories: ['fintech', 'saas'],
    keywords: [KEYWORD, 'lantern'],
    profit_score: 9.9,
    profit_potential: 'Very High',
    overall_score: 4.99,
  });
  privateId = secret.id;
  privateSlug = secret.slug;
  await app.db
    .updateTable('knowledge')
    .set({
      summary: `${MARK} summary: lanterns for night markets`,
      upvotes: 900,
      downvotes: 1,
      editor_pick: true,
      editor_pick_message: `${MARK} pick`,
      editor_picked_at: new Date(),
      job_id: jobId,
      tags: [KEYWORD],
    })
    .where('id', '=', secret.id)
    .execute();
  // A public idea of the same owner with the same ordinary words, so every list has an answer.
  const open = await buildKnowledge(app, {
    title: 'Open lantern marketplace for night markets',
    user_id: owner.user.id,
    categories: ['fintech', 'saas'],
    keywords: ['lantern'],
    overall_score: 4.5,
  });
  publicId = open.id;
  await app.db
    .updateTable('knowledge')
    .set({ upvotes: 10, editor_pick: true, editor_picked_at: new Date(), job_id: jobId })
    .where('id', '=', open.id)
    .execute();
  // The owner put both in a project and shared it (the private one first, while theirs to add).
  shareToken = (await buildProject(app, owner.user.id, { knowledgeIds: [secret.id, open.id], shared: true })).token!;
});
afterAll(() => server.close());

/** Every read that lists, searches, suggests, counts or ranks ideas, for any caller. */
function readPaths(): string[] {
  const paths = [
    '/public/ideas/top-voted?min_votes=1&page_size=100',
    '/public/editor-picks?page_size=100',
    '/public/high-potential-ideas?limit=50',
    '/public/categories',
    `/public/search?q=${MARK}`,
    '/public/search?q=lantern&include_trending=true&page_size=100',
    '/public/search?categories=fintech&profit_level=Very%20High&page_size=100',
    '/public/search?sort=profit_score&page_size=100',
    `/public/search/suggestions?q=${MARK}&limit=20`,
    `/public/search/suggestions?q=${KEYWORD.slice(0, 6)}&limit=20`,
    '/public/search/suggestions?q=lantern&limit=20',
    `/shared/${shareToken}`,
  ];
  for (const filter of ['all', 'mine', 'community', 'crawled'])
    for (const extra of ['', `&search=${MARK}`, '&category=fintech', '&profit_level=Very%20High', '&sort=vote_score'])
      paths.push(`/public/ideas?user_filter=${filter}&page_size=100${extra}`);
  for (const window of ['24h', '7d', '30d', '90d'])
    paths.push(`/public/trending-keywords?time_filter=${window}&limit=100&page_size=100`);
  return paths;
}

/** Signed-in reads that show ideas to callers with the rights to make them. */
const SIGNED_IN_PATHS = () => [
  '/dashboard/user-overview',
  '/dashboard/user-stats',
  `/data/knowledge?search=${MARK}&page_size=100`,
  '/data/knowledge?sort=profit_score&page_size=100',
  `/data/knowledge/search?q=${MARK}`,
  `/data/knowledge/by_job/${jobId}`,
  `/jobs/${jobId}/detail`,
  '/profit-analysis/batch',
  '/projects',
];

async function text(who: Who, path: string): Promise<{ status: number; text: string }> {
  const res = await http.get(`/api/v1${path}`, { token: tokens[who] });
  return { status: res.status, text: JSON.stringify(res.body) };
}

describe('a private idea', () => {
  it('is seen by its owner and by admins, so the checks below look for something real', async () => {
    // The owner and the admin ask first: with the public cache on, nothing they are shown may be
    // served to anyone else afterwards.
    for (const who of ['owner', 'admin'] as const) for (const p of readPaths()) await text(who, p);
    const mine = await text('owner', `/public/ideas?user_filter=mine&search=${MARK}`);
    expect(mine.text).toContain(MARK);
    expect((await text('owner', `/public/ideas/${privateId}`)).text).toContain(MARK);
    expect((await text('owner', '/dashboard/user-overview')).text).toContain(MARK);
    expect((await text('admin', `/data/knowledge?search=${MARK}`)).text).toContain(MARK);
    expect((await text('admin', `/jobs/${jobId}/detail`)).text).toContain(MARK);
    expect((await text('admin', '/dashboard/high-potential-ideas?limit=50')).text).toContain(MARK);
  });

  it.each(['visitor', 'guest', 'trial', 'developer'] as const)(
    'never reaches a %s through lists, search, suggestions, trending, picks, rankings or a shared project',
    async (who) => {
      for (const path of readPaths()) {
        const res = await text(who, path);
        expect(res.status, `${who} ${path}`).toBe(200);
        expect(res.text.toLowerCase(), `${who} ${path}: ${res.text.slice(0, 300)}`).not.toContain(MARK.toLowerCase());
        expect(res.text, `${who} ${path}`).not.toContain(`"id":${privateId},`);
      }
      // The shared project still shows the public idea.
      expect((await text(who, `/shared/${shareToken}`)).text).toContain(`"id":${publicId},`);
    },
  );

  it.each(['guest', 'trial', 'developer'] as const)(
    "is not in a %s's dashboards, operator lists, job details or projects",
    async (who) => {
      for (const path of SIGNED_IN_PATHS()) {
        const res = await text(who, path);
        expect(res.text.toLowerCase(), `${who} ${path}: ${res.text.slice(0, 300)}`).not.toContain(MARK.toLowerCase());
      }
    },
  );

  it('is counted in no public category', async () => {
    const live = await sql<{ n: string }>`
      SELECT count(*) AS n FROM knowledge
      WHERE 'fintech' = ANY(categories) AND visibility = 'public' AND deleted_at IS NULL AND merged_into_id IS NULL`.execute(
      server.app.db,
    );
    for (const who of ['visitor', 'trial', 'developer'] as const) {
      const res = await http.get('/api/v1/public/categories', { token: tokens[who] });
      const fintech = (res.body.data as { slug: string; count: number }[]).find((c) => c.slug === 'fintech');
      expect(fintech?.count, who).toBe(Number(live.rows[0]!.n));
    }
  });

  it.each(['visitor', 'guest', 'trial', 'developer'] as const)(
    'does not exist for a %s: detail, votes, engagement, interest and projects all answer 404',
    async (who) => {
      const token = tokens[who];
      const reads = [
        `/public/ideas/${privateId}`,
        `/public/ideas/${privateId}/${privateSlug}`,
        `/public/ideas/slug/${privateId}/${privateSlug}`,
        `/knowledge/${privateId}/vote-stats`,
        `/knowledge/${privateId}/engagement-stats`,
      ];
      for (const path of reads) {
        const res = await http.get(`/api/v1${path}`, { token });
        expect(res.status, `${who} GET ${path}`).toBe(404);
        expect(JSON.stringify(res.body)).not.toContain(MARK);
      }
      if (!token) return;
      const writes: [string, string, unknown][] = [
        ['GET', `/knowledge/${privateId}/vote`, undefined],
        ['POST', `/knowledge/${privateId}/vote`, { vote_type: 'upvote' }],
        ['POST', `/knowledge/${privateId}/app-request`, {}],
        ['POST', `/knowledge/${privateId}/implementation`, {}],
        ['DELETE', `/knowledge/${privateId}/implementation`, undefined],
      ];
      for (const [method, path, body] of writes) {
        const res = await http.send(method, `/api/v1${path}`, { token, body });
        expect(res.status, `${who} ${method} ${path}`).toBe(404);
      }
      if (who !== 'guest') {
        const project = await http.post('/api/v1/projects', { name: 'Grab', knowledge_ids: [privateId] }, { token });
        expect(project.status, `${who} project with the idea`).toBe(404);
      }
      // Nothing was recorded against it.
      const counts = await server.app.db
        .selectFrom('knowledge')
        .select(['upvotes', 'downvotes'])
        .where('id', '=', privateId)
        .executeTakeFirstOrThrow();
      expect(counts).toEqual({ upvotes: 900, downvotes: 1 });
    },
  );

  it('leaves no export to anyone but admins: the only file downloads are backups (admin), avatar images, and watchlist feeds and pages of public ideas only', async () => {
    const downloads = routes.filter((r) => r.rawResponse).map((r) => `${r.id} ${JSON.stringify(r.requirement)}`);
    expect(downloads.sort()).toEqual([
      'avatars.image {"kind":"permission","resource":"avatars","action":"read"}',
      'backups.download {"kind":"role","role":"admin"}',
      'feeds.atom {"kind":"public"}',
      'feeds.json {"kind":"public"}',
      'watchlists.unsubscribe {"kind":"public"}',
      'watchlists.unsubscribe.ask {"kind":"public"}',
    ]);
    // A feed's address is a capability that feed readers pass around: even its owner's own
    // private idea stays out of it (it shows in the portal's notifications instead).
    const owner = await signedInUser(server.app, { role: 'trial' });
    const feedToken = 'f'.repeat(43);
    const w = await server.app.db
      .insertInto('watchlists')
      .values({ user_id: owner.user.id, name: 'Mine', feed_token: feedToken, email_token: 'e'.repeat(43) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const own = await buildKnowledge(server.app, {
      title: 'Owner only plan',
      visibility: 'private',
      user_id: owner.user.id,
    });
    await server.app.db
      .insertInto('watchlist_matches')
      .values({ watchlist_id: w.id, knowledge_id: own.id, user_id: owner.user.id })
      .execute();
    const feed = await http.get(`/api/v1/feeds/${feedToken}/feed.json`);
    expect(feed.status).toBe(200);
    expect(feed.body.items).toEqual([]);
    const notes = await http.get('/api/v1/notifications', { token: owner.token });
    expect(notes.body.data.map((n: { knowledge_id: number }) => n.knowledge_id)).toEqual([own.id]);
  });
});
