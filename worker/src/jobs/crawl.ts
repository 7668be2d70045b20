import { createHash } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { CrawlTasksTable } from '@ideamine/server/db/schema';
import { TASKS_PER_MESSAGE } from '@ideamine/shared/jobs';
import { backToPending, bossDb, chunk, sendMany } from '@ideamine/server/queue/boss';
import type { WorkerContext } from '../context';
import { discoverLinks, isSitemap, robotsSitemaps, sitemapUrls, type Discovered } from '../crawl/discover';
import { fetchPage, type FetchResult } from '../crawl/fetcher';
import { domainOf } from '@ideamine/shared/url';
import { finalizeJobsIfDone } from '../pipeline/finalize-job';
import { scopeOf, stopReason, timeLimitReached, TIME_LIMIT_REASON, type CrawlJob } from '../pipeline/job-scope';
import { releaseTasks } from '../pipeline/recover';
import { jobStopWatch } from '../pipeline/job-stop-watch';

// The crawl stage. One message carries a batch of task ids; the pages are fetched concurrently
// (politely: robots.txt, per-domain rate and concurrency), and everything the batch produced is
// written in one transaction together with the follow-up queue messages, so a worker killed at
// any point either left no trace or finished the batch: redelivery never duplicates a page.

type Task = Selectable<CrawlTasksTable>;

interface Outcome {
  task: Task;
  status: 'completed' | 'failed' | 'skipped' | 'retry';
  httpStatus?: number | null;
  contentType?: string | null;
  bytes?: number | null;
  error?: string | null;
  skipReason?: string | null;
  retryAfterSeconds?: number;
  page?: Extract<FetchResult, { kind: 'ok' }>;
  discovered?: Discovered[];
  durationMs: number;
}

export async function handleCrawl(w: WorkerContext, taskIds: number[]): Promise<void> {
  const tasks = await claim(w, taskIds);
  if (tasks.length === 0) return;
  try {
    const jobs = await loadJobs(w, tasks);
    const settings = await w.crawl();
    const validators = await cacheValidators(w, tasks);
    const stopOf = jobStopWatch(w.db, [...jobs.keys()]);
    const outcomes = await Promise.all(
      tasks.map((t) => crawlOne(w, t, jobs.get(t.job_id)!, settings, validators, stopOf)),
    );
    await persist(w, outcomes, jobs);
    w.processed.crawl += outcomes.length;
  } catch (err) {
    await releaseTasks(
      w.db,
      'crawl_tasks',
      tasks.map((t) => t.id),
      w.workerId,
    );
    throw err; // pg-boss retries the message, which finds the tasks pending again
  }
}

/** Takes the pending tasks of a message for this worker; tasks done or held elsewhere are left. */
async function claim(w: WorkerContext, ids: number[]): Promise<Task[]> {
  const tasks = await w.db
    .updateTable('crawl_tasks')
    .set({
      status: 'active',
      claimed_by: w.workerId,
      attempts: sql`attempts + 1`,
      started_at: new Date(),
      updated_at: new Date(),
    })
    .where('id', 'in', ids)
    .where('status', '=', 'pending')
    .returningAll()
    .execute();
  const jobIds = [...new Set(tasks.map((t) => t.job_id))];
  if (jobIds.length) {
    await w.db
      .updateTable('jobs')
      .set({ status: 'active', started_at: sql`coalesce(started_at, now())`, updated_at: new Date() })
      .where('id', 'in', jobIds)
      .where('status', '=', 'pending')
      .execute();
  }
  return tasks;
}

interface Validators {
  etag: string | null;
  last_modified: string | null;
}

/** ETag and Last-Modified of the latest earlier fetch of each URL, for conditional requests: one query per batch. */
async function cacheValidators(w: WorkerContext, tasks: Task[]): Promise<Map<string, Validators>> {
  const rows = await w.db
    .selectFrom('raw_data')
    .select(['url', 'etag', 'last_modified'])
    .distinctOn('url')
    .where(
      'url',
      'in',
      tasks.map((t) => t.url),
    )
    .where((eb) => eb.or([eb('etag', 'is not', null), eb('last_modified', 'is not', null)]))
    .orderBy('url')
    .orderBy('fetched_at', 'desc')
    .execute();
  return new Map(rows.map((r) => [r.url, r]));
}

