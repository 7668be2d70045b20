import type { ScoreEvidence } from '../db/schema';
import { randomBytes } from 'node:crypto';
import type { Role } from '@ideamine/shared/permissions';
import { hashPassword } from '../auth/password';
import { openSession } from '../auth/sessions';
import type { AppContext } from '../context';
import type { UserRow } from '../queries/users';
import { profitLabel } from '../llm/scoring';

export const TEST_PASSWORD = 'correct-horse-battery';
let passwordHash: Promise<string> | undefined;

export interface UserOverrides {
  role?: Role;
  email?: string;
  username?: string;
  trialExpiresAt?: Date | null;
  password?: string;
}

/** Inserts a user directly (hashing once per file keeps factories fast). */
export async function buildUser(app: AppContext, o: UserOverrides = {}): Promise<UserRow> {
  const tag = randomBytes(4).toString('hex');
  const role = o.role ?? 'trial';
  passwordHash ??= hashPassword(TEST_PASSWORD);
  return app.db
    .insertInto('users')
    .values({
      email: o.email ?? `user-${tag}@example.test`,
      username: o.username ?? `user_${tag}`,
      first_name: 'Test',
      last_name: role,
      password_hash: o.password ? await hashPassword(o.password) : await passwordHash,
      role,
      trial_expires_at:
        o.trialExpiresAt !== undefined
          ? o.trialExpiresAt
          : role === 'trial'
            ? new Date(Date.now() + 7 * 86_400_000)
            : null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A user with a live session: returns the row and its tokens. */
export async function signedInUser(app: AppContext, o: UserOverrides = {}) {
  const user = await buildUser(app, o);
  const tokens = await openSession(app, user.id, { ip: '127.0.0.1', userAgent: 'vitest' });
  return { user, tokens, token: tokens.access_token };
}

/**
 * A job with its seed task, created the way the API creates one (no worker runs it here), owned by
 * `createdBy` when given. The owner is set afterwards, so fixtures are not held to their crawl budget.
 */
export async function buildJob(app: AppContext, o: { url?: string; createdBy?: number | null } = {}) {
  const { createJob } = await import('../commands/create-job');
  const { parseAllowList } = await import('../net/address-policy');
  const job = await createJob(
    app.db,
    app.boss,
    { initial_url: o.url ?? `https://example.test/${randomBytes(3).toString('hex')}`, max_pages: 1, max_depth: 0 },
    { userId: null, allow: parseAllowList('') },
  );
  if (!o.createdBy) return job;
  return app.db
    .updateTable('jobs')
    .set({ created_by: o.createdBy })
    .where('id', '=', job.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A stored page: a made-up HTML page by default, or the given one (fetched by a crawl task, say). */
export async function buildRawData(
  app: AppContext,
  jobId: number | null = null,
  page: { url?: string; content?: string; contentType?: string; crawlTaskId?: number } = {},
) {
  const content = page.content ?? `<html><body><h1>Raw ${randomBytes(3).toString('hex')}</h1></body></html>`;
  const url = page.url ?? `https://example.test/raw/${randomBytes(4).toString('hex')}`;
  return app.db
    .insertInto('raw_data')
    .values({
      job_id: jobId,
      crawl_task_id: page.crawlTaskId ?? null,
      url,
      domain: new URL(url).hostname,
      content,
      content_type: page.contentType ?? 'text/html',
      content_hash: randomBytes(16).toString('hex'),
      size_bytes: content.length,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function buildKnowledge(
  app: AppContext,
  o: {
    title?: string;
    body?: string;
    summary?: string;
    /** Where the idea was found; a made-up example.test address by default. */
    source_url?: string;
    visibility?: 'public' | 'private';
    categories?: string[];
    keywords?: string[];
    profit_score?: number;
    /** The label the pipeline gives the profit score (profitLabel), unless a test needs another. */
    profit_potential?: 'Very High' | 'High' | 'Medium' | 'Low' | 'Speculative';
    overall_score?: number | null;
    user_id?: number | null;
    created_at?: Date;
    score_evidence?: ScoreEvidence | null;
    model_version?: string | null;
  } = {},
) {
  const tag = randomBytes(4).toString('hex');
  const title = o.title ?? `Test idea ${tag}`;
  return app.db
    .insertInto('knowledge')
    .values({
      slug: title
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, ''),
      title,
      summary: o.summary ?? `Summary of ${title}`,
      body: o.body ?? `A tool that helps people with ${title}. Customers would pay a subscription.`,
      source_url: o.source_url ?? `https://example.test/ideas/${tag}`,
      source_domain: o.source_url ? new URL(o.source_url).hostname : 'example.test',
      content_hash: randomBytes(16).toString('hex'),
      visibility: o.visibility ?? 'public',
      categories: o.categories ?? ['saas'],
      keywords: o.keywords ?? [],
      profit_score: o.profit_score ?? 6.5,
      profit_potential: o.profit_potential ?? profitLabel(o.profit_score ?? 6.5),
      overall_score: o.overall_score ?? null,
      user_id: o.user_id ?? null,
      score_evidence: o.score_evidence ? JSON.stringify(o.score_evidence) : null,
      model_version: o.model_version ?? null,
      ...(o.created_at ? { created_at: o.created_at } : {}),
      enriched_at: new Date(),
      analyzed_at: new Date(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
