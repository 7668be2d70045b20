import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAccess, type Principal, type Role } from '@ideamine/shared/permissions';
import { API_BASE } from '@ideamine/shared/limits';
import {
  buildJob,
  buildKnowledge,
  buildRawData,
  buildUser,
  signedInUser,
  TEST_PASSWORD,
} from '@ideamine/server/test/factories';
import { client } from '../test/http';
import { buildAvatar, buildProject } from '@ideamine/server/test/project-avatar-factories';
import { startTestServer, type TestServer } from '../test/server';
import { loadConfig } from '@ideamine/server/config';
import type { AppContext } from '@ideamine/server/context';
import type { Route } from './define';
import { routes } from './registry';

// Walks every registered route for every kind of caller and checks the API enforces the route's
// declared requirement: 401 for anonymous callers, 403 for missing rights (TRIAL_EXPIRED for an
// expired trial where trial rights suffice), and success for callers who qualify. A new route is
// covered as soon as it is registered; a sample request below upgrades "not refused" to "2xx".

type Caller = { name: string; role: Role | null; expired?: boolean };
const CALLERS: Caller[] = [
  { name: 'anonymous', role: null },
  { name: 'guest', role: 'guest' },
  { name: 'trial', role: 'trial' },
  { name: 'expired trial', role: 'trial', expired: true },
  { name: 'developer', role: 'developer' },
  { name: 'admin', role: 'admin' },
];

interface Sample {
  params?: Record<string, string | number>;
  query?: string;
  body?: unknown;
}

const fresh = () => Math.random().toString(36).slice(2, 10);

/**
 * A valid request per route, built fresh for every call (some calls use their target up). `me` is
 * the caller (null when anonymous), for resources only their owner can reach.
 */
