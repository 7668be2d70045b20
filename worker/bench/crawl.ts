import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pino from 'pino';
import { closeAppContext, createAppContext } from '@ideamine/server/boot';
import { createJob } from '@ideamine/server/commands/create-job';
import { loadConfig } from '@ideamine/server/config';
import { resolveDatabase } from '@ideamine/server/db/resolve-database';
import { ensureDatabase } from '@ideamine/server/db/resolve-database';
import { parseAllowList } from '@ideamine/server/net/address-policy';
import { startWorkers } from '../src/runtime';
import { reportResult } from '../../build/bench-result';
import { countStatements, statementReport } from './sql-stats';

// `npm run bench:crawl`: crawl and transform a 5,000-page loopback site with Ideamine (every
// page, task and idea persisted to PostgreSQL), then with Crawlee's CheerioCrawler at the same
// concurrency, as shipped (persisted storage, pages pushed to a dataset) and in memory, and
// print pages/s and the ratios.

const PAGES = Number(process.env.BENCH_PAGES ?? 5000);
/** Counts the SQL statements of the Ideamine run and prints the most frequent (sql-stats.ts). */
const resetStatements = process.env.BENCH_SQL_STATS ? countStatements() : null;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const root = path.resolve(import.meta.dirname, '../..');

async function startSite(): Promise<{ url: string; stop(): void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'worker/bench/serve-bench-site.ts', String(PAGES)], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve) =>
    child.stdout.once('data', (c: Buffer) => resolve(c.toString().trim())),
  );
  return { url, stop: () => child.kill('SIGTERM') };
}

