import type { Selectable } from 'kysely';
import type PgBoss from 'pg-boss';
import type { CreateJobBody } from '@ideamine/shared/contract/jobs';
import { inTransaction, type Db } from '../db/database';
import type { JobsTable } from '../db/schema';
import { ApiError } from '../errors';
import { checkCrawlTarget, type AllowList } from '../net/address-policy';
import { bossDb, sendMany } from '../queue/boss';
import { domainOf, normalizeUrl } from '@ideamine/shared/url';

export type JobRow = Selectable<JobsTable>;

/**
 * Creates a job, its seed crawl task and the first crawl message in one transaction: a job
 * exists only together with the work that will run it. Used by the API and by schedules.
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
  const seed = { url, domain: domainOf(url) };
  return inTransaction(db, async (trx) => {
    const job = await trx
      .insertInto('jobs')
      .values({
        initial_url: seed.url,
        tag: input.tag ?? '',
        schema_id: input.schema_id ?? null,
        max_pages: input.max_pages,
        max_depth: input.max_depth,
        same_domain: input.same_domain,
        include_patterns: input.include_patterns,
        exclude_patterns: input.exclude_patterns,
        time_limit_seconds: input.time_limit_seconds,
        origin: origin.scheduleId ? 'scheduled' : 'manual',
        schedule_id: origin.scheduleId ?? null,
        created_by: origin.userId,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const task = await trx
      .insertInto('crawl_tasks')
      .values({ job_id: job.id, url: seed.url, domain: seed.domain, depth: 0, discovered_via: 'seed' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sendMany(boss, 'crawl', [{ taskIds: [task.id] }], { db: bossDb(trx) });
    return job;
  });
}
