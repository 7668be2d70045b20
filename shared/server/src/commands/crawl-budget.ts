import { sql } from 'kysely';
import { BUDGETED_ROLES, budgetKey, type BudgetedRole } from '@ideamine/shared/crawl-budget-settings';
import type { Db } from '../db/database';
import { ApiError } from '../errors';
import { readSetting } from './settings';

// The crawl budget of the user who starts a job (settings crawl.budget.<role>.*), applied when the
// job is created, whether by POST /jobs or by one of the user's schedules. Pages per job becomes
// the job's own max_pages, which the crawler already holds the job to while it runs; jobs per day
// and concurrent jobs are counted from the user's jobs under a per-user lock, so two requests at
// once cannot both take the last place.

export interface CrawlBudget {
  role: BudgetedRole;
  /** Each limit, or null for none (a setting of 0). */
  pagesPerJob: number | null;
  jobsPerDay: number | null;
  concurrentJobs: number | null;
}

/** jobs.max_pages's column default (0002_pipeline.sql): what a job gets when it asks for nothing. */
const DEFAULT_MAX_PAGES = 50;

/** Two-key advisory locks live apart from the one-key locks used elsewhere; the user id is the second key. */
const BUDGET_LOCK = 727_010;

/** The budget of a job's creator; null when there is none (no creator, an admin, or every limit off). */
export async function crawlBudgetOf(db: Db, userId: number | null): Promise<CrawlBudget | null> {
  if (userId === null) return null;
  const user = await db.selectFrom('users').select('role').where('id', '=', userId).executeTakeFirst();
  const role = BUDGETED_ROLES.find((r) => r === user?.role);
  if (!role) return null;
  const [pages, perDay, concurrent] = await Promise.all([
    readSetting(db, budgetKey(role, 'pages_per_job')),
    readSetting(db, budgetKey(role, 'jobs_per_day')),
    readSetting(db, budgetKey(role, 'concurrent_jobs')),
  ]);
  const limit = (n: number) => (n > 0 ? n : null);
  const budget = { role, pagesPerJob: limit(pages), jobsPerDay: limit(perDay), concurrentJobs: limit(concurrent) };
  return budget.pagesPerJob || budget.jobsPerDay || budget.concurrentJobs ? budget : null;
}

/**
 * The max_pages a new job gets: what it asked for, or the default capped at the budget. Asking
 * for more than the budget is refused rather than quietly cut, so the user knows the job is smaller.
 */
export function pagesWithin(budget: CrawlBudget | null, requested: number | undefined): number | undefined {
  const cap = budget?.pagesPerJob;
  if (!cap) return requested;
  if (requested === undefined) return Math.min(DEFAULT_MAX_PAGES, cap);
  if (requested <= cap) return requested;
  throw new ApiError(
    'VALIDATION_ERROR',
    `max_pages may be at most ${cap} for a ${budget.role} account (setting ${budgetKey(budget.role, 'pages_per_job')}); ask for ${cap} pages or fewer`,
    'max_pages',
  );
}

/**
 * Refuses a new job when its creator has used up the day's jobs or has as many running as the
 * budget allows. Call inside the transaction that inserts the job: the lock is held until it ends.
 */
export async function claimJobSlot(trx: Db, userId: number, budget: CrawlBudget): Promise<void> {
  if (!budget.jobsPerDay && !budget.concurrentJobs) return;
  await sql`SELECT pg_advisory_xact_lock(${BUDGET_LOCK}, ${userId})`.execute(trx);
  // The database's clock, as jobs.created_at is: a UTC day, and what still runs (a cancelled job
  // that finishes its last fetch no longer counts, so cancelling frees a place at once).
  const usage = await sql<{ today: number; running: number; resets_at: Date; reset_seconds: number }>`
    WITH day AS (SELECT date_trunc('day', now(), 'UTC') AS start)
    SELECT count(*) FILTER (WHERE created_at >= day.start)::int AS today,
           count(*) FILTER (WHERE status IN ('pending', 'active') AND cancelled_at IS NULL)::int AS running,
           day.start + interval '1 day' AS resets_at,
           ceil(extract(epoch FROM day.start + interval '1 day' - now()))::int AS reset_seconds
    FROM day LEFT JOIN jobs ON jobs.created_by = ${userId}
    GROUP BY day.start`.execute(trx);
  const { today, running, resets_at, reset_seconds } = usage.rows[0]!;
  const role = budget.role;
  if (budget.jobsPerDay && today >= budget.jobsPerDay) {
    throw new ApiError(
      'RATE_LIMITED',
      `Daily crawl budget reached: a ${role} account may start ${budget.jobsPerDay} crawl jobs per day ` +
        `(setting ${budgetKey(role, 'jobs_per_day')}) and you have started ${today} today. The count resets at ` +
        `midnight UTC (${resets_at.toISOString()}), ${untilText(reset_seconds)}; start this job then, or ask an ` +
        'administrator to raise the limit.',
      undefined,
      { 'Retry-After': String(Math.max(1, reset_seconds)) },
    );
  }
  if (budget.concurrentJobs && running >= budget.concurrentJobs) {
    throw new ApiError(
      'RATE_LIMITED',
      `Concurrent crawl budget reached: a ${role} account may have ${budget.concurrentJobs} crawl jobs pending or ` +
        `running at once (setting ${budgetKey(role, 'concurrent_jobs')}) and you have ${running}. A place frees up ` +
        'as soon as one of them finishes; wait for one to finish, or cancel one, then start this job.',
    );
  }
}

/** "in 3 hours 12 minutes", for the reset of a daily limit. */
function untilText(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  if (minutes <= 1) return 'in less than a minute';
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  return `in ${[h ? part(h, 'hour') : '', m ? part(m, 'minute') : ''].filter(Boolean).join(' ')}`;
}