async function loadJobs(w: WorkerContext, tasks: Task[]): Promise<Map<number, CrawlJob>> {
  const rows = await w.db
    .selectFrom('jobs')
    .leftJoin('extraction_schemas as s', 's.id', 'jobs.schema_id')
    .selectAll('jobs')
    .select('s.follow_patterns')
    .where('jobs.id', 'in', [...new Set(tasks.map((t) => t.job_id))])
    .execute();
  return new Map(rows.map((j) => [j.id, { ...j, follow_patterns: j.follow_patterns ?? [] }]));
}

async function crawlOne(
  w: WorkerContext,
  task: Task,
  job: CrawlJob,
  settings: Awaited<ReturnType<WorkerContext['crawl']>>,
  validators: Map<string, Validators>,
  stopOf: (jobId: number) => Promise<string | null>,
): Promise<Outcome> {
  const started = performance.now();
  const done = (o: Omit<Outcome, 'task' | 'durationMs'>): Outcome => ({
    task,
    durationMs: Math.round(performance.now() - started),
    ...o,
  });
  const stop = stopReason(job);
  if (stop) return done({ status: 'skipped', skipReason: stop });

  let crawlDelay: number | null = null;
  let sitemaps: string[] = [];
  if (settings.respectRobots) {
    try {
      const verdict = await w.robots.check(task.url, settings.timeoutMs);
      if (!verdict.allowed)
        return done({ status: 'skipped', skipReason: verdict.reason ?? 'Disallowed by robots.txt' });
      crawlDelay = verdict.crawlDelaySeconds;
      sitemaps = verdict.sitemaps;
    } catch (err) {
      return done({ status: 'retry', error: `robots.txt check failed: ${(err as Error).message}` });
    }
  }

  const previous = validators.get(task.url);

  const rule = await w.limiter.ruleFor(task.domain, crawlDelay);
  const res = await w.limiter.withSlot(task.domain, rule, async (): Promise<FetchResult> => {
    // Waiting for a slot on a busy domain can outlast the job's time limit, or see it cancelled:
    // checked before taking a request from the domain's budget and again after the wait for it.
    const stopped = async () => (timeLimitReached(job) ? TIME_LIMIT_REASON : await stopOf(job.id));
    let reason = await stopped();
    if (!reason) {
      await w.limiter.acquire(task.domain, rule);
      reason = await stopped();
    }
    if (reason) return { kind: 'skipped', finalUrl: task.url, status: null, reason };
    return fetchPage(task.url, w.http, w.allow, {
      timeoutMs: settings.timeoutMs,
      maxBytes: settings.maxBytes,
      maxRedirects: 5,
      userAgent: settings.userAgent,
      etag: previous?.etag ?? null,
      lastModified: previous?.last_modified ?? null,
    });
  });

  const canRetry = task.attempts < settings.maxAttempts;
  switch (res.kind) {
    case 'ok': {
      const found =
        task.depth < job.max_depth
          ? discover(res)
          : isSitemap(res.contentType, res.body)
            ? sitemapUrls(res.body, res.finalUrl)
            : [];
      // The seed alone (so once per job) adds the sitemaps its origin's robots.txt names, ahead of
      // its links so a tight budget keeps them; a redelivered batch is deduplicated like any link.
      const fromRobots =
        task.discovered_via === 'seed' && task.depth < job.max_depth
          ? robotsSitemaps(sitemaps, new URL(task.url).origin)
          : [];
      const discovered = [...fromRobots, ...found];
      return done({
        status: 'completed',
        httpStatus: res.status,
        contentType: res.contentType,
        bytes: res.bytes,
        page: res,
        discovered,
      });
    }
    case 'not_modified':
      return done({ status: 'skipped', httpStatus: 304, skipReason: 'Not modified since the last crawl' });
    case 'http_error': {
      const retryable = res.status === 429 || res.status >= 500;
      if (retryable && canRetry) {
        return done({
          status: 'retry',
          httpStatus: res.status,
          error: `HTTP ${res.status}`,
          retryAfterSeconds: res.retryAfterSeconds ?? 2 ** task.attempts,
        });
      }
      return done({ status: 'failed', httpStatus: res.status, error: `HTTP ${res.status}` });
    }
    case 'skipped':
      return done({ status: 'skipped', httpStatus: res.status, skipReason: res.reason });
    case 'failed':
      if (res.retryable && canRetry)
        return done({ status: 'retry', error: res.reason, retryAfterSeconds: 2 ** task.attempts });
      return done({ status: 'failed', error: res.reason });
  }
}

