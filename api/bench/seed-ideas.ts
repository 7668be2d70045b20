import { sql } from 'kysely';
import type { Db } from '@ideamine/server/db/database';
import { foldIdeaRollups } from '@ideamine/server/queries/idea-rollups';
import { trimSearchRecent } from '@ideamine/server/queries/search-recent';

// Seeds synthetic public ideas for the API benchmark, in chunks, straight in SQL: titles, bodies
// and keywords drawn from a product vocabulary, categories from the managed list, scores, votes
// and creation dates spread over a year. Deterministic (setseed) so runs compare.

/** The words seeded titles are made of (the benchmark's long-tail searches pick two). */
export const SEED_WORDS = `invoice florist booking dentist landlord tenant freelancer agency recruiter plumber bakery
gym coach tutor teacher student parent nurse clinic pharmacy vet pet dog cat garden farm
restaurant cafe delivery courier warehouse inventory shipping label printer receipt payroll tax
budget expense subscription marketplace review rating survey feedback analytics dashboard report
calendar schedule reminder notification chat email newsletter podcast video course webinar
community forum event ticket venue wedding travel hotel rental car parking charger solar energy
water waste recycling compliance audit contract signature legal lawyer accountant bank loan
insurance claim crypto wallet budget savings invest portfolio stock fitness diet meal recipe
grocery coupon loyalty referral affiliate seo website template plugin extension browser mobile
app api integration automation workflow spreadsheet crm sales lead pipeline outreach support
ticketing helpdesk onboarding training hiring interview resume portfolio design logo brand
photo print merch store shop checkout cart returns warranty repair maintenance fleet truck
drone sensor robot ai model agent prompt transcription translation voice caption summary search`
  .split(/\s+/)
  .filter(Boolean);

const vocabulary = sql.raw(`ARRAY[${SEED_WORDS.map((w) => `'${w}'`).join(',')}]::text[]`);

export async function countIdeas(db: Db): Promise<number> {
  const r = await db
    .selectFrom('knowledge')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function seedIdeas(db: Db, total: number, onProgress: (done: number) => void): Promise<void> {
  const chunk = 50_000;
  await sql`SELECT setseed(0.42)`.execute(db);
  for (let start = (await countIdeas(db)) + 1; start <= total; start += chunk) {
    const end = Math.min(total, start + chunk - 1);
    await sql`
      WITH v AS (SELECT ${vocabulary} AS w, array_length(${vocabulary}, 1) AS n),
      cats AS (SELECT array_agg(slug ORDER BY slug) AS c, count(*)::int AS m FROM categories),
      rows AS (
        SELECT g,
               w[1 + (g * 7) % n] || ' ' || w[1 + (g * 13) % n] || ' for ' || w[1 + (g * 31) % n] || ' ' || g AS title,
               ARRAY(SELECT w[1 + floor(random() * n)::int] FROM generate_series(1, 40) s WHERE g > 0) AS body_words,
               ARRAY[w[1 + (g * 7) % n], w[1 + (g * 13) % n], w[1 + (g * 31) % n], w[1 + floor(random() * n)::int]] AS kw,
               ARRAY[c[1 + g % m], c[1 + (g / 7) % m]] AS categories,
               round((random() * 10)::numeric, 2) AS s1, round((random() * 10)::numeric, 2) AS s2,
               round((random() * 10)::numeric, 2) AS s3, round((random() * 10)::numeric, 2) AS s4,
               round((random() * 5)::numeric, 2) AS i1, round((random() * 5)::numeric, 2) AS i2
        FROM generate_series(${start}::int, ${end}::int) g, v, cats
      )
      INSERT INTO knowledge (slug, title, summary, body, source_url, source_domain, content_hash, visibility,
        categories, keywords, tags, key_strengths, problem_severity_score, market_demand_score, monetization_score,
        implementation_score, profit_score, profit_potential, business_model_innovation_score,
        technology_innovation_score, market_disruption_potential_score, approach_novelty_score, overall_score,
        upvotes, downvotes, editor_pick, editor_picked_at, enriched_at, analyzed_at, created_at, updated_at)
      SELECT replace(title, ' ', '-'), title,
             'A ' || array_to_string(body_words[1:12], ' ') || '.',
             array_to_string(body_words, ' ') || '.',
             'https://bench.example/ideas/' || g, 'bench.example', md5(g::text),
             CASE WHEN g % 20 = 0 THEN 'private' ELSE 'public' END,
             categories, kw, kw[1:2], ARRAY['Recurring revenue potential'],
             s1, s2, s3, s4, round(s1 * 0.3 + s2 * 0.3 + s3 * 0.25 + s4 * 0.15, 2),
             CASE WHEN s1 * 0.3 + s2 * 0.3 + s3 * 0.25 + s4 * 0.15 >= 8 THEN 'Very High'
                  WHEN s1 * 0.3 + s2 * 0.3 + s3 * 0.25 + s4 * 0.15 >= 6.5 THEN 'High'
                  WHEN s1 * 0.3 + s2 * 0.3 + s3 * 0.25 + s4 * 0.15 >= 5 THEN 'Medium'
                  WHEN s1 * 0.3 + s2 * 0.3 + s3 * 0.25 + s4 * 0.15 >= 3.5 THEN 'Low' ELSE 'Speculative' END,
             i1, i2, i2, i1, round((i1 + i2) / 2, 2),
             (g * 17) % 40, (g * 11) % 9, g % 500 = 0, CASE WHEN g % 500 = 0 THEN now() END,
             now(), now(),
             now() - make_interval(secs => (g % 365) * 86400 + (g % 86400)), now()
      FROM rows`.execute(db);
    onProgress(end);
  }
  // What the worker's minute tick would have done by now: fold the rollups' appended changes and
  // trim the search slice back to the newest public ideas (it gains every seeded idea meanwhile).
  await foldIdeaRollups(db);
  await trimSearchRecent(db);
  // The slice held every seeded idea before the trim: 50,000 rows left in 800 MB of table and text
  // index. A slice that grows by a day's ideas and is trimmed daily reuses its space instead.
  await sql`VACUUM FULL search_recent`.execute(db);
  // What autovacuum does to a table after a million inserts: statistics and the visibility map,
  // without which counts cannot read an index alone and scan the whole table; for the tables
  // triggers keep beside knowledge (listing, rollups) as much as for knowledge.
  await sql`VACUUM (ANALYZE)`.execute(db);
}
