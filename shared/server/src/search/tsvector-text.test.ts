import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/database';
import { packPosition, parseTsvector, plainAndLexemes } from './tsvector-text';

// The index reads what PostgreSQL prints, so the cases come from PostgreSQL itself.

const db = useTestDatabase(2);

const text = async (expression: ReturnType<typeof sql>) =>
  (await sql<{ t: string }>`SELECT (${expression})::text AS t`.execute(db())).rows[0]!.t;

describe('tsvector text', () => {
  it('reads lexemes with quotes, backslashes, weights and several positions', async () => {
    const vector = await text(
      sql`${"'it''s':1A 'back\\\\slash':3A"}::tsvector || to_tsvector('simple', 'path again path')`,
    );
    const parsed = parseTsvector(vector);
    expect(parsed.get("it's")).toEqual([packPosition(1, 3)]);
    expect(parsed.get('back\\slash')).toEqual([packPosition(3, 3)]);
    expect(parsed.get('path')).toEqual([packPosition(4, 0), packPosition(6, 0)]);
    expect(parsed.get('again')).toEqual([packPosition(5, 0)]);
  });

  it('reads a lexeme without positions as having none', async () => {
    const parsed = parseTsvector(await text(sql`strip(to_tsvector('english', 'cheap invoices'))`));
    expect([...parsed.entries()]).toEqual([
      ['cheap', []],
      ['invoic', []],
    ]);
  });

  it('takes plain words from websearch_to_tsquery and leaves every other query to PostgreSQL', async () => {
    const query = (q: string) => text(sql`websearch_to_tsquery('english', ${q})`);
    expect(plainAndLexemes(await query('Cheap invoices for florists'))).toEqual(['cheap', 'invoic', 'florist']);
    expect(plainAndLexemes(await query('app app'))).toEqual(['app']);
    for (const q of ["O'Reilly books", '"meal recipe"', 'courier -truck', 'solar or wind', 'the and of', ''])
      expect(plainAndLexemes(await query(q)), q).toBeNull();
    expect(plainAndLexemes(await text(sql`to_tsquery('english', 'invoice:*')`))).toBeNull();
  });
});
