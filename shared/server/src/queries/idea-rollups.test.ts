import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFIT_LABELS } from '@ideamine/shared/contract/knowledge';
import { TREND_THRESHOLD_PERCENT } from '@ideamine/shared/limits';
import { changePercentage, percentOf, trendOf } from '@ideamine/shared/trend';
import { deleteKnowledge, updateKnowledge } from '../commands/knowledge';
import { setVisibility } from '../commands/knowledge-admin';
import { purgeKnowledge, restoreKnowledge } from '../commands/recovery';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { createTestDatabase } from '../test/database';
import { windowedCounts } from './created-windows';
import { foldIdeaRollups, IDEA_DAILY } from './idea-rollups';
import {
  adminHighPotentialIdeas,
  ideaPipeline,
  knowledgeMetrics,
  profitDistribution,
  tagActivity,
} from './insights/knowledge';
import { emergingKeywords, emergingThemes } from './insights/trends';

// The idea rollups behind knowledge metrics, idea pipeline, profit distribution, tag activity,
// emerging trends and the high-potential total: after every kind of change an idea goes through
// (insert, enrichment, analysis, edit, visibility, soft delete, restore, merge, purge, truncate),
// folded or not, the answers must equal what the original all-live queries (kept below as the
// reference) compute on the same data.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const actor = { id: 1, ip: null, requestId: 'rollup-test' };
let handle: DatabaseHandle;
let drop: () => Promise<void>;
const db = () => handle.db;

// Creation times over 70 days at odd minutes, plus some minutes either side of every window edge
// (24 and 48 hours, 7, 14, 30 and 60 days), so the days the edges cut hold ideas on both sides.
const EDGES = [1, 2, 7, 14, 30, 60].flatMap((d) => [d * DAY - 4 * 60_000, d * DAY + 4 * 60_000]);
const spread = (i: number) => ((i * 977 + 13) % (70 * 24 * 60)) * 60_000 + 11_000;
const WORDS = ['invoice', 'florist', 'dentist', 'tenant', 'payroll', 'drone', 'recipe', 'solar'];
const LABELS = [...PROFIT_LABELS, null] as const;

async function seed(now: number, count: number, prefix: string) {
  const times = [...EDGES, ...Array.from({ length: count }, (_, i) => spread(i))];
  const cats = (await db().selectFrom('categories').select('slug').orderBy('slug').execute()).map((c) => c.slug);
  await db()
    .insertInto('knowledge')
    .values(
      times.map((ago, i) => ({
        slug: `${prefix}${i}`,
        title: `Idea ${prefix}${i}`,
        source_url: `https://${prefix}.test/${i}`,
        source_domain: i % 9 === 0 ? '' : `d${i % 10}.test`,
        content_hash: `${prefix}${i}`,
        keywords: [WORDS[i % 8]!, WORDS[(i * 3) % 8]!, WORDS[i % 8]!].slice(0, 1 + (i % 3)),
        categories: [cats[i % cats.length]!, `unmanaged-${i % 2}`],
        tags: i % 4 === 0 ? [`tag${i % 5}`] : [],
        profit_potential: LABELS[i % LABELS.length]!,
        profit_score: i % 7 === 6 ? null : ((i * 37) % 1000) / 100,
        overall_score: i % 5 === 4 ? null : ((i * 13) % 500) / 100,
        enriched_at: i % 3 === 2 ? null : new Date(now),
        analyzed_at: i % 4 === 3 ? null : new Date(now),
        deleted_at: i % 17 === 16 ? new Date(now) : null,
        created_at: new Date(now - ago),
      })),
    )
    .execute();
}

const LIVE = sql`deleted_at IS NULL AND merged_into_id IS NULL`;
const since = (hours: number) => sql`now() - make_interval(hours => ${hours})`;

