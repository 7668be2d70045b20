import { sql } from 'kysely';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/database';
import { applyConcurrently, ideaChange } from '../test/public-idea-changes';
import { pruneSearchSliceLog, trimSearchRecent } from './search-recent';

// The newest public ideas' slice that search reads for common words must stay complete: every
// public idea created at or after its oldest row is in it, with its current text, and nothing
// else is. Checked after random concurrent changes, ideas created in the past (older than the
// slice, or inside it) and trims to random sizes.

const db = useTestDatabase(8);

let serial = 0;
async function insertBackdated(hoursAgo: number): Promise<void> {
  serial += 1;
  await db()
    .insertInto('knowledge')
    .values({
      slug: `old-${serial}`,
      title: `Backdated ${serial}`,
      source_url: `https://slice.test/${serial}`,
      content_hash: `slice-${serial}`,
      created_at: sql<Date>`now() - make_interval(hours => ${hoursAgo})`,
    })
    .execute();
}

/** Differences from the oracle: ideas missing above the floor, rows that should not be there. */
async function differences() {
  const { rows } = await sql<{ id: number; problem: string }>`
    WITH floor AS (SELECT min(created_at) AS t FROM search_recent),
    expected AS (
      SELECT k.id, k.created_at, k.search FROM knowledge k, floor
      WHERE k.deleted_at IS NULL AND k.merged_into_id IS NULL AND k.visibility = 'public' AND k.created_at >= floor.t)
    SELECT coalesce(e.id, r.id) AS id, CASE WHEN r.id IS NULL THEN 'missing' WHEN e.id IS NULL THEN 'extra' ELSE 'stale' END AS problem
    FROM expected e FULL JOIN search_recent r ON r.id = e.id
    WHERE r.id IS NULL OR e.id IS NULL OR r.created_at <> e.created_at OR r.search <> e.search`.execute(db());
  return rows;
}

describe('search slice of the newest ideas', () => {
  it('stays a complete newest slice after random changes, backdated ideas and trims', async () => {
    const user = await db()
      .insertInto('users')
      .values({ username: 'slicer', email: 'slicer@slice.test', password_hash: 'x', role: 'trial' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(ideaChange(true), { maxLength: 12 }), { minLength: 3, maxLength: 3 }),
        fc.array(fc.integer({ min: 0, max: 48 }), { maxLength: 3 }),
        fc.option(fc.integer({ min: 1, max: 20 })),
        async (streams, backdated, trimTo) => {
          await applyConcurrently(db(), streams, user.id);
          for (const hours of backdated) await insertBackdated(hours);
          if (trimTo !== null) await trimSearchRecent(db(), trimTo);
          expect(await differences()).toEqual([]);
          if (trimTo !== null) {
            const { rows } = await sql<{ n: number }>`
              SELECT count(*)::int AS n FROM search_recent
              WHERE created_at > (SELECT min(created_at) FROM search_recent)`.execute(db());
            expect(rows[0]!.n).toBeLessThan(trimTo); // past the size only rows tied with the last kept
          }
        },
      ),
      { numRuns: 15, seed: 20261127 },
    );
  });

  it("logs the rows leaving the slice for the API processes' copies, and prunes the log after a day", async () => {
    await insertBackdated(0);
    const [row] = (
      await sql<{ id: number }>`SELECT id FROM search_recent ORDER BY created_at DESC LIMIT 1`.execute(db())
    ).rows;
    await db().updateTable('knowledge').set({ visibility: 'private' }).where('id', '=', row!.id).execute();
    const logged = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM search_recent_gone WHERE id = ${row!.id}`.execute(db());
    expect(logged.rows[0]!.n).toBe(1);
    await sql`UPDATE search_recent_gone SET removed_at = now() - interval '25 hours' WHERE id = ${row!.id}`.execute(
      db(),
    );
    expect(await pruneSearchSliceLog(db())).toBe(1);
    expect(await pruneSearchSliceLog(db())).toBe(0);
  });
});
