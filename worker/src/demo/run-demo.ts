import type PgBoss from 'pg-boss';
import { closeAppContext, createAppContext, createLogger } from '@ideamine/server/boot';
import { loadConfig } from '@ideamine/server/config';
import type { Db } from '@ideamine/server/db/database';
import { resolveDatabase } from '@ideamine/server/db/resolve-database';
import { demoProgress, loadDemo } from '@ideamine/server/demo/load-demo';
import { startRealDemoSite } from '@ideamine/server/demo/real-site';
import { parseAllowList } from '@ideamine/server/net/address-policy';
import { liveCrawlWorkers } from '@ideamine/server/queries/dashboard-health';
import { startWorkers } from '../runtime';

// `npm run demo`: serves the demo site (real public posts, shared/server/src/demo) on loopback
// and runs the real pipeline over it (crawl, transform, enrich, analyse) into the configured
// database, so a fresh install has real ideas without internet. Then `npm start` shows them.
// The admin dashboard's "Load the demo" does the same from the running server.

const TIME_LIMIT_MS = 10 * 60_000;

async function main(): Promise<void> {
  const config = loadConfig({ LOG_LEVEL: 'warn', ...process.env });
  const log = createLogger(config);
  const database = await resolveDatabase(config, log);
  const app = await createAppContext(config, log, database.url, { maintainQueue: true });
  try {
    await refuseBesideRunningWorkers(app.db);
    const site = await startRealDemoSite();
    const origin = new URL(site.url).host;
    const workers = await startWorkers({ db: app.db, boss: app.boss, log, allowPrivate: origin });
    try {
      await crawlDemo(app.db, app.boss, site.url, origin);
    } finally {
      await workers.stop();
      await site.close();
    }
  } finally {
    await closeAppContext(app);
    await database.stop();
  }
}

/**
 * Workers already running on this database (`npm start`) would take the demo's pages too, and
 * they may not reach the site served here: the demo would load nothing.
 */
async function refuseBesideRunningWorkers(db: Db): Promise<void> {
  const others = await liveCrawlWorkers(db);
  if (!others.length) return;
  const who = others.map((w) => `process ${w.pid} on ${w.hostname}`).join(', ');
  throw new Error(
    `Ideamine is already running on this database (${who}). Its workers would take the demo's pages and ` +
      'may not reach the demo site this command serves. Press "Load the demo" on its operations dashboard ' +
      'instead, or stop it and run `npm run demo` again.',
  );
}

async function crawlDemo(db: Db, boss: PgBoss, siteUrl: string, origin: string): Promise<void> {
  console.log(`Demo site on ${siteUrl}: crawling it with the real pipeline...`);
  const started = Date.now();
  const ids = await loadDemo(db, boss, siteUrl, { userId: null, allow: parseAllowList(origin) });
  for (;;) {
    const p = await demoProgress(db);
    process.stdout.write(
      `\r  pages crawled ${p.pages_crawled} of ${p.pages_total}, ideas ${p.ideas}, scored ${p.scored}   `,
    );
    if (p.state === 'failed')
      throw new Error(
        `no page gave an idea: ${p.pages_not_read} of ${p.pages_total} pages could not be read (${p.not_read_because}).`,
      );
    if (p.state === 'loaded') break;
    if (Date.now() - started > TIME_LIMIT_MS) throw new Error('the demo did not finish within 10 minutes');
    await new Promise((r) => setTimeout(r, 500));
  }
  const top = await db
    .selectFrom('knowledge')
    .select(['title', 'profit_score', 'profit_potential'])
    .where('job_id', 'in', ids)
    .where('merged_into_id', 'is', null)
    .orderBy('profit_score', 'desc')
    .limit(5)
    .execute();
  console.log(`\nDone in ${((Date.now() - started) / 1000).toFixed(1)} s. Top ideas:`);
  for (const t of top)
    console.log(`  ${Number(t.profit_score).toFixed(2)}  ${t.profit_potential?.padEnd(9)}  ${t.title}`);
  console.log('Run `npm start` and open http://localhost:3000 to browse them.');
}

main().catch((err: Error) => {
  console.error(`\nThe demo failed: ${err.message}`);
  process.exit(1);
});
