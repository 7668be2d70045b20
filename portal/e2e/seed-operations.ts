import { sql } from 'kysely';
import type { createAppContext } from '@ideamine/server/boot';
import { buildKnowledge } from '@ideamine/server/test/factories';
import { SEEDED_TAG } from './seed-ideas';

// Operator records for the admin screens' browser tests: a finished job with 10,000 crawl tasks
// (the dense tables must stay smooth at that size), a job whose three pages failed (for a bulk
// retry; their URLs are on the demo site, so a retry succeeds), raw pages, LLM calls for the
// monitoring screens, a rate limit and a deleted idea for recovery.

type App = Awaited<ReturnType<typeof createAppContext>>;

export const BIG_JOB_TASKS = 10_000;
export const FAILED_TASKS = 3;

export async function seedOperations(app: App, siteUrl: string) {
  const host = new URL(siteUrl).host;
  const job = (tag: string, url: string, status: string) =>
    app.db
      .insertInto('jobs')
      .values({
        initial_url: url,
        tag,
        status,
        origin: 'manual',
        max_pages: BIG_JOB_TASKS,
        max_depth: 3,
        started_at: new Date(Date.now() - 3600_000),
        finished_at: new Date(Date.now() - 1800_000),
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((r) => r.id);

  const bigJobId = await job('seeded-big-crawl', 'https://big.example.test/', 'completed');
  await sql`
    INSERT INTO crawl_tasks (job_id, url, domain, depth, discovered_via, status, attempts, http_status,
                             content_type, bytes, duration_ms, started_at, finished_at, created_at)
    SELECT ${bigJobId}, 'https://big.example.test/page/' || g, 'big.example.test', 1 + g % 3, 'link', 'completed', 1,
           200, 'text/html', 4000 + g % 900, 40 + g % 200, now() - interval '50 minutes', now() - interval '40 minutes',
           now() - interval '55 minutes' + g * interval '1 millisecond'
    FROM generate_series(1, ${BIG_JOB_TASKS}) AS g`.execute(app.db);

  const failingJobId = await job('seeded-failures', `${siteUrl}/`, 'partially_completed');
  await sql`
    INSERT INTO crawl_tasks (job_id, url, domain, depth, discovered_via, status, attempts, http_status, error,
                             started_at, finished_at)
    SELECT ${failingJobId}, ${siteUrl} || '/ideas/' || g, ${host}, 1, 'link', 'failed', 3, 500,
           'HTTP 500 from the server (seeded failure)', now() - interval '20 minutes', now() - interval '19 minutes'
    FROM generate_series(1, ${FAILED_TASKS}) AS g`.execute(app.db);

  for (let i = 1; i <= 3; i++) {
    const content = `<html><head><title>Seeded page ${i}</title></head><body><h1>Seeded page ${i}</h1><p>A tool that books tutors for busy parents.</p></body></html>`;
    await app.db
      .insertInto('raw_data')
      .values({
        job_id: failingJobId,
        url: `${siteUrl}/seeded/${i}`,
        domain: host,
        content,
        content_type: 'text/html',
        content_hash: `seeded-${i}`,
        size_bytes: content.length,
      })
      .execute();
  }

  await sql`
    INSERT INTO llm_calls (provider, model, purpose, prompt_tokens, completion_tokens, total_tokens, latency_ms,
                           status, error, cost_usd, created_at)
    SELECT CASE WHEN g % 3 = 0 THEN 'openai' ELSE 'local' END,
           CASE WHEN g % 3 = 0 THEN 'gpt-4o-mini' ELSE 'local-rules' END,
           CASE WHEN g % 2 = 0 THEN 'enrich' ELSE 'analyse' END,
           300 + g, 120 + g, 420 + 2 * g, 80 + (g * 37) % 900,
           CASE WHEN g % 10 = 0 THEN 'error' ELSE 'ok' END,
           CASE WHEN g % 10 = 0 THEN 'timeout after 30 s' END,
           CASE WHEN g % 3 = 0 THEN 0.0004 * g ELSE 0 END,
           now() - g * interval '7 minutes'
    FROM generate_series(1, 120) AS g`.execute(app.db);

  await app.db
    .insertInto('rate_limits')
    .values({ domain_pattern: host.split(':')[0]!, requests_per_minute: 60_000, burst: 200, max_concurrency: 16 })
    .onConflict((oc) => oc.column('domain_pattern').doNothing())
    .execute();

  // The high-potential carousel shows strengths (3, then '+N more') and innovation chips.
  await sql`
    UPDATE knowledge
    SET key_strengths = ARRAY['Recurring revenue', 'Clear pain point', 'Small team can build it', 'Growing market'],
        business_model_innovation_score = 4.2, technology_innovation_score = 3.1,
        market_disruption_potential_score = 2.4, approach_novelty_score = 0
    WHERE ${SEEDED_TAG} = ANY(keywords)`.execute(app.db);

  const deleted = await buildKnowledge(app, { title: 'A deleted idea waiting in recovery' });
  await app.db.updateTable('knowledge').set({ deleted_at: new Date() }).where('id', '=', deleted.id).execute();

  return { bigJobId, failingJobId, bigJobTasks: BIG_JOB_TASKS, failedTasks: FAILED_TASKS };
}