/** The original all-live queries, as the reference for the numbers. */
async function reference() {
  const metrics = await sql<Record<string, number | null>>`
    SELECT count(*) AS total,
           count(*) FILTER (WHERE created_at >= ${since(24)}) AS new_24h,
           count(*) FILTER (WHERE created_at >= ${since(168)}) AS new_7d,
           count(*) FILTER (WHERE created_at >= ${since(336)} AND created_at < ${since(168)}) AS previous_7d,
           count(enriched_at) AS enriched, count(analyzed_at) AS analyzed,
           count(overall_score) AS scored, round(avg(profit_score), 2) AS avg_profit,
           (SELECT count(*) FROM raw_data) AS raw
    FROM knowledge WHERE ${LIVE}`.execute(db());
  const domains = await sql<{ domain: string; count: number }>`
    SELECT coalesce(nullif(source_domain, ''), 'unknown') AS domain, count(*) AS count
    FROM knowledge WHERE ${LIVE} GROUP BY 1 ORDER BY count DESC, domain LIMIT 7`.execute(db());
  const profit = async (hours: number | null) => {
    const compare = hours ?? 720;
    const { rows } = await sql<{ label: string; count: number; recent: number; previous: number }>`
      SELECT profit_potential AS label,
             count(*) FILTER (WHERE ${hours === null ? sql`true` : sql`created_at >= ${since(hours)}`}) AS count,
             count(*) FILTER (WHERE created_at >= ${since(compare)}) AS recent,
             count(*) FILTER (WHERE created_at >= ${since(compare * 2)} AND created_at < ${since(compare)}) AS previous
      FROM knowledge WHERE ${LIVE} AND profit_potential IS NOT NULL GROUP BY 1`.execute(db());
    return rows;
  };
  const tags = async (hours: number) =>
    (
      await sql<{ tag: string; count: number; previous: number }>`
        WITH counted AS (
          SELECT t AS tag, count(*) FILTER (WHERE k.created_at >= ${since(hours)}) AS count,
                 count(*) FILTER (WHERE k.created_at < ${since(hours)}) AS previous
          FROM knowledge k, unnest(CASE WHEN cardinality(k.tags) > 0 THEN k.tags ELSE k.keywords END) AS t
          WHERE k.deleted_at IS NULL AND k.merged_into_id IS NULL AND k.created_at >= ${since(hours * 2)}
          GROUP BY t)
        SELECT * FROM counted WHERE count > 0 ORDER BY count DESC, tag`.execute(db())
    ).rows;
  const terms = async (column: 'keywords' | 'categories') =>
    (
      await sql<{ term: string; count: number; previous: number }>`
        WITH counted AS (
          SELECT t AS term, count(*) FILTER (WHERE k.created_at >= ${since(168)}) AS count,
                 count(*) FILTER (WHERE k.created_at < ${since(168)}) AS previous
          FROM knowledge k, unnest(${sql.ref(`k.${column}`)}) AS t
          WHERE k.deleted_at IS NULL AND k.merged_into_id IS NULL AND k.created_at >= ${since(336)}
          GROUP BY t)
        SELECT c.* FROM counted c
        ${column === 'categories' ? sql`JOIN categories ON categories.slug = c.term` : sql``}
        WHERE count > 0
        ORDER BY CASE WHEN previous = 0 THEN count > 0
                   ELSE round((count - previous) * 1000.0 / previous) / 10 >= ${TREND_THRESHOLD_PERCENT} END DESC,
                 count DESC, term`.execute(db())
    ).rows;
  return {
    metrics: metrics.rows[0]!,
    domains: domains.rows,
    profit: { '24h': await profit(24), '7d': await profit(168), '30d': await profit(720), all: await profit(null) },
    tags: { '24h': await tags(24), '7d': await tags(168), '30d': await tags(720) },
    keywords: await terms('keywords'),
    categories: await terms('categories'),
  };
}

