import { closeAppContext, createAppContext, createLogger } from '@ideamine/server/boot';
import { createJob } from '@ideamine/server/commands/create-job';
import { loadConfig } from '@ideamine/server/config';
import { resolveDatabase } from '@ideamine/server/db/resolve-database';
import { parseAllowList } from '@ideamine/server/net/address-policy';
import { startWorkers } from '../runtime';
import { startDemoSite } from '@ideamine/server/demo/site';

// `npm run demo`: serves the bundled demo site on loopback and runs the real pipeline over it
// (crawl, transform, enrich, analyse) into the configured database, so a fresh install has
// well over a hundred scored ideas without internet. Then `npm start` shows them.

const DEMO_IDEAS = 120;

async function main(): Promise<void> {
  const config = loadConfig({ LOG_LEVEL: 'warn', ...process.env });
  const log = createLogger(config);
  const database = await resolveDatabase(config, log);
  const app = await createAppContext(config, log, database.url, { maintainQueue: true });
  const site = await startDemoSite({ ideas: DEMO_IDEAS });
  const allow = parseAllowList('127.0.0.1');
  await app.db
    .insertInto('rate_limits')
    .values({ domain_pattern: '127.0.0.1', requests_per_minute: 60_000, burst: 200, max_concurrency: 16 })
    .onConflict((oc) => oc.column('domain_pattern').doNothing())
    .execute();
  const workers = await startWorkers({ db: app.db, boss: app.boss, log, allowPrivate: '127.0.0.1' });

  console.log(`Demo site on ${site.url}: crawling it with the real pipeline...`);
  const schema = (name: string) =>
    app.db
      .selectFrom('extraction_schemas')
      .select('id')
      .where('name', '=', name)
      .executeTakeFirstOrThrow()
      .then((s) => s.id);
  const jobs = [
    await createJob(
      app.db,
      app.boss,
      { initial_url: `${site.url}/`, max_depth: 2, max_pages: 300, tag: 'demo-site' },
      { userId: null, allow },
    ),
    await createJob(
      app.db,
      app.boss,
      {
        initial_url: `${site.url}/hn.json`,
        max_depth: 0,
        tag: 'demo-hn',
        schema_id: await schema('Hacker News (Algolia API)'),
      },
      { userId: null, allow },
    ),
    await createJob(
      app.db,
      app.boss,
      {
        initial_url: `${site.url}/reddit.json`,
        max_depth: 0,
        tag: 'demo-reddit',
        schema_id: await schema('Reddit listing'),
      },
      { userId: null, allow },
    ),
  ];
  const ids = jobs.map((j) => j.id);

  const started = Date.now();
  for (;;) {
    const open = await app.db
      .selectFrom('jobs')
      .select('id')
      .where('id', 'in', ids)
      .where('status', 'in', ['pending', 'active'])
      .execute();
    const counts = await app.db
      .selectFrom('knowledge')
      .select((eb) => [eb.fn.countAll<number>().as('ideas'), eb.fn.count<number>('analyzed_at').as('scored')])
      .where('job_id', 'in', ids)
      .where('merged_into_id', 'is', null)
      .executeTakeFirstOrThrow();
    const pages = await app.db
      .selectFrom('crawl_tasks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('job_id', 'in', ids)
      .where('status', '=', 'completed')
      .executeTakeFirstOrThrow();
    process.stdout.write(`\r  pages crawled ${pages.n}, ideas ${counts.ideas}, scored ${counts.scored}   `);
    if (open.length === 0 && Number(counts.ideas) > 0 && Number(counts.ideas) === Number(counts.scored)) break;
    if (Date.now() - started > 10 * 60_000) throw new Error('the demo did not finish within 10 minutes');
    await new Promise((r) => setTimeout(r, 500));
  }
  const top = await app.db
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

  await workers.stop();
  await site.close();
  await closeAppContext(app);
  await database.stop();
}

main().catch((err: Error) => {
  console.error(`\nThe demo failed: ${err.message}`);
  process.exit(1);
});