const SAMPLES: Record<string, (app: AppContext, me: { id: number } | null) => Promise<Sample>> = {
  'auth.register': async () => ({
    body: { email: `m-${fresh()}@example.test`, username: `m_${fresh()}`, password: 'matrix-password' },
  }),
  'auth.login': async (app) => ({ body: { email: (await buildUser(app)).email, password: TEST_PASSWORD } }),
  'auth.logout': async (app) => ({ body: { refresh_token: (await signedInUser(app)).tokens.refresh_token } }),
  'auth.refresh': async (app) => ({ body: { refresh_token: (await signedInUser(app)).tokens.refresh_token } }),
  'auth.me': async () => ({}),
  'auth.me.update': async () => ({ body: { first_name: 'Matrix' } }),
  'auth.change_password': async () => ({
    body: { current_password: TEST_PASSWORD, new_password: 'matrix-new-password' },
  }),
  // GitHub is configured below and builds its URL without the network; the callback, link and
  // unlink need a provider round trip or a linked account (oauth.test.ts covers them).
  'oauth.providers': async () => ({}),
  'oauth.status': async () => ({}),
  'oauth.authorize': async () => ({ params: { provider: 'github' } }),
  'oauth.accounts': async () => ({}),
  'users.list': async () => ({ query: 'page=1&page_size=5' }),
  'users.get': async (app) => ({ params: { id: (await buildUser(app)).id } }),
  'users.update': async (app) => ({ params: { id: (await buildUser(app)).id }, body: { email_verified: true } }),
  'users.delete': async (app) => ({ params: { id: (await buildUser(app)).id } }),
  'jobs.create': async () => ({ body: { initial_url: `https://example.test/${fresh()}`, max_pages: 1 } }),
  'jobs.list': async () => ({ query: 'status=pending' }),
  // A trial user reaches only the jobs and schedules they created (jobs/ownership.test.ts has
  // everyone against another user's): the samples are the caller's own.
  'jobs.get': async (app, me) => ({ params: { id: (await ownJob(app, me)).id } }),
  'jobs.detail': async (app, me) => ({ params: { id: (await ownJob(app, me)).id } }),
  'jobs.update': async (app, me) => ({ params: { id: (await ownJob(app, me)).id }, body: { tag: 'renamed' } }),
  'jobs.delete': async (app, me) => ({ params: { id: (await ownJob(app, me)).id } }),
  'tasks.crawl.list': async () => ({}),
  'tasks.transform.list': async () => ({}),
  'tasks.crawl.run': async (app) => {
    const job = await buildJob(app);
    const task = await app.db
      .updateTable('crawl_tasks')
      .set({ status: 'failed' })
      .where('job_id', '=', job.id)
      .returning('id')
      .executeTakeFirstOrThrow();
    return { params: { id: task.id } };
  },
  'tasks.transform.run': async (app) => {
    const raw = await buildRawData(app);
    const task = await app.db
      .insertInto('transform_tasks')
      .values({ raw_data_id: raw.id, status: 'failed' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { params: { id: task.id } };
  },
  'tasks.transform.keep_as_ideas': async (app) => ({ params: { id: await taskThatDropped(app) } }),
  'tasks.transform.dropped_items': async (app) => ({ params: { id: await taskThatDropped(app) } }),
  'knowledge.list': async () => ({ query: 'sort=profit_score' }),
  'knowledge.search': async () => ({ query: 'q=subscription' }),
  'knowledge.by_job': async (app, me) => ({ params: { jobId: (await ownJob(app, me)).id } }),
  'knowledge.by_slug': async (app) => {
    const k = await buildKnowledge(app);
    return { params: { id: k.id, slug: k.slug } };
  },
  'knowledge.by_id_slug': async (app) => ({ params: { id: (await buildKnowledge(app)).id, slug: 'anything' } }),
  'knowledge.get': async (app) => ({ params: { id: (await buildKnowledge(app)).id } }),
  'knowledge.update': async (app) => ({ params: { id: (await buildKnowledge(app)).id }, body: { tags: ['matrix'] } }),
  'knowledge.delete': async (app) => ({ params: { id: (await buildKnowledge(app)).id } }),
  'knowledge.enrich': async (app) => ({ params: { id: (await buildKnowledge(app)).id } }),
  'knowledge.batch_enrich': async (app) => ({ body: { knowledge_ids: [(await buildKnowledge(app)).id] } }),
  'raw_data.list': async () => ({}),
  'raw_data.by_job': async (app) => ({ params: { jobId: (await buildJob(app)).id } }),
  'raw_data.get': async (app) => ({ params: { id: (await buildRawData(app)).id } }),
  'raw_data.create': async () => ({
    body: { url: `https://example.test/${fresh()}`, content: '<p>hello</p>', content_type: 'text/html' },
  }),
  'raw_data.update': async (app) => ({
    params: { id: (await buildRawData(app)).id },
    body: { content: '<p>changed</p>' },
  }),
  'raw_data.delete': async (app) => ({ params: { id: (await buildRawData(app)).id } }),
  'schemas.list': async () => ({}),
  'schemas.get': async () => ({ params: { id: 1 } }),
  'schemas.create': async () => ({ body: { name: `schema ${fresh()}`, type: 'feed' } }),
  'schemas.update': async (app) => ({ params: { id: (await newSchema(app)).id }, body: { description: 'changed' } }),
  'schemas.delete': async (app) => ({ params: { id: (await newSchema(app)).id } }),
  'schedules.list': async () => ({}),
  'schedules.get': async (app, me) => ({ params: { id: (await newSchedule(app, me)).id } }),
  'schedules.create': async () => ({ body: scheduleBody() }),
  'schedules.update': async (app, me) => ({
    params: { id: (await newSchedule(app, me)).id },
    body: { is_active: false },
  }),
  'schedules.delete': async (app, me) => ({ params: { id: (await newSchedule(app, me)).id } }),
  'rate_limits.list': async () => ({}),
  'rate_limits.get': async (app) => ({ params: { id: (await newRateLimit(app)).id } }),
  'rate_limits.create': async () => ({ body: { domain_pattern: `${fresh()}.example`, requests_per_minute: 60 } }),
  'rate_limits.update': async (app) => ({ params: { id: (await newRateLimit(app)).id }, body: { burst: 3 } }),
  'rate_limits.delete': async (app) => ({ params: { id: (await newRateLimit(app)).id } }),
  'settings.list': async () => ({}),
  'settings.create': async () => ({ body: { key: 'auth.trial_days', value: 14 } }),
  'settings.update': async () => ({ params: { key: 'auth.trial_days' }, body: { value: 14 } }),
  'settings.delete': async () => ({ params: { key: 'auth.trial_days' } }),
  'public.ideas.list': async () => ({ query: 'sort=vote_score&user_filter=mine' }),
  'public.ideas.top_voted': async () => ({ query: 'min_votes=1' }),
  'public.ideas.by_slug': async (app) => {
    const k = await buildKnowledge(app);
    return { params: { id: k.id, slug: k.slug } };
  },
  'public.ideas.by_id_slug': async (app) => ({ params: { id: (await buildKnowledge(app)).id, slug: 'any' } }),
  'public.ideas.get': async (app) => ({ params: { id: (await buildKnowledge(app)).id } }),
  'public.editor_picks': async () => ({}),
  'public.trending_keywords': async () => ({ query: 'time_filter=7d' }),
  'public.categories': async () => ({}),
  'public.search': async () => ({ query: 'q=subscription&include_trending=true' }),
  'public.search.suggestions': async () => ({ query: 'q=sub' }),
  'public.high_potential': async () => ({ query: 'limit=5' }),
  'public.about_scores': async () => ({}),
  'ideas.vote': async (app) => ({ params: { id: (await buildKnowledge(app)).id }, body: { vote_type: 'upvote' } }),
  'ideas.vote.get': async (app) => ({ params: { id: (await buildKnowledge(app)).id } }),
  'ideas.vote_stats': async (app) => ({ params: { id: (await buildKnowledge(app)).id } }),
  'ideas.engagement.record': async (app) => ({
    params: { id: (await buildKnowledge(app)).id },
    body: { view_token: 'unknown', time_on_page_ms: 1500 },
  }),
  'ideas.engagement_stats': async (app) => ({ params: { id: (await buildKnowledge(app)).id } }),
  'ideas.app_request': async (app) => ({ params: { id: (await buildKnowledge(app)).id }, body: {} }),
  'ideas.implementation.add': async (app) => ({ params: { id: (await buildKnowledge(app)).id }, body: {} }),
  'ideas.implementation.remove': async (app) => ({ params: { id: (await buildKnowledge(app)).id } }),
  'admin.knowledge.editor_pick': async (app) => ({ params: { id: (await buildKnowledge(app)).id }, body: {} }),
  'admin.knowledge.visibility': async (app) => ({
    params: { id: (await buildKnowledge(app)).id },
    body: { visibility: 'private' },
  }),
  'admin.knowledge.ownership': async (app) => ({
    params: { id: (await buildKnowledge(app)).id },
    body: { user_id: null },
  }),
  'backups.list': async () => ({}),
  'backups.create': async () => ({ body: {} }),
  'backups.get': async (app) => ({ params: { id: (await newBackup(app)).id } }),
  'backups.download': async (app) => ({ params: { id: (await newBackup(app)).id } }),
  'backups.delete': async (app) => ({ params: { id: (await newBackup(app)).id } }),
  'backups.verify': async (app) => ({ params: { id: (await newBackup(app)).id }, body: {} }),
  'recovery.knowledge.list': async () => ({}),
  'recovery.knowledge.restore': async (app) => ({ params: { id: (await deletedIdea(app)).id }, body: {} }),
  'recovery.knowledge.purge': async (app) => ({ params: { id: (await deletedIdea(app)).id } }),
  'audit_log.list': async () => ({ query: 'action=backup.' }),
  'analytics.events': async () => ({
    body: {
      visitor_id: `matrix-${fresh()}`,
      consent: {
        analytics_enabled: true,
        performance_tracking: true,
        personalization: false,
        advertising: false,
        consent_date: new Date().toISOString(),
        consent_version: '1.0',
      },
      events: [{ name: 'page_view', path: '/' }],
    },
  }),
  'analytics.overview': async () => ({ query: 'period=30d' }),
  'analytics.engagement': async () => ({ query: 'period=24h&limit=5' }),
  'dashboard.user_overview': async () => ({}),
  'dashboard.user_stats': async () => ({}),
  'dashboard.system_status': async () => ({ query: 'forceRefresh=true' }),
  'dashboard.queue_metrics': async () => ({}),
  'dashboard.worker_stats': async () => ({}),
  'dashboard.job_stats': async () => ({ query: 'period=7d' }),
  'dashboard.error_rates': async () => ({}),
  'dashboard.database_status': async () => ({}),
  'queues.list': async () => ({}),
  'queues.pause': async () => ({ params: { queue: 'profit-analysis' }, body: { reason: 'matrix' } }),
  'queues.resume': async () => ({ params: { queue: 'profit-analysis' }, body: {} }),
  'queues.dead_letter.replay': async () => ({ params: { queue: 'enrich' }, body: { reason: 'matrix' } }),
  'queues.tasks.search': async () => ({ query: 'q=example&kind=crawl' }),
  'queues.tasks.bulk': async () => ({ body: { action: 'retry', filter: { kind: 'crawl' }, reason: 'matrix' } }),
  'queues.tasks.retry': async (app) => ({ params: { kind: 'crawl', id: await matrixTask(app, 'failed') } }),
  'queues.tasks.cancel': async (app) => ({ params: { kind: 'crawl', id: await matrixTask(app, 'pending') }, body: {} }),
  'queues.tasks.delete': async (app) => ({ params: { kind: 'crawl', id: await matrixTask(app, 'pending') } }),
  'projects.list': async () => ({ query: 'sort=name&search=project' }),
  'projects.create': async (app) => ({
    body: { name: 'Matrix project', knowledge_ids: [(await buildKnowledge(app)).id] },
  }),
  'projects.get': async (app, me) => ({ params: { id: (await ownProject(app, me)).id } }),
  'projects.update': async (app, me) => ({
    params: { id: (await ownProject(app, me)).id },
    body: { notes: 'changed' },
  }),
  'projects.delete': async (app, me) => ({ params: { id: (await ownProject(app, me)).id } }),
  'projects.ideas.add': async (app, me) => ({
    params: { id: (await ownProject(app, me)).id },
    body: { knowledge_id: (await buildKnowledge(app)).id, note: 'why' },
  }),
  'projects.ideas.update': async (app, me) => {
    const idea = await buildKnowledge(app);
    const project = await ownProject(app, me, [idea.id]);
    return { params: { id: project.id, knowledgeId: idea.id }, body: { note: 'changed', position: 1 } };
  },
  'projects.ideas.remove': async (app, me) => {
    const idea = await buildKnowledge(app);
    return { params: { id: (await ownProject(app, me, [idea.id])).id, knowledgeId: idea.id } };
  },
  'projects.share': async (app, me) => ({ params: { id: (await ownProject(app, me)).id } }),
  'projects.unshare': async (app, me) => ({ params: { id: (await ownProject(app, me, [], true)).id } }),
  'shared.project': async (app) => ({ params: { token: (await ownProject(app, null, [], true)).token! } }),
  'avatars.list': async () => ({ query: 'search=persona' }),
  'avatars.create': async () => ({ body: { name: 'Matrix persona', goals: ['ship faster'] } }),
  'avatars.get': async (app, me) => ({ params: { id: (await ownAvatar(app, me)).id } }),
  'avatars.update': async (app, me) => ({ params: { id: (await ownAvatar(app, me)).id }, body: { name: 'Renamed' } }),
  'avatars.delete': async (app, me) => ({ params: { id: (await ownAvatar(app, me)).id } }),
  'avatars.image': async (app, me) => ({ params: { id: (await ownAvatar(app, me, true)).id } }),
  'dashboard.knowledge_metrics': async () => ({}),
  'dashboard.tag_activity': async () => ({ query: 'period=30d&limit=5' }),
  'dashboard.idea_pipeline': async () => ({}),
  'dashboard.profit_distribution': async () => ({ query: 'period=7d' }),
  'dashboard.high_potential_ideas': async () => ({ query: 'limit=5&page=1' }),
  'dashboard.emerging_trends': async () => ({ query: 'limit=12' }),
  'dashboard.source_performance': async () => ({ query: 'sort=idea_generation_rate&order=asc' }),
  'dashboard.domain_health': async () => ({ query: 'issues_only=true' }),
  'admin.llm_monitoring': async () => ({ query: 'period=24h' }),
  'admin.llm_monitoring.model': async (app) => {
    const model = `matrix/${fresh()}`;
    await app.db
      .insertInto('llm_calls')
      .values({ provider: 'matrix', model, purpose: 'analyze', status: 'ok' })
      .execute();
    return { params: { modelName: encodeURIComponent(model) } };
  },
};

const ownerId = async (app: AppContext, me: { id: number } | null) => me?.id ?? (await buildUser(app)).id;
const ownJob = async (app: AppContext, me: { id: number } | null) =>
  buildJob(app, { createdBy: await ownerId(app, me) });
/** The seed crawl task of a new job, in the given status. */
const matrixTask = async (app: AppContext, status: 'failed' | 'pending') => {
  const job = await buildJob(app);
  const task = await app.db
    .updateTable('crawl_tasks')
    .set({ status })
    .where('job_id', '=', job.id)
    .returning('id')
    .executeTakeFirstOrThrow();
  return task.id;
};
/** A transform task whose page the pre-filter dropped one hiring post from. */
const taskThatDropped = async (app: AppContext) => {
  const raw = await buildRawData(app);
  const dropped = { title: 'Hiring', url: 'https://example.test/jobs/1', reason: 'not an idea: hiring post' };
  const task = await app.db
    .insertInto('transform_tasks')
    .values({
      raw_data_id: raw.id,
      status: 'skipped',
      skip_reason: dropped.reason,
      dropped_items: JSON.stringify([dropped]),
      dropped_count: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await app.db
    .insertInto('transform_dropped_items')
    .values({ task_id: task.id, position: 0, ...dropped })
    .execute();
  return task.id;
};
const ownProject = async (app: AppContext, me: { id: number } | null, knowledgeIds: number[] = [], shared = false) =>
  buildProject(app, await ownerId(app, me), { knowledgeIds, shared });
const ownAvatar = async (app: AppContext, me: { id: number } | null, image = false) =>
  buildAvatar(app, await ownerId(app, me), { image });

/** A small real backup (the matrix database is tiny), made the way the API makes one. */
const newBackup = async (app: AppContext) => {
  const { createBackup } = await import('@ideamine/server/commands/backups');
  return createBackup(
    { db: app.db, pool: app.pool, databaseUrl: app.databaseUrl, dir: app.config.backupDir },
    'manual',
    null,
  );
};
const deletedIdea = async (app: AppContext) => {
  const k = await buildKnowledge(app);
  await app.db.updateTable('knowledge').set({ deleted_at: new Date() }).where('id', '=', k.id).execute();
  return k;
};
const scheduleBody = () => ({
  name: `s ${fresh()}`,
  cron: '0 * * * *',
  job_template: { initial_url: 'https://example.test/' },
});
const newSchema = (app: AppContext) =>
  app.db
    .insertInto('extraction_schemas')
    .values({ name: `m ${fresh()}`, type: 'feed' })
    .returning('id')
    .executeTakeFirstOrThrow();
const newSchedule = async (app: AppContext, me: { id: number } | null) =>
  app.db
    .insertInto('schedules')
    .values({
      name: `m ${fresh()}`,
      cron: '0 * * * *',
      job_template: JSON.stringify({ initial_url: 'https://example.test/' }),
      created_by: await ownerId(app, me),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
const newRateLimit = (app: AppContext) =>
  app.db
    .insertInto('rate_limits')
    .values({ domain_pattern: `${fresh()}.example`, requests_per_minute: 60 })
    .returning('id')
    .executeTakeFirstOrThrow();

/** Spec s2/s6 requirements for routes the spec names, checked against what the routes declare. */
const SPEC_REQUIREMENTS: Record<string, string> = {
  'users.list': 'permission users:read',
  'users.get': 'permission users:read',
  'users.update': 'role admin',
  'users.delete': 'role admin',
  'auth.me': 'signed-in',
  'auth.login': 'public',
  'auth.register': 'public',
  'auth.refresh': 'public',
  'auth.logout': 'public',
  'oauth.providers': 'public',
  'oauth.authorize': 'public',
  'oauth.callback': 'public',
  'oauth.status': 'public',
  'oauth.accounts': 'signed-in',
  'oauth.link': 'signed-in',
  'oauth.unlink': 'signed-in',
  'jobs.list': 'permission jobs:read',
  'jobs.create': 'permission jobs:write',
  'jobs.delete': 'permission jobs:delete',
  'tasks.crawl.list': 'permission tasks:read',
  'knowledge.list': 'permission knowledge:read',
  'knowledge.update': 'permission knowledge:write',
  'knowledge.batch_enrich': 'permission knowledge:enrich',
  'raw_data.list': 'role developer',
  'schemas.list': 'permission schemas:read',
  'schemas.create': 'permission schemas:write',
  'schedules.list': 'permission schedules:read',
  'schedules.create': 'permission schedules:write',
  'settings.list': 'permission settings:read',
  'rate_limits.list': 'role developer',
  'public.ideas.list': 'public',
  'public.search': 'public',
  'public.trending_keywords': 'public',
  'ideas.vote': 'signed-in',
  'ideas.vote_stats': 'public',
  'admin.knowledge.editor_pick': 'role admin',
  'admin.knowledge.visibility': 'role admin',
  'admin.knowledge.ownership': 'role admin',
  'dashboard.user_overview': 'signed-in',
  'dashboard.system_status': 'role admin',
  'dashboard.queue_metrics': 'role admin',
  'dashboard.worker_stats': 'role admin',
  'dashboard.job_stats': 'role admin',
  'dashboard.error_rates': 'role admin',
  'dashboard.database_status': 'role admin',
  'backups.create': 'role admin',
  'backups.restore': 'role admin',
  'recovery.knowledge.purge': 'role admin',
  'audit_log.list': 'role admin',
  'analytics.events': 'public',
  'analytics.overview': 'role admin',
  'analytics.engagement': 'role admin',
  'projects.list': 'role trial',
  'projects.create': 'role trial',
  'projects.share': 'role trial',
  'shared.project': 'public',
  'avatars.list': 'permission avatars:read',
  'avatars.create': 'permission avatars:write',
  'avatars.update': 'permission avatars:write',
  'avatars.delete': 'permission avatars:delete',
  'dashboard.knowledge_metrics': 'role admin',
  'dashboard.tag_activity': 'role admin',
  'dashboard.idea_pipeline': 'role admin',
  'dashboard.profit_distribution': 'role admin',
  'dashboard.high_potential_ideas': 'role admin',
  'dashboard.emerging_trends': 'role admin',
  'dashboard.source_performance': 'role admin',
  'dashboard.domain_health': 'role admin',
  'admin.llm_monitoring': 'role admin',
  'admin.llm_monitoring.model': 'role admin',
};

let server: TestServer;
let dataDir: string;
let http: ReturnType<typeof client>;

beforeAll(async () => {
  const { oauth } = loadConfig({ OAUTH_GITHUB_CLIENT_ID: 'matrix', OAUTH_GITHUB_CLIENT_SECRET: 'matrix-secret' });
  // Uploads (avatar images) go to a directory of this file's own.
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ideamine-matrix-'));
  server = await startTestServer({ oauth, dataDir });
  http = client(server.url);
});
afterAll(async () => {
  await server.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function fillPath(route: Route, params: Sample['params'] = {}): string {
  return API_BASE + route.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => String(params[name] ?? 1));
}

async function tokenFor(caller: Caller): Promise<{ token?: string; principal: (Principal & { id: number }) | null }> {
  if (!caller.role) return { principal: null };
  const trialExpiresAt = caller.expired ? new Date(Date.now() - 86_400_000) : undefined;
  const { token, user } = await signedInUser(server.app, { role: caller.role, trialExpiresAt });
  return { token, principal: user };
}

function requirementText(route: Route): string {
  const r = route.requirement;
  return r.kind === 'role'
    ? `role ${r.role}`
    : r.kind === 'permission'
      ? `permission ${r.resource}:${r.action}`
      : r.kind;
}

describe('permission matrix', () => {
  it('declares the requirements the spec gives', () => {
    for (const [id, expected] of Object.entries(SPEC_REQUIREMENTS)) {
      const route = routes.find((r) => r.id === id);
      expect(route, id).toBeDefined();
      expect(requirementText(route!), id).toBe(expected);
    }
  });

  it('has unique route ids and method+path pairs', () => {
    expect(new Set(routes.map((r) => r.id)).size).toBe(routes.length);
    expect(new Set(routes.map((r) => `${r.method} ${r.path}`)).size).toBe(routes.length);
  });

  for (const route of routes) {
    describe(`${route.method} ${route.path}`, () => {
      for (const caller of CALLERS) {
        it(`for ${caller.name}`, async () => {
          const { token, principal } = await tokenFor(caller);
          const sample = SAMPLES[route.id] ? await SAMPLES[route.id]!(server.app, principal) : {};
          const path = fillPath(route, sample.params) + (sample.query ? `?${sample.query}` : '');
          const res = await http.send(route.method, path, {
            token,
            ...(route.body ? { body: sample.body ?? {} } : {}),
          });
          const decision = checkAccess(principal, route.requirement);
          const label = `${route.id} as ${caller.name}: ${JSON.stringify(res.body).slice(0, 200)}`;
          // Routes that answer raw bytes (images) use the envelope for errors only.
          if (!route.rawResponse || res.status >= 400) {
            expect(res.body.status, label).toBe(res.status < 400 ? 'success' : 'error');
          }
          if (decision.allowed) {
            if (SAMPLES[route.id]) expect(res.status, label).toBeLessThan(300);
            else expect([401, 403], label).not.toContain(res.status);
            expect(res.status, label).toBeLessThan(500);
          } else if (decision.reason === 'UNAUTHENTICATED') {
            expect(res.status, label).toBe(401);
          } else {
            expect(res.status, label).toBe(403);
            expect(res.body.error.code, label).toBe(decision.reason);
          }
        });
      }
    });
  }
});
