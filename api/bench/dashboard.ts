import os from 'node:os';
import pg from 'pg';
import { closeAppContext, createAppContext } from '@ideamine/server/boot';
import { benchDatabase } from './bench-database';
import { countIdeas, seedIdeas } from './seed-ideas';
import { seedTasks } from './seed-tasks';
import { copiesBuilt, startApiProcess } from './api-process';
import { reportResult } from '../../build/bench-result';

// `npm run bench:dashboard`: seeds 1,000,000 ideas and 5,000,000 tasks (kept between runs),
// starts the API in its own process and times every operations-dashboard call (p50/p95 over
// repeated calls, one at a time), beside `SELECT count(*)` of the largest table as a yardstick.

const IDEAS = Number(process.env.BENCH_IDEAS ?? 1_000_000);
const CRAWL_TASKS = Number(process.env.BENCH_CRAWL_TASKS ?? 4_000_000);
const TRANSFORM_TASKS = Number(process.env.BENCH_TRANSFORM_TASKS ?? 1_000_000);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 20);
const DB_NAME = `ideamine_bench_dashboard_${IDEAS}_${CRAWL_TASKS + TRANSFORM_TASKS}`;
const ADMIN = { email: 'bench-admin@example.test', password: 'bench-admin-password' };

const CALLS = [
  '/dashboard/system-status?forceRefresh=true',
  '/dashboard/queue-metrics',
  '/dashboard/worker-stats',
  '/dashboard/job-stats?period=24h',
  '/dashboard/job-stats?period=30d',
  '/dashboard/error-rates',
  '/dashboard/database-status',
  '/dashboard/knowledge-metrics',
  '/dashboard/tag-activity',
  '/dashboard/idea-pipeline',
  '/dashboard/profit-distribution',
  '/dashboard/high-potential-ideas',
  '/dashboard/emerging-trends',
  '/dashboard/source-performance',
  '/dashboard/domain-health',
  '/admin/llm-monitoring',
  '/admin/llm-monitoring/models/gpt-4o-mini',
  '/jobs?page=1&page_size=10',
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

async function main() {
  const { log, config: base, server, url: dbUrl } = await benchDatabase(DB_NAME);
  let stopApi: (() => Promise<void>) | undefined;
  try {
    const app = await createAppContext(base, log, dbUrl, { maintainQueue: false });
    const started = performance.now();
    if ((await countIdeas(app.db)) < IDEAS)
      await seedIdeas(app.db, IDEAS, (n) => process.stdout.write(`\r  ideas ${n}   `));
    await seedTasks(
      app.db,
      { jobs: 5000, crawlTasks: CRAWL_TASKS, transformTasks: TRANSFORM_TASKS, llmCalls: 200_000 },
      (what, n) => process.stdout.write(`\r  ${what} ${n}          `),
    );
    console.log(
      `\rData ready in ${((performance.now() - started) / 1000).toFixed(0)} s (database ${DB_NAME}, kept for the next run)`,
    );
    await closeAppContext(app);

    const client = new pg.Client(dbUrl);
    await client.connect();
    const yard: number[] = [];
    for (let i = 0; i < 5; i++) yard.push(await timed(() => client.query('SELECT count(*) FROM crawl_tasks')));
    await client.end();
    yard.sort((a, b) => a - b);

    console.log(
      `Benchmark: ${IDEAS} ideas, ${CRAWL_TASKS + TRANSFORM_TASKS} tasks, ${REPEATS} calls each, ${os.cpus().length} cores, Node ${process.version}`,
    );
    console.log(`yardstick SELECT count(*) FROM crawl_tasks (${CRAWL_TASKS} rows): median ${yard[2]!.toFixed(0)} ms`);
    for (const cacheSeconds of ['15', '0']) {
      const api = await startApiProcess({
        DATABASE_URL: dbUrl,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        DASHBOARD_CACHE_SECONDS: cacheSeconds,
      });
      stopApi = api.stop;
      const url = api.url;
      // The public list and search index are read into memory at start, seconds of CPU that
      // would otherwise land in the first calls measured.
      await copiesBuilt(url);
      const login = (await (
        await fetch(`${url}/api/v1/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(ADMIN),
        })
      ).json()) as { data: { tokens: { access_token: string } } };
      const headers = { authorization: `Bearer ${login.data.tokens.access_token}` };
      console.log(
        cacheSeconds === '0'
          ? 'Without the dashboard cache (every call computed live):'
          : `With the dashboard cache (${cacheSeconds} s, the default):`,
      );
      let over = 0;
      let slowestDashboard = 0;
      for (const call of CALLS) {
        const times: number[] = [];
        let status = 0;
        for (let i = 0; i < REPEATS; i++)
          times.push(
            await timed(async () => {
              const res = await fetch(`${url}/api/v1${call}`, { headers });
              status = res.status;
              await res.arrayBuffer();
            }),
          );
        const first = times[0]!;
        times.sort((a, b) => a - b);
        const p95 = percentile(times, 95);
        if (p95 >= 50) over++;
        if (call.startsWith('/dashboard/')) slowestDashboard = Math.max(slowestDashboard, p95);
        else
          reportResult({
            measure: `${call} p95 (${cacheSeconds === '0' ? 'live' : 'cached'})`,
            value: p95,
            unit: 'ms',
          });
        console.log(
          `  ${call.padEnd(46)} first ${first.toFixed(0).padStart(6)} ms  p50 ${percentile(times, 50).toFixed(1).padStart(8)} ms  p95 ${p95.toFixed(1).padStart(8)} ms  ${p95 < 50 ? 'ok' : 'over 50 ms'}${status === 200 ? '' : `  HTTP ${status}`}`,
        );
      }
      console.log(
        `  Goal: every call p95 under 50 ms. ${over ? `${over} of ${CALLS.length} calls are over.` : 'Met.'}`,
      );
      reportResult({
        measure: `slowest /dashboard call p95 (${cacheSeconds === '0' ? 'live' : 'cached'})`,
        value: slowestDashboard,
        unit: 'ms',
        goal: { op: '<', value: 50 },
      });
      await api.stop();
    }
  } finally {
    await stopApi?.();
    await server.stop();
  }
}

await main();
process.exit(0);
