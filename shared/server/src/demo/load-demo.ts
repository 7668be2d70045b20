import type PgBoss from 'pg-boss';
import { createJobBody } from '@ideamine/shared/contract/jobs';
import { createJob } from '../commands/create-job';
import { conflict } from '../errors';
import type { Db } from '../db/database';
import type { AllowList } from '../net/address-policy';
import { DEMO_ENTRY_POINTS } from './real-site';

// Loading the demo: one crawl job per way the demo site publishes (forum, feed, two JSON
// listings), through the real pipeline. `npm run demo` and the admin's "Load the demo" both
// start it here and follow it with `demoProgress`.

export const DEMO_TAGS: readonly string[] = DEMO_ENTRY_POINTS.map((e) => e.tag);

/** Every page of the demo site fits: the forum's threads, its index pages and the feed's posts. */
const DEMO_MAX_PAGES = 400;

/** Creates the demo's jobs against the demo site at `base`; returns their ids. */
export async function loadDemo(
  db: Db,
  boss: PgBoss,
  base: string,
  origin: { userId: number | null; allow: AllowList },
): Promise<number[]> {
  // Every schema first, so a missing one stops the load before any job starts.
  const schemaIds = new Map<string, number>();
  for (const name of new Set(DEMO_ENTRY_POINTS.flatMap((e) => (e.schema ? [e.schema] : [])))) {
    const row = await db.selectFrom('extraction_schemas').select('id').where('name', '=', name).executeTakeFirst();
    if (!row)
      throw conflict(
        `The demo reads its JSON listings with the built-in extraction schema "${name}", which is missing: create a schema of that name (Admin, Schemas) and load the demo again.`,
      );
    schemaIds.set(name, row.id);
  }
  // The demo site is ours: let the crawler read it as fast as the pipeline can take it.
  await db
    .insertInto('rate_limits')
    .values({ domain_pattern: new URL(base).hostname, requests_per_minute: 60_000, burst: 200, max_concurrency: 16 })
    .onConflict((oc) => oc.column('domain_pattern').doNothing())
    .execute();
  const ids: number[] = [];
  for (const entry of DEMO_ENTRY_POINTS) {
    const body = createJobBody.parse({
      initial_url: `${base}${entry.path}`,
      tag: entry.tag,
      max_depth: entry.maxDepth,
      max_pages: DEMO_MAX_PAGES,
      exclude_patterns: entry.exclude,
      schema_id: entry.schema ? schemaIds.get(entry.schema) : null,
    });
    ids.push((await createJob(db, boss, body, origin)).id);
  }
  return ids;
}

export interface DemoProgress {
  /**
   * not_loaded: no demo job yet; loading: a demo job is still crawling or an idea awaits its score;
   * failed: every job has finished and not one page could be read (refused or unreadable).
   */
  state: 'not_loaded' | 'loading' | 'loaded' | 'failed';
  job_ids: number[];
  pages_crawled: number;
  pages_total: number;
  /** Pages skipped (refused by robots or the address policy) or failed: they gave nothing. */
  pages_not_read: number;
  /** Why, in the crawler's words (the commonest reason), when any page was not read. */
  not_read_because: string | null;
  ideas: number;
  scored: number;
}

/** How far the latest demo load has come (its jobs are the newest job of each demo tag). */
export async function demoProgress(db: Db): Promise<DemoProgress> {
  const jobs = await db
    .selectFrom('jobs')
    .select(['id', 'status'])
    .distinctOn('tag')
    .where('tag', 'in', DEMO_TAGS)
    .orderBy('tag')
    .orderBy('id', 'desc')
    .execute();
  const ids = jobs.map((j) => j.id);
  if (!ids.length)
    return {
      state: 'not_loaded',
      job_ids: [],
      pages_crawled: 0,
      pages_total: 0,
      pages_not_read: 0,
      not_read_because: null,
      ideas: 0,
      scored: 0,
    };
  const tasks = await db
    .selectFrom('crawl_tasks')
    .select((eb) => [
      eb.fn.countAll<string>().as('total'),
      eb.fn.count<string>('id').filterWhere('status', 'not in', ['pending', 'active']).as('done'),
      eb.fn.count<string>('id').filterWhere('status', 'in', ['skipped', 'failed']).as('not_read'),
    ])
    .where('job_id', 'in', ids)
    .executeTakeFirstOrThrow();
  const notRead = Number(tasks.not_read);
  // Polled every second while the demo loads: the reason is looked up only once a page was not read.
  const reason = notRead
    ? await db
        .selectFrom('crawl_tasks')
        .select((eb) => [eb.fn.coalesce('skip_reason', 'error').as('reason'), eb.fn.countAll<string>().as('n')])
        .where('job_id', 'in', ids)
        .where('status', 'in', ['skipped', 'failed'])
        .groupBy((eb) => eb.fn.coalesce('skip_reason', 'error'))
        .orderBy('n', 'desc')
        .limit(1)
        .executeTakeFirst()
    : undefined;
  const ideas = await db
    .selectFrom('knowledge')
    .select((eb) => [eb.fn.countAll<string>().as('ideas'), eb.fn.count<string>('analyzed_at').as('scored')])
    .where('job_id', 'in', ids)
    .where('merged_into_id', 'is', null)
    .executeTakeFirstOrThrow();
  const crawling = jobs.some((j) => j.status === 'pending' || j.status === 'active');
  const scored = Number(ideas.scored);
  // Failed: not one page was read. (A demo loaded again reads every page and finds no new idea:
  // its posts are ideas already.)
  const nothingRead = notRead > 0 && notRead === Number(tasks.total);
  return {
    state: crawling || scored < Number(ideas.ideas) ? 'loading' : nothingRead ? 'failed' : 'loaded',
    job_ids: ids.sort((a, b) => a - b),
    pages_crawled: Number(tasks.done),
    pages_total: Number(tasks.total),
    pages_not_read: notRead,
    not_read_because: reason?.reason ?? null,
    ideas: Number(ideas.ideas),
    scored,
  };
}