/** Every rollup-backed answer against the reference. */
async function expectExact() {
  const ref = await reference();
  const m = ref.metrics;
  const metrics = await knowledgeMetrics(db());
  const total = Number(m.total);
  const shown = ref.domains.map((d) => ({ domain: d.domain, count: d.count, percentage: percentOf(d.count, total) }));
  const rest = total - ref.domains.reduce((s, d) => s + d.count, 0);
  expect(metrics).toEqual({
    total_items: total,
    new_items_24h: m.new_24h,
    new_items_7d: m.new_7d,
    growth_rate_percentage: changePercentage(Number(m.new_7d), Number(m.previous_7d)),
    enriched_count: m.enriched,
    non_enriched_count: total - Number(m.enriched),
    analyzed_count: m.analyzed,
    non_analyzed_count: total - Number(m.analyzed),
    avg_profit_potential: m.avg_profit ?? 0,
    by_domain: rest > 0 ? [...shown, { domain: 'Other', count: rest, percentage: percentOf(rest, total) }] : shown,
  });

  const pipeline = await ideaPipeline(db());
  expect(pipeline).toMatchObject({
    raw_data_items: m.raw,
    knowledge_items: total,
    enriched_ideas: m.enriched,
    analyzed_ideas: m.analyzed,
  });

  for (const period of ['24h', '7d', '30d', 'all'] as const) {
    const rows = ref.profit[period];
    const sum = rows.reduce((s, r) => s + r.count, 0);
    const answer = await profitDistribution(db(), period);
    expect(answer.distribution, period).toEqual(
      PROFIT_LABELS.map((category) => {
        const count = rows.find((r) => r.label === category)?.count ?? 0;
        return { category, count, percentage: percentOf(count, sum) };
      }),
    );
    expect(answer.previous_period_change, period).toEqual(
      PROFIT_LABELS.map((category) => {
        const r = rows.find((x) => x.label === category);
        return { category, change_percentage: changePercentage(r?.recent ?? 0, r?.previous ?? 0) };
      }),
    );
  }

  for (const period of ['24h', '7d', '30d'] as const) {
    const answer = await tagActivity(db(), period, 100);
    expect(answer.top_tags, period).toEqual(
      ref.tags[period].map((r) => {
        const change = changePercentage(r.count, r.previous);
        return { tag: r.tag, count: r.count, trend: trendOf(change), change_percentage: change };
      }),
    );
  }

  const trend = (r: { count: number; previous: number }) => trendOf(changePercentage(r.count, r.previous));
  expect(await emergingKeywords(db(), 50)).toEqual(
    ref.keywords.map((r) => ({ keyword: r.term, frequency: r.count, trend: trend(r) })),
  );
  const names = new Map(
    (await db().selectFrom('categories').select(['slug', 'name']).execute()).map((c) => [c.slug, c.name]),
  );
  const themes = await emergingThemes(db(), 50);
  expect(themes.map((t) => ({ ...t }))).toEqual(
    ref.categories
      .map((r) => ({ theme: names.get(r.term)!, frequency: r.count, trend: trend(r) }))
      // The reference orders by slug, the widget by display name: compare as sets in rank groups.
      .sort((a, b) => themeOrder(a, b)),
  );
  expect([...themes].sort(themeOrder)).toEqual(themes);

  const page = await adminHighPotentialIdeas(db(), { page: 1, page_size: 5 });
  expect(page.total).toBe(m.scored);
  const best = await db()
    .selectFrom('knowledge')
    .select('id')
    .where('deleted_at', 'is', null)
    .where('merged_into_id', 'is', null)
    .where('overall_score', 'is not', null)
    .orderBy(sql`overall_score desc, id desc`)
    .limit(5)
    .execute();
  expect(page.rows.map((r) => r.id)).toEqual(best.map((r) => r.id));
}

const themeOrder = (
  a: { theme: string; frequency: number; trend: string },
  b: { theme: string; frequency: number; trend: string },
) =>
  Number(b.trend === 'increasing') - Number(a.trend === 'increasing') ||
  b.frequency - a.frequency ||
  (a.theme < b.theme ? -1 : a.theme > b.theme ? 1 : 0);