async function benchIdeamine(siteUrl: string): Promise<{ seconds: number; pages: number; ideas: number }> {
  const log = pino({ level: 'warn' });
  const base = loadConfig({
    LOG_LEVEL: 'warn',
    DATA_DIR: 'data/bench',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  });
  const server = await resolveDatabase(base, log);
  const name = `ideamine_bench_${process.pid}`;
  await ensureDatabase(server.url, name);
  const url = new URL(server.url);
  url.pathname = `/${name}`;
  const app = await createAppContext({ ...base, dbPoolSize: 20 }, log, url.toString(), { maintainQueue: true });
  await app.db
    .insertInto('rate_limits')
    .values({
      domain_pattern: '127.0.0.1',
      requests_per_minute: 10_000_000,
      burst: 100_000,
      max_concurrency: CONCURRENCY,
    })
    .execute();
  const workers = await startWorkers({
    db: app.db,
    boss: app.boss,
    log,
    allowPrivate: '127.0.0.1',
    queues: ['crawl', 'transform'],
    batchSize: Number(process.env.BENCH_BATCH ?? 8),
    ...(process.env.BENCH_LOOPS ? { concurrency: Number(process.env.BENCH_LOOPS) } : {}),
    pollingIntervalSeconds: Number(process.env.BENCH_POLL ?? 0.5),
  });
  resetStatements?.();
  const started = performance.now();
  const job = await createJob(
    app.db,
    app.boss,
    { initial_url: `${siteUrl}/page/0`, max_pages: PAGES, max_depth: 10, time_limit_seconds: 3600 },
    { userId: null, allow: parseAllowList('127.0.0.1') },
  );
  // Done when every page is crawled and transformed (the job itself then waits for its ideas to
  // be enriched and analysed, stages this benchmark does not run).
  for (;;) {
    const { rows } = await sql<{ open: boolean }>`
      SELECT EXISTS (SELECT 1 FROM crawl_tasks WHERE job_id = ${job.id} AND status IN ('pending', 'active'))
          OR EXISTS (SELECT 1 FROM transform_tasks WHERE job_id = ${job.id} AND status IN ('pending', 'active')) AS open`.execute(
      app.db,
    );
    if (!rows[0]!.open) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const seconds = (performance.now() - started) / 1000;
  const report = resetStatements ? statementReport(PAGES) : null;
  const pages = Number(
    (
      await app.db
        .selectFrom('raw_data')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('job_id', '=', job.id)
        .executeTakeFirstOrThrow()
    ).n,
  );
  const ideas = Number(
    (
      await app.db
        .selectFrom('knowledge')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('job_id', '=', job.id)
        .executeTakeFirstOrThrow()
    ).n,
  );
  await workers.stop();
  await closeAppContext(app);
  const admin = new URL(server.url);
  const { dropDatabase } = await import('@ideamine/server/test/database-admin');
  await dropDatabase(admin.toString(), name);
  await server.stop();
  if (report) console.log(report);
  return { seconds, pages, ideas };
}

/**
 * Crawlee's CheerioCrawler at the same maximum concurrency. `stored`: as shipped, with its
 * default persisted storage (request queue on disk) and every page pushed to a dataset, the
 * counterpart of Ideamine persisting every page. `memory`: nothing stored, concurrency pinned.
 */
async function benchCrawlee(siteUrl: string, mode: 'stored' | 'memory'): Promise<{ seconds: number; pages: number }> {
  const { CheerioCrawler, Configuration } = await import('crawlee');
  const storageDir = await mkdtemp(path.join(os.tmpdir(), 'crawlee-bench-'));
  process.env.CRAWLEE_STORAGE_DIR = storageDir;
  const config = new Configuration({
    persistStorage: mode === 'stored',
    purgeOnStart: true,
    logLevel: 'WARNING' as never,
  });
  let pages = 0;
  const crawler = new CheerioCrawler(
    {
      ...(mode === 'memory' ? { minConcurrency: CONCURRENCY } : {}),
      maxConcurrency: CONCURRENCY,
      maxRequestsPerCrawl: PAGES,
      maxRequestRetries: 1,
      async requestHandler({ $, request, enqueueLinks, pushData }) {
        const title = $('title').text();
        pages += title ? 1 : 0;
        if (mode === 'stored') await pushData({ url: request.loadedUrl, title, text: $('body').text().slice(0, 2000) });
        await enqueueLinks({ strategy: 'same-hostname' });
      },
    },
    config,
  );
  const started = performance.now();
  try {
    await crawler.run([`${siteUrl}/page/0`]);
    return { seconds: (performance.now() - started) / 1000, pages };
  } finally {
    await rm(storageDir, { recursive: true, force: true });
  }
}

const site = await startSite();
try {
  console.log(
    `Benchmark: ${PAGES} pages on loopback, concurrency ${CONCURRENCY}, ${os.cpus().length} cores, Node ${process.version}`,
  );
  const ours = await benchIdeamine(site.url);
  const oursRate = ours.pages / ours.seconds;
  console.log(
    `Ideamine (crawl + transform, all persisted): ${ours.pages} pages, ${ours.ideas} ideas in ${ours.seconds.toFixed(1)} s = ${oursRate.toFixed(1)} pages/s`,
  );
  reportResult({ measure: 'Ideamine crawl + transform, persisted', value: oursRate, unit: 'pages/s' });
  if (!process.env.BENCH_SKIP_CRAWLEE) {
    const stored = await benchCrawlee(site.url, 'stored');
    const storedRate = stored.pages / stored.seconds;
    console.log(
      `Crawlee CheerioCrawler, as shipped (persisted queue, every page pushed to a dataset): ${stored.pages} pages in ${stored.seconds.toFixed(1)} s = ${storedRate.toFixed(1)} pages/s`,
    );
    const memory = await benchCrawlee(site.url, 'memory');
    const memoryRate = memory.pages / memory.seconds;
    console.log(
      `Crawlee CheerioCrawler, in memory (nothing stored, concurrency pinned): ${memory.pages} pages in ${memory.seconds.toFixed(1)} s = ${memoryRate.toFixed(1)} pages/s`,
    );
    console.log(`Ratio Ideamine / CheerioCrawler as shipped: ${(oursRate / storedRate).toFixed(2)}x (goal >= 2.0x)`);
    reportResult({
      measure: 'crawl speed / CheerioCrawler as shipped',
      value: oursRate / storedRate,
      unit: 'x',
      goal: { op: '>=', value: 2 },
    });
    reportResult({ measure: 'crawl speed / CheerioCrawler in memory', value: oursRate / memoryRate, unit: 'x' });
    console.log(`Ratio Ideamine / CheerioCrawler in memory: ${(oursRate / memoryRate).toFixed(2)}x`);
  }
} finally {
  site.stop();
}
process.exit(0);
