import type { ChildProcess } from 'node:child_process';
import os from 'node:os';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import pg from 'pg';
import { closeAppContext, createAppContext } from '@ideamine/server/boot';
import { trimSearchRecent } from '@ideamine/server/queries/search-recent';
import { benchDatabase } from './bench-database';
import { countIdeas, SEED_WORDS, seedIdeas } from './seed-ideas';
import { copiesBuilt, startApiProcess, startScript } from './api-process';
import { reportResult } from '../../build/bench-result';

// `npm run bench:api`: seeds 1,000,000 ideas (kept between runs), then loads the public list,
// search and trending calls with autocannon, beside a bare Koa handler in the same run, with the
// API's public cache on (the default) and off. Prints req/s, p50/p99 and the ratios.

const IDEAS = Number(process.env.BENCH_IDEAS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DB_NAME = `ideamine_bench_api_${IDEAS}`;

const SEARCH_TERMS = [
  'invoice',
  'florist',
  'dentist landlord',
  'payroll',
  '"meal recipe"',
  'courier -truck',
  'crm',
  'solar',
  'podcast',
  'tutor',
];
const CATEGORIES = ['saas', 'fintech', 'developer-tools', 'ai-ml', 'ecommerce'];

/**
 * Queries of a stopped API process can run on in PostgreSQL for seconds (the uncached calls at
 * 1M ideas are slow); end them so they do not weigh on the next measurement.
 */
async function endLeftoverQueries(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client(adminUrl);
  await client.connect();
  try {
    await client.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [database],
    );
  } finally {
    await client.end();
  }
}

interface Result {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** Fixed paths taken in turn, or a function making a new path for every request (the long tail). */
async function load(name: string, base: string, paths: string[] | (() => string)): Promise<Result> {
  const r = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests:
      typeof paths === 'function'
        ? [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths() }) }]
        : paths.map((p) => ({ method: 'GET', path: p })),
  });
  const errors = r.errors + r.non2xx;
  return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors };
}

const lists = Array.from(
  { length: 20 },
  (_, i) =>
    `/api/v1/public/ideas?page=${1 + (i % 10)}&page_size=10${i % 2 ? `&category=${CATEGORIES[i % CATEGORIES.length]}` : ''}&sort=${i % 3 ? 'created_at' : 'profit_score'}`,
);
const searches = SEARCH_TERMS.map((q) => `/api/v1/public/search?q=${encodeURIComponent(q)}`);
const trending = ['24h', '7d', '30d', '90d'].map((t) => `/api/v1/public/trending-keywords?time_filter=${t}`);

// The long tail: a URL nobody asked for before on every request, so no per-URL cache answers.
const LEVELS = ['Very High', 'High', 'Medium', 'Low', 'Speculative'];
const SORTS = ['created_at', 'profit_score', 'vote_score', 'overall_score', 'title'];
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const maybe = (p: number) => Math.random() < p;
const newList = () => {
  const q = new URLSearchParams({
    sort: pick(SORTS),
    order: pick(['asc', 'desc']),
    page: String(1 + Math.floor(Math.random() * 50)),
  });
  if (maybe(0.6)) q.set('category', pick(CATEGORIES));
  if (maybe(0.5)) q.set('profit_level', pick(LEVELS));
  return `/api/v1/public/ideas?${q}`;
};
const newSearch = () => `/api/v1/public/search?q=${encodeURIComponent(`${pick(SEED_WORDS)} ${pick(SEED_WORDS)}`)}`;

const fmt = (r: Result, bare: Result) =>
  `${r.name.padEnd(34)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${String(r.p50).padStart(4)} ms  p99 ${String(r.p99).padStart(5)} ms  ${(r.rps / bare.rps).toFixed(2)}x bare${r.errors ? `  ${r.errors} errors` : ''}`;

