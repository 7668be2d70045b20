import { sql } from 'kysely';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/database';
import { coverDensityRank, float4Value, tsvectorOrder } from './cover-density';
import { parseTsvector } from './tsvector-text';

// The in-memory index must rank as PostgreSQL does, or a search would order its results
// differently depending on which answered. PostgreSQL's ts_rank_cd is the oracle: random texts
// of few words (so words repeat and covers overlap) in a title (A), summary (B) and body (C).

const db = useTestDatabase(2);

const WORDS = ['invoice', 'florist', 'booking', 'dentist', 'landlord', 'tenant', 'payroll', 'coach'];
const words = (max: number) => fc.array(fc.constantFrom(...WORDS), { maxLength: max }).map((w) => w.join(' '));

async function both(title: string, summary: string, body: string, query: string[]) {
  const { rows } = await sql<{ search: string; rank: number; q: string }>`
    WITH doc AS (SELECT setweight(to_tsvector('english', ${title}), 'A') ||
                        setweight(to_tsvector('english', ${summary}), 'B') ||
                        setweight(to_tsvector('english', ${body}), 'C') AS search,
                        plainto_tsquery('english', ${query.join(' ')}) AS q)
    SELECT search::text AS search, ts_rank_cd(search, q) AS rank, q::text AS q FROM doc`.execute(db());
  const row = rows[0]!;
  const lexemes = [...new Set([...row.q.matchAll(/'([^']+)'/g)].map((m) => m[1]!))];
  const parsed = parseTsvector(row.search);
  const ours = coverDensityRank(tsvectorOrder(lexemes).map((l) => parsed.get(l) ?? []));
  return { postgres: Number(row.rank), ours: float4Value(ours) };
}

describe('cover density rank', () => {
  it('equals ts_rank_cd on random texts and queries of one to three words', async () => {
    await fc.assert(
      fc.asyncProperty(
        words(6),
        words(12),
        words(120), // long enough that three words occur over 32 times (the sort for many)
        fc.uniqueArray(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }),
        async (title, summary, body, query) => {
          const { postgres, ours } = await both(title, summary, body, query);
          expect(ours).toBe(postgres);
        },
      ),
      { numRuns: 300, seed: 20261127 },
    );
  });

  it('is 0 when a word is missing and counts a cover once per stretch', async () => {
    expect(await both('invoice', '', '', ['invoice', 'florist'])).toEqual({ postgres: 0, ours: 0 });
    const { postgres, ours } = await both('invoice florist', 'florist booking invoice', 'invoice', [
      'invoice',
      'florist',
    ]);
    expect(postgres).toBeGreaterThan(0);
    expect(ours).toBe(postgres);
  });
});
