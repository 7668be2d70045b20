import { sql } from 'kysely';
import type { Db } from '@ideamine/server/db/database';
import { foldIdeaRollups } from '@ideamine/server/queries/idea-rollups';

// Seeds the pipeline tables for `npm run bench:dashboard`: jobs, crawl tasks over 200 domains,
// raw pages and transform tasks for a share of them, and LLM calls, with statuses, errors and
// times spread over the last 30 days. Set-based SQL in chunks; deterministic.

async function countOf(db: Db, table: 'jobs' | 'crawl_tasks' | 'transform_tasks' | 'llm_calls'): Promise<number> {
  const r = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function seedTasks(
  db: Db,
  o: { jobs: number; crawlTasks: number; transformTasks: number; llmCalls: number },
  progress: (what: string, done: number) => void,
): Promise<void> {
  await sql`SELECT setseed(0.17)`.execute(db);
  if ((await countOf(db, 'jobs')) < o.jobs) {
    await sql`
      INSERT INTO jobs (tag, initial_url, status, origin, max_pages, error, started_at, finished_at, created_at, updated_at)
      SELECT 'bench', 'https://site-' || (g % 200) || '.example/', (ARRAY['completed','completed','completed','failed','partially_completed','active','pending'])[1 + g % 7],
             CASE WHEN g % 3 = 0 THEN 'scheduled' ELSE 'manual' END, 1000,
             CASE WHEN g % 7 IN (3, 4) THEN (ARRAY['Seed page unreachable', 'Job time limit reached', 'Robots disallow the seed'])[1 + g % 3] END,
             now() - make_interval(secs => (g % 2592000)), now() - make_interval(secs => (g % 2592000) - 600),
             now() - make_interval(secs => (g % 2592000) + 60), now()
      FROM generate_series(1, ${o.jobs}) g`.execute(db);
    progress('jobs', o.jobs);
  }
  const chunk = 250_000;
  for (let start = (await countOf(db, 'crawl_tasks')) + 1; start <= o.crawlTasks; start += chunk) {
    const end = Math.min(o.crawlTasks, start + chunk - 1);
    await sql`
      INSERT INTO crawl_tasks (job_id, url, domain, depth, discovered_via, status, attempts, http_status, content_type, bytes,
                               duration_ms, error, skip_reason, started_at, finished_at, created_at, updated_at)
      SELECT 1 + g % ${o.jobs}, 'https://site-' || (g % 200) || '.example/p/' || g, 'site-' || (g % 200) || '.example', g % 3, 'link',
             s, 1 + (g % 11 = 0)::int + (g % 23 = 0)::int, CASE WHEN s = 'completed' THEN 200 WHEN s = 'failed' THEN (ARRAY[500, 503, 429, 404])[1 + g % 4] END,
             'text/html', 20000 + g % 5000, 50 + g % 400,
             CASE WHEN s = 'failed' THEN (ARRAY['HTTP 500', 'HTTP 503', 'HTTP 429', 'HTTP 404', 'Timeout after 20 s', 'connect ECONNREFUSED'])[1 + g % 6] END,
             CASE WHEN s = 'skipped' THEN 'Disallowed by robots.txt' END,
             t - interval '1 second', CASE WHEN s <> 'pending' THEN t END, t - interval '2 seconds', t
      FROM (SELECT g, now() - make_interval(secs => ((g::bigint * 7919) % 2592000)::int) AS t,
                   CASE WHEN g % 100 < 85 THEN 'completed' WHEN g % 100 < 93 THEN 'failed' WHEN g % 100 < 98 THEN 'skipped' ELSE 'pending' END AS s
            FROM generate_series(${start}::int, ${end}::int) g) x`.execute(db);
    progress('crawl tasks', end);
  }
  // Completed crawl tasks get a stored page and a transform task, in crawl-task order.
  for (
    let have = await countOf(db, 'transform_tasks');
    have < o.transformTasks;
    have = await countOf(db, 'transform_tasks')
  ) {
    const last = await db
      .selectFrom('raw_data')
      .select((eb) => eb.fn.max('crawl_task_id').as('id'))
      .executeTakeFirst();
    const from = Number(last?.id ?? 0);
    const take = Math.min(chunk, o.transformTasks - have);
    await sql`
      WITH pages AS (
        INSERT INTO raw_data (job_id, crawl_task_id, url, domain, content_type, http_status, content, content_hash, size_bytes, fetched_at, created_at, updated_at)
        SELECT c.job_id, c.id, c.url, c.domain, 'text/html', 200, '<p>bench</p>', md5(c.id::text), 12, c.finished_at, c.finished_at, c.finished_at
        FROM crawl_tasks c WHERE c.id > ${from} AND c.status = 'completed' ORDER BY c.id LIMIT ${take}
        RETURNING id, job_id, created_at
      )
      INSERT INTO transform_tasks (job_id, raw_data_id, status, attempts, items_created, error, skip_reason, started_at, finished_at, created_at, updated_at)
      SELECT job_id, id, CASE WHEN id % 20 = 0 THEN 'failed' WHEN id % 5 = 0 THEN 'skipped' ELSE 'completed' END, 1,
             CASE WHEN id % 5 = 0 THEN 0 ELSE 1 END, CASE WHEN id % 20 = 0 THEN 'Malformed feed' END,
             CASE WHEN id % 5 = 0 AND id % 20 <> 0 THEN 'not an idea: hiring post' END, created_at, created_at + interval '1 second', created_at, created_at
      FROM pages`.execute(db);
    progress('raw pages and transform tasks', have + take);
    if ((await countOf(db, 'transform_tasks')) === have) break; // no completed crawl tasks left
  }
  if ((await countOf(db, 'llm_calls')) < o.llmCalls) {
    await sql`
      INSERT INTO llm_calls (provider, model, purpose, knowledge_id, prompt_tokens, completion_tokens, total_tokens, latency_ms, status, error, cost_usd, created_at)
      SELECT 'openai', (ARRAY['gpt-4o-mini', 'gpt-4o', 'gpt-4.1-mini'])[1 + g % 3], (ARRAY['enrich', 'analyse'])[1 + g % 2], g % 1000000 + 1,
             800 + g % 400, 150 + g % 100, 950 + g % 400 + g % 100, 300 + (g * 37) % 2000,
             CASE WHEN g % 40 = 0 THEN 'error' ELSE 'ok' END, CASE WHEN g % 40 = 0 THEN 'upstream 500' END,
             0.0004, now() - make_interval(secs => (g * 7919) % 2592000)
      FROM generate_series(1, ${o.llmCalls}) g`.execute(db);
    progress('llm calls', o.llmCalls);
  }
  // What the worker's minute tick would have done by now: fold the page counter's changes.
  await foldIdeaRollups(db);
  await sql`ANALYZE`.execute(db);
}
