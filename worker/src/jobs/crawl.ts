import { createHash } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { CrawlTasksTable, JobsTable } from '@ideamine/server/db/schema';
import type { Db } from '@ideamine/server/db/database';
import { TASKS_PER_MESSAGE } from '@ideamine/shared/jobs';
import { backToPending, bossDb, chunk, sendMany } from '@ideamine/server/queue/boss';
import type { WorkerContext } from '../context';
import { discoverLinks, isSitemap, robotsSitemaps, sitemapUrls, type Discovered } from '../crawl/discover';
import { feedItemFallback, feedItemLinks } from '../pipeline/feed-items';
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
  /** A followed feed item whose page could not be read: its own text, stored in the page's place. */
  fallback?: { contentType: string; body: string };
  discovered?: Discovered[];
  durationMs: number;
  /** Skipped because the job stopped (cancelled, ended, out of time), not because of the page. */
  jobStopped?: true;
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
      tasks.map(async (t) => withFeedFallback(await crawlOne(w, t, jobs.get(t.job_id)!, settings, validators, stopOf))),
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
  if (stop) return done({ status: 'skipped', skipReason: stop, jobStopped: true });

  // Fetched and matched against robots.txt as the link wrote it; `task.url` is the dedup key.
  const target = task.fetch_url ?? task.url;
  const robotsOptions = { timeoutMs: settings.timeoutMs, userAgent: settings.userAgent };
  let crawlDelay: number | null = null;
  let sitemaps: string[] = [];
  if (settings.respectRobots) {
    try {
      const verdict = await w.robots.check(target, robotsOptions);
      if (!verdict.allowed)
        return done({ status: 'skipped', skipReason: verdict.reason ?? 'Disallowed by robots.txt' });
      crawlDelay = verdict.crawlDelaySeconds;
      sitemaps = verdict.sitemaps;
    } catch (err) {
      return done({ status: 'retry', error: `robots.txt check failed: ${(err as Error).message}` });
    }
  }

  const previous = validators.get(task.url);
  let jobStopped = false;

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
    if (reason) {
      jobStopped = true;
      return { kind: 'skipped', finalUrl: task.url, status: null, reason };
    }
    return fetchPage(target, w.http, w.allow, {
      timeoutMs: settings.timeoutMs,
      maxBytes: settings.maxBytes,
      maxRedirects: 5,
      userAgent: settings.userAgent,
      etag: previous?.etag ?? null,
      lastModified: previous?.last_modified ?? null,
      // A redirect into a disallowed path, on this site or another, is not followed.
      ...(settings.respectRobots ? { beforeRedirect: (next: string) => redirectRefusal(w, next, robotsOptions) } : {}),
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
      // A feed's items are followed whatever the depth: reading an item is not crawling further.
      const discovered = [...fromRobots, ...found, ...feedItemLinks(res, job.follow_feed_items)];
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
      return done({
        status: 'skipped',
        httpStatus: res.status,
        skipReason: res.reason,
        ...(jobStopped ? { jobStopped: true as const } : {}),
      });
    case 'failed':
      if (res.retryable && canRetry)
        return done({ status: 'retry', error: res.reason, retryAfterSeconds: 2 ** task.attempts });
      return done({ status: 'failed', error: res.reason });
  }
}

async function redirectRefusal(
  w: WorkerContext,
  next: string,
  opts: { timeoutMs: number; userAgent: string },
): Promise<string | null> {
  const verdict = await w.robots.check(next, opts);
  return verdict.allowed ? null : `Redirect to ${next}: ${verdict.reason ?? 'Disallowed by robots.txt'}`;
}

/**
 * A followed feed item whose page could not be read (an error, robots.txt, a type that is not a
 * page) keeps the feed's text; not when the job itself stopped, and not on 304, whose page was
 * read before.
 */
function withFeedFallback(o: Outcome): Outcome {
  const item = o.task.feed_item;
  if (!item || o.jobStopped || o.status === 'completed' || o.status === 'retry' || o.httpStatus === 304) return o;
  return { ...o, fallback: feedItemFallback(item) };
}

