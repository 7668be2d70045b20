import { sql } from 'kysely';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { createTestDatabase, useTestDatabase } from '../test/database';
import { QueryLexemes } from './query-lexemes';
import { plainAndLexemes } from './tsvector-text';

// A query's lexemes, asked word by word and remembered, are what PostgreSQL makes of the whole
// query: stop words, repeats, capitals, `or` and punctuation included.

const db = useTestDatabase(1);

const WORDS = [
  'Running',
  'runs',
  'the',
  'and',
  'or',
  'OR',
  'cats',
  'florist',
  'invoice',
  'a',
  "don't",
  '-dog',
  '"meal',
];

async function fromPostgres(query: string): Promise<string[] | null> {
  const { rows } = await sql<{ q: string }>`SELECT websearch_to_tsquery('english', ${query})::text AS q`.execute(db());
  return plainAndLexemes(rows[0]!.q);
}

describe('query lexemes', () => {
  it('are what websearch_to_tsquery makes of the whole query', async () => {
    const lexemes = new QueryLexemes(db());
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 8 }), async (words) => {
        const query = words.join(' ');
        expect(await lexemes.of(query), query).toEqual(await fromPostgres(query));
      }),
      { numRuns: 200, seed: 20261127 },
    );
  });

  it('asks PostgreSQL once per new plain word, not per new query', async () => {
    const database = await createTestDatabase();
    const own = openDatabase(database.url, 1);
    const lexemes = new QueryLexemes(own.db);
    try {
      expect(await lexemes.of('florist the invoice')).toEqual(['florist', 'invoic']);
    } finally {
      await own.close();
      await database.drop();
    }
    // The database is gone: a new query of known words is answered from memory.
    expect(await lexemes.of('invoice florist the')).toEqual(['invoic', 'florist']);
    expect(await lexemes.of('Florist INVOICE')).toEqual(['florist', 'invoic']);
    await expect(lexemes.of('florist cats')).rejects.toThrow();
  });
});
