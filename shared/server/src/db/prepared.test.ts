import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/database';
import { runPrepared } from './prepared';

// Marked queries run as named prepared statements, parsed once per connection; others do not.

const db = useTestDatabase(1);

const statements = async () =>
  (
    await sql<{
      name: string;
      statement: string;
    }>`SELECT name, statement FROM pg_prepared_statements ORDER BY name`.execute(db())
  ).rows;

describe('runPrepared', () => {
  it('prepares a marked query once on its connection and gives the same rows as running it plainly', async () => {
    const query = (n: number) => sql<{ n: number }>`SELECT generate_series(1, ${n})::int AS n`.compile(db());
    expect(await statements()).toEqual([]);

    expect(await runPrepared(db(), query(3))).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(await runPrepared(db(), query(2))).toEqual([{ n: 1 }, { n: 2 }]);
    expect((await sql`SELECT generate_series(1, ${2})::int AS n`.execute(db())).rows).toEqual([{ n: 1 }, { n: 2 }]);

    const named = await statements();
    expect(named).toHaveLength(1);
    expect(named[0]!.name).toMatch(/^im_[0-9a-f]{24}$/);
    expect(named[0]!.statement).toContain('generate_series');
  });

  it('runs inside a transaction on the transaction connection', async () => {
    const rows = await db()
      .transaction()
      .execute(async (trx) => {
        await sql`CREATE TEMP TABLE seen (v int) ON COMMIT DROP`.execute(trx);
        await sql`INSERT INTO seen VALUES (7)`.execute(trx);
        return runPrepared(trx, sql<{ v: number }>`SELECT v FROM seen WHERE v = ${7}`.compile(trx));
      });
    expect(rows).toEqual([{ v: 7 }]);
  });
});
