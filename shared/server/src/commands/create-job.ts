import type { Selectable } from 'kysely';
import type PgBoss from 'pg-boss';
import type { CreateJobBody } from '@ideamine/shared/contract/jobs';
import { inTransaction, type Db } from '../db/database';
import type { JobsTable } from '../db/schema';
import { ApiError } from '../errors';
import { checkCrawlTarget, type AllowList } from '../net/address-policy';
import { bossDb, sendMany } from '../queue/boss';
import { claimJobSlot, crawlBudgetOf, pagesWithin } from './crawl-budget';
import { domainOf, fetchUrlFor, linkedUrl, normalizeUrl } from '@ideamine/shared/url';

export type JobRow = Selectable<JobsTable>;

/**
 * Creates a job, its seed crawl task and the first crawl message in one transaction: a job
 * exists only together with the work that will run it. Used by the API and by schedules. The
 * creator's crawl budget applies either way (commands/crawl-budget.ts).
 */
export async function createJob(
  db: Db,
  boss: PgBoss,
  input: CreateJobBody,
  origin: { userId: number | null; scheduleId?: number | null; allow: AllowList },
): Promise<JobRow> {
  const url = normalizeUrl(input.initial_url);
  if (!url) throw new ApiError('VALIDATION_ERROR', 'initial_url must be an absolute http(s) URL', 'initial_url');
  // The address checked is the one stored and crawled (normalising drops a trailing dot, say).
  const refusal = await checkCrawlTarget(url, origin.allow);
  if (refusal) throw new ApiError('VALIDATION_ERROR', `initial_url is not allowed: ${refusal}`, 'initial_url');
  if (input.schema_id) {
    const schema = await db
      .selectFrom('extraction_schemas')
      .select('id')
      .where('id', '=', input.schema_id)
      .executeTakeFirst();
    if (!schema) throw new ApiError('VALIDATION_ERROR', `schema_id ${input.schema_id} does not exist`, 'schema_id');
  }
  // Stored as typed too: the crawler fetches the query in the site's own order (robots.txt rules are written against it).
  const seed = { url, domain: domainOf(url), fetch_url: fetchUrlFor(url, linkedUrl(input.initial_url)) };
  const budget = await crawlBudgetOf(db, origin.userId);
  const maxPages = pagesWithin(budget, input.max_pages);
  return inTransaction(db, async (trx) => {
    if (budget) await claimJobSlot(trx, origin.userId!, budget);
    const job = await trx
      .insertInto('jobs')
      .values({
        initial_url: seed.url,
        tag: input.tag ?? '',
        schema_id: input.schema_id ?? null,
        max_pages: maxPages,
        max_depth: input.max_depth,
        same_domain: input.same_domain,
        include_patterns: input.include_patterns,
        exclude_patterns: input.exclude_patterns,
        time_limit_seconds: input.time_limit_seconds,
        follow_feed_items: input.follow_feed_items,
        origin: origin.scheduleId ? 'scheduled' : 'manual',
        schedule_id: origin.scheduleId ?? null,
        created_by: origin.userId,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const task = await trx
      .insertInto('crawl_tasks')
      .values({
        job_id: job.id,
        url: seed.url,
        fetch_url: seed.fetch_url,
        domain: seed.domain,
        depth: 0,
        discovered_via: 'seed',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sendMany(boss, 'crawl', [{ taskIds: [task.id] }], { db: bossDb(trx) });
    return job;
  });
}
