import { describe, expect, it } from 'vitest';
import type { AppContext } from '../context';
import { buildKnowledge } from '../test/factories';
import { useTestDatabaseHandle } from '../test/database';
import { migrate } from './migrate';

// Migration 0042 on a database that already holds ideas: the first sweep is due (the ideas were
// filed under earlier rules), and categories operators chose before it are read back from the
// audit log so the sweep leaves them alone.

const MIGRATION = '0042_category_refiling.sql';
// Back to the schema before the migration, as a database upgraded from there has it.
const database = useTestDatabaseHandle(
  2,
  `
    DROP TABLE category_refiling;
    ALTER TABLE knowledge DROP COLUMN categories_edited_at;
    DELETE FROM schema_migrations WHERE name = '${MIGRATION}';`,
);

describe('migration 0042', () => {
  it('marks the categories operators chose and makes the first sweep due', async () => {
    const app = { db: database().db } as unknown as AppContext;
    const chosen = await buildKnowledge(app, { categories: ['fintech'] });
    const retitled = await buildKnowledge(app);
    const untouched = await buildKnowledge(app);
    const audit = (id: number, after: object, at: string) =>
      database().pool.query(
        `INSERT INTO audit_log (action, entity_type, entity_id, before, after, created_at)
         VALUES ('knowledge.update', 'knowledge', $1, '{}', $2, $3)`,
        [String(id), JSON.stringify(after), at],
      );
    await audit(chosen.id, { categories: ['saas'] }, '2026-01-01T00:00:00Z');
    await audit(chosen.id, { categories: ['fintech'] }, '2026-02-01T00:00:00Z');
    await audit(retitled.id, { title: 'New title' }, '2026-02-01T00:00:00Z');

    expect(await migrate(database().pool)).toEqual([MIGRATION]);

    const { rows } = await database().pool.query<{ id: number; categories_edited_at: Date | null }>(
      'SELECT id, categories_edited_at FROM knowledge ORDER BY id',
    );
    const edited = new Map(rows.map((r) => [r.id, r.categories_edited_at?.toISOString() ?? null]));
    expect(edited.get(chosen.id)).toBe('2026-02-01T00:00:00.000Z');
    expect(edited.get(retitled.id)).toBeNull();
    expect(edited.get(untouched.id)).toBeNull();

    const state = await database().pool.query('SELECT rules, next_id, started_at, finished_at FROM category_refiling');
    expect(state.rows).toEqual([{ rules: 'before 0042', next_id: 0, started_at: null, finished_at: null }]);
  });
});