function discover(page: Extract<FetchResult, { kind: 'ok' }>): Discovered[] {
  if (isSitemap(page.contentType, page.body)) return sitemapUrls(page.body, page.finalUrl);
  if (page.contentType.includes('html')) return discoverLinks(page.body, page.finalUrl);
  return [];
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** The raw_data row of a fetched page, or of a followed feed item's own text when its page was not read. */
function rawRow(o: Outcome) {
  const base = { job_id: o.task.job_id, crawl_task_id: o.task.id, url: o.task.url };
  if (o.page) {
    return {
      ...base,
      final_url: o.page.finalUrl,
      domain: domainOf(o.page.finalUrl),
      content_type: o.page.contentType,
      http_status: o.page.status,
      etag: o.page.etag,
      last_modified: o.page.lastModified,
      content: o.page.body.replaceAll('\u0000', ''), // PostgreSQL text cannot hold NUL
      content_hash: sha256(o.page.body),
      size_bytes: o.page.bytes,
    };
  }
  if (o.fallback) {
    return {
      ...base,
      final_url: null,
      domain: domainOf(o.task.url),
      content_type: o.fallback.contentType,
      http_status: null,
      etag: null,
      last_modified: null,
      content: o.fallback.body.replaceAll('\u0000', ''),
      content_hash: sha256(o.fallback.body),
      size_bytes: Buffer.byteLength(o.fallback.body),
    };
  }
  return null;
}

/** What a batch needs of its jobs when it writes: the budget and whether they stopped. */
type JobState = Pick<
  Selectable<JobsTable>,
  'id' | 'status' | 'max_pages' | 'cancelled_at' | 'started_at' | 'time_limit_seconds'
>;

const byId = (rows: JobState[]) => new Map(rows.map((j) => [j.id, j]));

const jobStates = (trx: Db, ids: number[]) =>
  trx
    .selectFrom('jobs')
    .select(['id', 'status', 'max_pages', 'cancelled_at', 'started_at', 'time_limit_seconds'])
    .where('id', 'in', ids)
    .orderBy('id');

interface Candidate {
  url: string;
  fetchUrl: string | null;
  depth: number;
  via: Discovered['via'];
  feedItem: Discovered['feedItem'];
}

/** The discovered links each job may follow (only jobs with some). */
function linksInScope(w: WorkerContext, outcomes: Outcome[], jobs: Map<number, CrawlJob>): Map<number, Candidate[]> {
  const byJob = new Map<number, Candidate[]>();
  const scopes = new Map<number, ReturnType<typeof scopeOf>>();
  const scopeFor = (job: CrawlJob) => {
    let scope = scopes.get(job.id);
    if (!scope) {
      scope = scopeOf(job, (refused) =>
        w.log.warn({ jobId: job.id, pattern: refused.pattern, issue: refused.problem }, 'job pattern refused; skipped'),
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
    for (const d of o.discovered)
      if (inScope(d))
        list.push({
          url: d.url,
          fetchUrl: d.fetchUrl ?? null,
          depth: o.task.depth + 1,
          via: d.via,
          feedItem: d.feedItem,
        });
    if (list.length) byJob.set(job.id, list);
  }
  return byJob;
}

async function persist(w: WorkerContext, outcomes: Outcome[], jobs: Map<number, CrawlJob>): Promise<void> {
  const now = new Date();
  const pages = outcomes.flatMap((o) => rawRow(o) ?? []);
  // Jobs this batch leaves open work for (a page's transform task, a retry, below): such a job
  // cannot end in this transaction, so it is not finalised here (the count would find that work).
  const keptOpen = new Set([
    ...pages.map((p) => p.job_id),
    ...outcomes.filter((o) => o.status === 'retry').map((o) => o.task.job_id),
  ]);
  const mayEnd = [...jobs.keys()].some((id) => !keptOpen.has(id));
  const byJob = linksInScope(w, outcomes, jobs);
  await w.db.transaction().execute(async (trx) => {
    // The job rows serialise a job's batches where they share rows: the budget and new tasks,
    // skipping a stopped job's waiting tasks, ending the job. Before that a batch writes only rows
    // of its own (the tasks it claimed, their pages and transform tasks), so it takes the lock
    // after those, holding it for the shared part only. FOR NO KEY UPDATE, because writing a row
    // of the job takes KEY SHARE on it (the foreign key), as the transform storing ideas does and
    // as this batch did: FOR UPDATE would wait for all of them, and keep them waiting. A batch
    // that may end a job locks as finalizeJobsIfDone does, FOR UPDATE, and first, before it holds
    // KEY SHARE itself: two batches each holding it and waiting for the other to let go would
    // deadlock.
    const lockJobs = async () => {
      const select = jobStates(trx, [...jobs.keys()]);
      return byId(await (mayEnd ? select.forUpdate() : select.forNoKeyUpdate()).execute());
    };
    const early = mayEnd ? await lockJobs() : null;
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
    if (pages.length) {
      const raw = await trx
        .insertInto('raw_data')
        .values(pages.map((row) => ({ ...row, fetched_at: now })))
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

    // A batch that found no links to add and ends no job shares nothing with the job's other
    // batches: it reads its jobs without a lock, unless one has stopped (its waiting tasks are
    // skipped under the lock, below).
    const unlocked = !mayEnd && !byJob.size;
    let current = early ?? (unlocked ? byId(await jobStates(trx, [...jobs.keys()]).execute()) : await lockJobs());
    if (unlocked && [...current.values()].some((j) => stopReason(j))) current = await lockJobs();

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
    for (const [jobId, candidates] of byJob) {
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
            fetch_url: c.fetchUrl,
            feed_item: c.feedItem ? JSON.stringify(c.feedItem) : null,
            domain: domainOf(c.url),
            depth: c.depth,
            discovered_via: c.via,
            ...(reason ? { status: 'skipped' as const, skip_reason: reason, finished_at: now } : {}),
          })),
        )
        .onConflict((oc) => oc.columns(['job_id', 'url']).doNothing())
        .returning('id')
        .execute();
      if (!reason && inserted.length) {
        newTaskIds.push(...inserted.map((r) => r.id));
        keptOpen.add(jobId);
      }
    }
    await sendMany(
      w.boss,
      'crawl',
      chunk(newTaskIds, TASKS_PER_MESSAGE).map((taskIds) => ({ taskIds })),
      { db: messages },
    );

    await finalizeJobsIfDone(
      trx,
      [...jobs.keys()].filter((id) => !keptOpen.has(id)),
    );
  });
}