async function main() {
  const { log, config: base, server, url: dbUrl } = await benchDatabase(DB_NAME);
  const children: ChildProcess[] = [];
  try {
    const app = await createAppContext(base, log, dbUrl, { maintainQueue: false });
    const have = await countIdeas(app.db);
    if (have < IDEAS) {
      console.log(`Seeding ${IDEAS - have} ideas (kept in database ${DB_NAME} for the next run)...`);
      const started = performance.now();
      await seedIdeas(app.db, IDEAS, (done) => process.stdout.write(`\r  ${done} ideas`));
      console.log(`\r  ${IDEAS} ideas in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    }
    // A database seeded before the seed trimmed the search slice holds every idea in it.
    if ((await trimSearchRecent(app.db)) > 0) await sql`VACUUM (FULL, ANALYZE) search_recent`.execute(app.db);
    await closeAppContext(app);
    await endLeftoverQueries(server.url, DB_NAME);

    console.log(
      `Benchmark: ${IDEAS} ideas, ${CONNECTIONS} connections, ${SECONDS} s per call, ${os.cpus().length} cores, Node ${process.version}`,
    );
    const bareChild = startScript(['api/bench/bare-koa.ts']);
    children.push(bareChild);
    const bareUrl = await new Promise<string>((resolve) =>
      bareChild.stdout!.once('data', (c: Buffer) => resolve(c.toString().trim())),
    );
    const bare = await load('bare Koa handler (fixed 10 ideas)', bareUrl, ['/']);
    bareChild.kill();
    console.log(fmt(bare, bare));

    for (const cacheSeconds of ['30', '0']) {
      const api = await startApiProcess({
        DATABASE_URL: dbUrl,
        PUBLIC_CACHE_SECONDS: cacheSeconds,
        DB_POOL_SIZE: '20',
      });
      children.push(api.child);
      const url = api.url;
      await copiesBuilt(url);
      const label = cacheSeconds === '0' ? 'cache off' : `cache ${cacheSeconds} s`;
      const calls: [string, string[] | (() => string)][] = [
        ['list', lists],
        ['search', searches],
        ['trending', trending],
      ];
      // Every URL new, with the cache at its default: what a crowd of real visitors makes.
      if (cacheSeconds !== '0') calls.push(['list, every URL new', newList], ['search, every URL new', newSearch]);
      for (const [name, paths] of calls) {
        const result = await load(`${name} (${label})`, url, paths);
        console.log(fmt(result, bare));
        if (name === 'list')
          reportResult({
            measure: `public list req/s / bare Koa (${label})`,
            value: result.rps / bare.rps,
            unit: 'x',
            ...(cacheSeconds === '0' ? {} : { goal: { op: '>=', value: 0.4 } }),
          });
        if (name === 'list, every URL new') {
          reportResult({
            measure: 'long-tail list req/s / bare Koa',
            value: result.rps / bare.rps,
            unit: 'x',
            goal: { op: '>=', value: 0.1 },
          });
          reportResult({ measure: 'long-tail list p99', value: result.p99, unit: 'ms', goal: { op: '<=', value: 50 } });
        }
        if (name === 'search, every URL new')
          reportResult({
            measure: 'long-tail search p99',
            value: result.p99,
            unit: 'ms',
            goal: { op: '<=', value: 100 },
          });
        if (name === 'search')
          reportResult({
            measure: `search p99 at ${CONNECTIONS} connections (${label})`,
            value: result.p99,
            unit: 'ms',
            ...(cacheSeconds === '0' ? {} : { goal: { op: '<', value: 50 } }),
          });
      }
      await api.stop();
      await endLeftoverQueries(server.url, DB_NAME);
    }
  } finally {
    for (const c of children) if (c.exitCode === null) c.kill();
    await server.stop();
  }
  console.log(
    'Goals at 1M ideas: search p99 under 50 ms at 50 connections; list at least 0.40x bare; every URL new: list p99 <= 50 ms and >= 0.10x bare, search p99 <= 100 ms, no errors.',
  );
}

await main();
process.exit(0);
