import { z } from 'zod';

// Per-role crawl budgets, as settings: how many pages one job may crawl, how many jobs a user may
// start per UTC day and how many may run at once. Trial accounts are anyone who registers, so
// theirs are small by default; developers have none unless an administrator sets one. Admins have
// no budget: they change these settings, so a limit they can lift themselves would protect nothing.
// 0 means no limit.

export const BUDGETED_ROLES = ['trial', 'developer'] as const;
export type BudgetedRole = (typeof BUDGETED_ROLES)[number];

export const BUDGET_LIMITS = ['pages_per_job', 'jobs_per_day', 'concurrent_jobs'] as const;
export type BudgetLimit = (typeof BUDGET_LIMITS)[number];

export const budgetKey = <R extends BudgetedRole, L extends BudgetLimit>(role: R, limit: L) =>
  `crawl.budget.${role}.${limit}` as const;

const DEFAULTS: Record<BudgetedRole, Record<BudgetLimit, number>> = {
  trial: { pages_per_job: 50, jobs_per_day: 10, concurrent_jobs: 2 },
  developer: { pages_per_job: 0, jobs_per_day: 0, concurrent_jobs: 0 },
};

/** The largest max_pages a job may ask for (the jobs contract's own bound). */
const MAX_PAGES = 10_000;

const setting = (role: BudgetedRole, limit: BudgetLimit, max: number, what: string) => ({
  schema: z.number().int().min(0).max(max),
  default: DEFAULTS[role][limit],
  description: `${what} for a ${role} account; 0 for no limit`,
});

const forRole = <R extends BudgetedRole>(role: R) =>
  ({
    [budgetKey(role, 'pages_per_job')]: setting(
      role,
      'pages_per_job',
      MAX_PAGES,
      'Most pages one crawl job may fetch (a larger max_pages is refused, a missing one is capped)',
    ),
    [budgetKey(role, 'jobs_per_day')]: setting(
      role,
      'jobs_per_day',
      1_000_000,
      'Crawl jobs one user may start per UTC day (the count resets at midnight UTC)',
    ),
    [budgetKey(role, 'concurrent_jobs')]: setting(
      role,
      'concurrent_jobs',
      10_000,
      'Crawl jobs one user may have pending or running at once',
    ),
  }) as Record<`crawl.budget.${R}.${BudgetLimit}`, ReturnType<typeof setting>>;

export const CRAWL_BUDGET_SETTINGS = { ...forRole('trial'), ...forRole('developer') };