/** The folded rollups equal a from-scratch count of knowledge, and no change waits. */
async function expectFoldedEqualsRecount() {
  await foldIdeaRollups(db());
  const daily = await sql`
    SELECT day, profit_label, ideas, enriched, analyzed, profit_sum, profit_count, scored
    FROM idea_daily ORDER BY day, profit_label`.execute(db());
  const recount = await sql`
    SELECT date_trunc('day', created_at, 'UTC') AS day, coalesce(profit_potential, '') AS profit_label,
           count(*) AS ideas, count(enriched_at) AS enriched, count(analyzed_at) AS analyzed,
           coalesce(sum(profit_score), 0) AS profit_sum, count(profit_score) AS profit_count,
           count(overall_score) AS scored
    FROM knowledge WHERE ${LIVE} GROUP BY 1, 2 ORDER BY 1, 2`.execute(db());
  expect(daily.rows).toEqual(recount.rows);
  const terms = await sql`SELECT kind, day, term, uses FROM idea_terms_daily ORDER BY 1, 2, 3`.execute(db());
  const termRecount = await sql`
    SELECT t.kind, date_trunc('day', k.created_at, 'UTC') AS day, t.term, count(*) AS uses
    FROM knowledge k CROSS JOIN LATERAL (
      SELECT 'keyword', unnest(k.keywords) UNION ALL SELECT 'category', unnest(k.categories)
      UNION ALL SELECT 'tag', unnest(CASE WHEN cardinality(k.tags) > 0 THEN k.tags ELSE k.keywords END)
      UNION ALL SELECT 'public_keyword', unnest(CASE WHEN k.visibility = 'public' THEN k.keywords END)
    ) AS t(kind, term)
    WHERE k.deleted_at IS NULL AND k.merged_into_id IS NULL GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`.execute(db());
  expect(terms.rows).toEqual(termRecount.rows);
  const domains = await sql`SELECT domain, ideas FROM idea_domains ORDER BY domain`.execute(db());
  const domainRecount = await sql`
    SELECT source_domain AS domain, count(*) AS ideas FROM knowledge WHERE ${LIVE} GROUP BY 1 ORDER BY 1`.execute(db());
  expect(domains.rows).toEqual(domainRecount.rows);
  const waiting = await sql<{ n: number }>`
    SELECT (SELECT count(*) FROM idea_daily_changes) + (SELECT count(*) FROM idea_domain_changes)
         + (SELECT count(*) FROM idea_term_changes) + (SELECT count(*) FROM raw_data_count_changes) AS n`.execute(db());
  expect(waiting.rows[0]!.n).toBe(0);
}

const liveIds = async (limit: number, offset = 0) =>
  (
    await db()
      .selectFrom('knowledge')
      .select('id')
      .where('deleted_at', 'is', null)
      .where('merged_into_id', 'is', null)
      .orderBy('id')
      .limit(limit)
      .offset(offset)
      .execute()
  ).map((r) => r.id);

beforeAll(async () => {
  const created = await createTestDatabase();
  drop = created.drop;
  handle = openDatabase(created.url, 4);
  await db()
    .insertInto('raw_data')
    .values(
      Array.from({ length: 30 }, (_, i) => ({
        url: `https://p.test/${i}`,
        domain: 'p.test',
        content: 'x',
        content_hash: `p${i}`,
      })),
    )
    .execute();
  await seed(Date.now(), 400, 'a');
});
afterAll(async () => {
  await handle.close();
  await drop();
});