function discover(page: Extract<FetchResult, { kind: 'ok' }>): Discovered[] {
  if (isSitemap(page.contentType, page.body)) return sitemapUrls(page.body, page.finalUrl);
  if (page.contentType.includes('html')) return discoverLinks(page.body, page.finalUrl);
  return [];
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

async function persist(w: WorkerContext, outcomes: Outcome[], jobs: Map<number, CrawlJob>): Promise<void> {
  const now = new Date();
  await w.db.transaction().execute(async (trx) => {
    // Jobs first, in id order: the budget below needs them, and taking them before any task row
    // means two batches of one job queue up here instead of deadlocking on each other's rows.
    const locked = await trx
      .selectFrom('jobs')
      .select(['id', 'status', 'max_pages', 'cancelled_at', 'started_at', 'time_limit_seconds'])
      .where('id', 'in', [...jobs.keys()])
      .orderBy('id')
      .forUpdate()
      .execute();
    const current = new Map(locked.map((j) => [j.id, j]));
    const messages = bossDb(trx);

    // Finished tasks, one statement.
    const finished = outcomes.filter((o) => o.status !== 'retry');
    if (finished.length) {
      const values = finished.map(
        (o) =>
          sql`(${o.task.id}::bigint, ${o.status}::text, ${o.httpStatus ?? null}::int, ${o.contentType ?? null}::text, ${o.bytes ?? null}::int, ${o.durationMs}::int, ${o.error ?? null}::text, ${o.skipReason ?? null}::text)`,
      );
      await sql`
        UPDATE crawl_tasks c SET status = v.status, http_status = v.http_status, content_type = v.content_type,
          bytes = v.bytes, duration_ms = v.duration_ms, error = v.error, skip_reason = v.skip_reason,
          finished_at = ${now}, updated_at = ${now}
        FROM (VALUES ${sql.join(values)}) AS v(id, status, http_status, content_type, bytes, duration_ms, error, skip_reason)
        WHERE c.id = v.id`.execute(trx);
    }

    // Retries go back to pending with a delayed message.
    for (const o of outcomes.filter((x) => x.status === 'retry')) {
      await trx
        .updateTable('crawl_tasks')
        .set({ status: 'pending', http_status: o.httpStatus ?? null, error: o.error ?? null, updated_at: now })
        .where('id', '=', o.task.id)
        .execute();
      await sendMany(w.boss, 'crawl', [{ taskIds: [o.task.id] }], {
        db: messages,
        startAfter: new Date(Date.now() + Math.min(o.retryAfterSeconds ?? 1, 3600) * 1000),
      });
    }

    // Raw pages and their transform tasks.
    const pages = outcomes.filter((o) => o.page);
    if (pages.length) {
      const raw = await trx
        .insertInto('raw_data')
        .values(
          pages.map((o) => ({
            job_id: o.task.job_id,
            crawl_task_id: o.task.id,
            url: o.task.url,
            final_url: o.page!.finalUrl,
            domain: domainOf(o.page!.finalUrl),
            content_type: o.page!.contentType,
            http_status: o.page!.status,
            etag: o.page!.etag,
            last_modified: o.page!.lastModified,
            content: o.page!.body.replaceAll('\u0000', ''), // PostgreSQL text cannot hold NUL
            content_hash: sha256(o.page!.body),
            size_bytes: o.page!.bytes,
            fetched_at: now,
          })),
        )
        // A conflict means the task ran again (an operator re-run): keep the newest page.
        .onConflict((oc) =>
          oc
            .column('crawl_task_id')
            .where('crawl_task_id', 'is not', null)
            .doUpdateSet((eb) => ({
              final_url: eb.ref('excluded.final_url'),
              content_type: eb.ref('excluded.content_type'),
              http_status: eb.ref('excluded.http_status'),
              etag: eb.ref('excluded.etag'),
              last_modified: eb.ref('excluded.last_modified'),
              content: eb.ref('excluded.content'),
              content_hash: eb.ref('excluded.content_hash'),
              size_bytes: eb.ref('excluded.size_bytes'),
              fetched_at: now,
              updated_at: now,
            })),
        )
        .returning(['id', 'job_id'])
        .execute();
      const transform = await trx
        .insertInto('transform_tasks')
        .values(
          raw.map((r) => ({ raw_data_id: r.id, job_id: r.job_id, schema_id: jobs.get(r.job_id!)?.schema_id ?? null })),
        )
        .onConflict((oc) => oc.column('raw_data_id').doUpdateSet(backToPending()))
        .returning('id')
        .execute();
      await sendMany(
        w.boss,
        'transform',
        chunk(
          transform.map((t) => t.id),
          TASKS_PER_MESSAGE,
        ).map((taskIds) => ({ taskIds })),
        { db: messages },
      );
    }

    // A job out of time (or cancelled meanwhile) fetches nothing more: its waiting tasks are
    // skipped now rather than one queue message at a time, and the links its last pages found are
    // recorded as skipped, so the job shows what the limit cut off.
    const stopped = new Map<number, string>();
    for (const [id, job] of current) {
      const reason = stopReason(job);
      if (reason) stopped.set(id, reason);
    }
    for (const [jobId, reason] of stopped) {
      await trx
        .updateTable('crawl_tasks')
        .set({ status: 'skipped', skip_reason: reason, finished_at: now, updated_at: now })
        .where('job_id', '=', jobId)
        .where('status', '=', 'pending')
        .execute();
    }

    // Discovered URLs become new crawl tasks, within each job's page budget.
    const newTaskIds: number[] = [];
    const byJob = new Map<number, { url: string; depth: number; via: Discovered['via'] }[]>();
    const scopes = new Map<number, ReturnType<typeof scopeOf>>();
    const scopeFor = (job: CrawlJob) => {
      let scope = scopes.get(job.id);
      if (!scope) {
        scope = scopeOf(job, (refused) =>
          w.log.warn(
            { jobId: job.id, pattern: refused.pattern, issue: refused.problem },
            'job pattern refused; skipped',
          ),
        );
        scopes.set(job.id, scope);
      }
      return scope;
    };
    for (const o of outcomes) {
      if (!o.discovered?.length) continue;
      const job = jobs.get(o.task.job_id)!;
      const inScope = scopeFor(job);
      const list = byJob.get(job.id) ?? [];
      for (const d of o.discovered) if (inScope(d)) list.push({ url: d.url, depth: o.task.depth + 1, via: d.via });
      byJob.set(job.id, list);
    }
    for (const [jobId, candidates] of byJob) {
      if (!candidates.length) continue;
      const job = current.get(jobId)!;
      const { n } = await trx
        .selectFrom('crawl_tasks')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('job_id', '=', jobId)
        .executeTakeFirstOrThrow();
      const room = job.max_pages - Number(n);
      if (room <= 0) continue;
      const unique = [...new Map(candidates.map((c) => [c.url, c])).values()];
      const known = new Set(
        (
          await trx
            .selectFrom('crawl_tasks')
            .select('url')
            .where('job_id', '=', jobId)
            .where(
              'url',
              'in',
              unique.map((c) => c.url),
            )
            .execute()
        ).map((r) => r.url),
      );
      const fresh = unique.filter((c) => !known.has(c.url)).slice(0, room);
      if (!fresh.length) continue;
      const reason = stopped.get(jobId);
      const inserted = await trx
        .insertInto('crawl_tasks')
        .values(
          fresh.map((c) => ({
            job_id: jobId,
            url: c.url,
            domain: domainOf(c.url),
            depth: c.depth,
            discovered_via: c.via,
            ...(reason ? { status: 'skipped' as const, skip_reason: reason, finished_at: now } : {}),
          })),
        )
        .onConflict((oc) => oc.columns(['job_id', 'url']).doNothing())
        .returning('id')
        .execute();
      if (!reason) newTaskIds.push(...inserted.map((r) => r.id));
    }
    await sendMany(
      w.boss,
      'crawl',
      chunk(newTaskIds, TASKS_PER_MESSAGE).map((taskIds) => ({ taskIds })),
      { db: messages },
    );

    await finalizeJobsIfDone(trx, [...jobs.keys()]);
  });
}
