import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Server } from 'node:http';
import { createApp } from '@ideamine/api/app';
import { closeAppContext, createAppContext, createLogger } from '@ideamine/server/boot';
import { loadConfig } from '@ideamine/server/config';
import { databaseUrl, dropDatabase, withDatabase } from '@ideamine/server/db/admin';
import { startEmbeddedPostgres } from '@ideamine/server/db/embedded-postgres';
import { buildKnowledge, buildUser, TEST_PASSWORD } from '@ideamine/server/test/factories';
import { ideaModel } from '@ideamine/server/llm/idea-model/model';
import { startDemoSite } from '@ideamine/server/demo/site';
import { startWorkers } from '@ideamine/worker/runtime';
import { E2E_PORT, E2E_STATE_FILE, type E2EState, type E2EUsers } from './fixtures';
import { seedOperations } from './seed-operations';
import { SEEDED_IDEAS, SEEDED_TAG, seededEvidence, sentencesOf } from './seed-ideas';

// The server the browser tests drive: the real app serving the built portal, with the pipeline
// workers crawling a demo web site on loopback, on a fresh database with demo ideas, operator
// records and one user per role. Playwright starts it and stops it (SIGTERM).
// With E2E_FIRST_RUN=1 it is a fresh install instead: the users and nothing else, for the
// first-run tests (playwright.first-run.config.ts).

const FIRST_RUN = process.env.E2E_FIRST_RUN === '1';

const CATEGORIES = ['saas', 'ecommerce', 'ai-ml', 'fintech', 'health', 'education'];
const LEVELS = ['Very High', 'High', 'Medium', 'Low', 'Speculative'] as const;
/** The top of each level's band of profit scores (profitLabel), so a seeded score reads as its label says. */
const LEVEL_TOP: Record<(typeof LEVELS)[number], number> = {
  'Very High': 9.5,
  High: 7.9,
  Medium: 6.4,
  Low: 4.9,
  Speculative: 3.4,
};

async function main() {
  const embedded = process.env.DATABASE_URL ? null : await startEmbeddedPostgres({ dataDir: path.resolve('data/e2e') });
  const adminUrl = process.env.DATABASE_URL ?? embedded!.url;
  const name = `ideamine_e2e_${process.pid}`;
  await dropDatabase(adminUrl, name);
  await withDatabase(adminUrl, (c) => c.query(`CREATE DATABASE ${name}`));

  const config = {
    ...loadConfig({
      LOG_LEVEL: 'warn',
      DATA_DIR: `data/e2e/app-${E2E_PORT}`,
      PORT: String(E2E_PORT),
      CRAWL_ALLOW_PRIVATE: '127.0.0.1',
      ...(process.env.PORTAL_DIR ? { PORTAL_DIR: process.env.PORTAL_DIR } : {}),
    }),
    // Tests see every change at once; the portal benchmark runs with the production cache.
    publicCacheSeconds: Number(process.env.E2E_PUBLIC_CACHE_SECONDS ?? 0),
    dashboardCacheSeconds: 0,
    loginMaxAttemptsPerIp: 1000,
    registerMaxPerIp: 1000,
  };
  const log = createLogger(config);
  const url = databaseUrl(adminUrl, name);
  const app = await createAppContext(config, log, url, { maintainQueue: true });
  const site = await startDemoSite({ ideas: 12 });
  const users = FIRST_RUN ? await seedUsers(app) : await seed(app);
  const seeded = FIRST_RUN
    ? { bigJobId: 0, failingJobId: 0, bigJobTasks: 0, failedTasks: 0 }
    : await seedOperations(app, site.url);
  const workers = await startWorkers({
    db: app.db,
    boss: app.boss,
    log,
    allowPrivate: '127.0.0.1',
    pollingIntervalSeconds: 0.5,
    concurrency: 1,
  });
  const state: E2EState = { users, databaseUrl: url, siteUrl: site.url, seeded };
  writeFileSync(E2E_STATE_FILE, JSON.stringify(state, null, 2));

  const server: Server = createApp(app).listen(E2E_PORT, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  console.log(`e2e server on http://127.0.0.1:${E2E_PORT}`);

  const stop = async () => {
    server.closeAllConnections();
    server.close();
    await workers.stop().catch(() => undefined);
    await site.close();
    await closeAppContext(app);
    await dropDatabase(adminUrl, name).catch(() => undefined);
    await embedded?.stop();
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

type App = Awaited<ReturnType<typeof createAppContext>>;

async function seedUsers(app: App): Promise<E2EUsers> {
  const user = async (role: 'guest' | 'trial' | 'developer' | 'admin', key: string, trialExpiresAt?: Date | null) => {
    const row = await buildUser(app, { role, email: `${key}@e2e.test`, username: key, trialExpiresAt });
    return { id: row.id, email: row.email, password: TEST_PASSWORD };
  };
  const users: E2EUsers = {
    guest: await user('guest', 'guest_user'),
    trial: await user('trial', 'trial_user', new Date(Date.now() + 30 * 86_400_000)),
    trialEnding: await user('trial', 'trial_ending', new Date(Date.now() + 3 * 86_400_000)),
    trialExpired: await user('trial', 'trial_expired', new Date(Date.now() - 86_400_000)),
    developer: await user('developer', 'developer_user'),
    admin: await user('admin', 'admin_user'),
  };
  return users;
}

async function seed(app: App): Promise<E2EUsers> {
  const users = await seedUsers(app);
  for (const [i, idea] of SEEDED_IDEAS.entries()) {
    const level = LEVELS[i % LEVELS.length]!;
    const sentences = sentencesOf(idea.body);
    // Scores are set, not computed: each profit level and category shows up for the tests.
    await buildKnowledge(app, {
      title: idea.title,
      body: idea.body,
      summary: sentences.slice(0, 2).join(' ').slice(0, 300),
      source_url: idea.source_url,
      categories: [CATEGORIES[i % CATEGORIES.length]!, CATEGORIES[(i + 1) % CATEGORIES.length]!, 'productivity', 'b2b'],
      keywords: [SEEDED_TAG, idea.keyword],
      profit_score: LEVEL_TOP[level] - Math.floor(i / LEVELS.length) * 0.2,
      profit_potential: level,
      overall_score: 4.8 - (i % 10) * 0.3,
      created_at: new Date(Date.now() - i * 3600_000),
      score_evidence: await seededEvidence(idea),
      model_version: ideaModel().version,
    });
  }
  await buildKnowledge(app, {
    title: 'A private idea nobody else sees',
    visibility: 'private',
    user_id: users.trial.id,
  });
  return users;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