describe('idea rollups', () => {
  it('answer from the changes alone before the first fold', async () => {
    const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM idea_daily`.execute(db());
    expect(rows[0]!.n).toBe(0);
    await expectExact();
  });

  it('fold into exactly a recount, and answer the same folded', async () => {
    await expectFoldedEqualsRecount();
    await expectExact();
  });

  it('follow enrichment, analysis, edits and votes, folded or not', async () => {
    const ids = await liveIds(40);
    for (const [i, id] of ids.entries()) {
      if (i % 4 === 0)
        // Re-enrichment queued: both states cleared (queueEnrichment's update).
        await db()
          .updateTable('knowledge')
          .set({ enriched_at: null, analyzed_at: null })
          .where('id', '=', id)
          .execute();
      if (i % 4 === 1)
        // Enrichment: new keywords, categories and tags.
        await db()
          .updateTable('knowledge')
          .set({ enriched_at: new Date(), keywords: ['solar', 'fresh'], categories: ['saas'], tags: [] })
          .where('id', '=', id)
          .execute();
      if (i % 4 === 2)
        // Analysis: new label and scores.
        await db()
          .updateTable('knowledge')
          .set({ analyzed_at: new Date(), profit_potential: 'Very High', profit_score: 9.25, overall_score: 4.9 })
          .where('id', '=', id)
          .execute();
      if (i % 4 === 3) await updateKnowledge(db(), actor, id, { tags: ['edited'], keywords: [] });
    }
    await setVisibility(db(), actor, ids[5]!, 'private');
    await db()
      .updateTable('knowledge')
      .set((eb) => ({ upvotes: eb('upvotes', '+', 3) }))
      .where('id', 'in', ids)
      .execute();
    await expectExact();
    await expectFoldedEqualsRecount();
    await expectExact();
  });

  it('follow soft delete, restore, merge and purge (which revives the ideas merged into it)', async () => {
    const [a, b, c, d, e] = await liveIds(5, 50);
    await deleteKnowledge(db(), actor, a!);
    await deleteKnowledge(db(), actor, b!);
    await expectExact();
    await restoreKnowledge(db(), actor, a!);
    await db().updateTable('knowledge').set({ merged_into_id: c! }).where('id', 'in', [d!, e!]).execute();
    await expectExact();
    await expectFoldedEqualsRecount();
    await deleteKnowledge(db(), actor, c!);
    await purgeKnowledge(db(), actor, c!);
    await purgeKnowledge(db(), actor, b!);
    // merged_into_id ON DELETE SET NULL: d and e are live again.
    const revived = await db().selectFrom('knowledge').select('merged_into_id').where('id', 'in', [d!, e!]).execute();
    expect(revived).toEqual([{ merged_into_id: null }, { merged_into_id: null }]);
    await expectExact();
    await expectFoldedEqualsRecount();
  });

  it('count windows exactly whichever midnight their edges round to', async () => {
    // Windows with edges at every hour of a day (before and after noon), counted by windowedCounts
    // against a plain count; the seeded ideas lie at odd minutes over 70 days.
    const nowish = new Date(await sql<{ t: Date }>`SELECT now() AS t`.execute(db()).then((r) => r.rows[0]!.t));
    const dayStart = Math.floor(nowish.getTime() / DAY) * DAY - 20 * DAY;
    for (const hour of [0, 5, 11, 12, 13, 23]) {
      const from = new Date(dayStart + hour * HOUR + 7 * 60_000);
      const to = new Date(from.getTime() + 9 * DAY + 3 * HOUR);
      const counted = windowedCounts({
        daily: sql`SELECT day, '' AS key, ideas AS n FROM ${IDEA_DAILY} AS d`,
        live: (start, end) => sql`
          SELECT '' AS key, count(*) AS n FROM knowledge
          WHERE deleted_at IS NULL AND merged_into_id IS NULL AND created_at >= ${start} AND created_at < ${end}
          GROUP BY 1`,
        windows: {
          open: { from: sql`${from}::timestamptz` },
          closed: { from: sql`${from}::timestamptz`, to: sql`${to}::timestamptz` },
        },
      });
      const { rows } = await sql<{ open: number; closed: number }>`${counted}`.execute(db());
      const truth = await sql<{ open: number; closed: number }>`
        SELECT count(*) AS open, count(*) FILTER (WHERE created_at < ${to}) AS closed
        FROM knowledge WHERE deleted_at IS NULL AND merged_into_id IS NULL AND created_at >= ${from}`.execute(db());
      expect({ open: rows[0]!.open, closed: rows[0]!.closed }, `edges at ${hour}:07`).toEqual(truth.rows[0]);
      expect(truth.rows[0]!.closed).toBeGreaterThan(0);
    }
  });

  it('count stored pages exactly through inserts and deletes', async () => {
    const page = await db()
      .insertInto('raw_data')
      .values({ url: 'https://p.test/new', domain: 'p.test', content: 'x', content_hash: 'pnew' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db().deleteFrom('raw_data').where('url', 'in', ['https://p.test/1', 'https://p.test/2']).execute();
    expect((await ideaPipeline(db())).raw_data_items).toBe(29);
    await foldIdeaRollups(db());
    expect((await ideaPipeline(db())).raw_data_items).toBe(29);
    await db().deleteFrom('raw_data').where('id', '=', page.id).execute();
    expect((await ideaPipeline(db())).raw_data_items).toBe(28);
  });

  it('start over on TRUNCATE (backup restore) and count the rows loaded next', async () => {
    await sql`TRUNCATE knowledge, raw_data CASCADE`.execute(db());
    await expectExact();
    expect(await knowledgeMetrics(db())).toMatchObject({ total_items: 0, by_domain: [] });
    expect((await ideaPipeline(db())).raw_data_items).toBe(0);
    await seed(Date.now(), 120, 'b');
    await expectExact();
    await expectFoldedEqualsRecount();
    await expectExact();
  });
});
