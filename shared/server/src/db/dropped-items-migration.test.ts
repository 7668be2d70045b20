import { describe, expect, it } from 'vitest';
import { useTestDatabaseHandle } from '../test/database';
import { migrate } from './migrate';

// Migration 0040 moves what transform tasks recorded as dropped (a jsonb list on the task) into a
// table of its own, one row per item, and counts them on the task: nothing recorded is lost.

const MIGRATION = '0040_transform_dropped_items.sql';
// Back to the schema before the migration, as a database upgraded from there has it.
const database = useTestDatabaseHandle(
  2,
  `
    DROP TABLE transform_dropped_items;
    ALTER TABLE transform_tasks DROP COLUMN dropped_count;
    DELETE FROM schema_migrations WHERE name = '${MIGRATION}';`,
);

describe('migration 0040', () => {
  it("moves each task's dropped items into their own rows, in order, and counts them", async () => {
    const raw = (n: number) =>
      database().pool.query<{ id: string }>(
        `INSERT INTO raw_data (url, domain, content, content_type, content_hash)
         VALUES ($1, 'example.test', '<p>x</p>', 'text/html', md5($1)) RETURNING id`,
        [`https://example.test/page/${n}`],
      );
    const items = [
      { title: 'Hiring', url: 'https://example.test/jobs/1', reason: 'not an idea: hiring post' },
      { title: '', url: 'https://example.test/news/2', reason: 'not an idea: news or a link' },
    ];
    const withDrops = (
      await database().pool.query<{ id: string }>(
        `INSERT INTO transform_tasks (raw_data_id, status, dropped_items) VALUES ($1, 'skipped', $2) RETURNING id`,
        [(await raw(1)).rows[0]!.id, JSON.stringify(items)],
      )
    ).rows[0]!.id;
    const without = (
      await database().pool.query<{ id: string }>(
        `INSERT INTO transform_tasks (raw_data_id, status) VALUES ($1, 'completed') RETURNING id`,
        [(await raw(2)).rows[0]!.id],
      )
    ).rows[0]!.id;

    expect(await migrate(database().pool)).toEqual([MIGRATION]);

    const rows = await database()
      .db.selectFrom('transform_dropped_items')
      .select(['task_id', 'position', 'title', 'url', 'reason'])
      .orderBy('task_id')
      .orderBy('position')
      .execute();
    expect(rows).toEqual(items.map((d, position) => ({ task_id: Number(withDrops), position, ...d })));
    const counts = await database()
      .db.selectFrom('transform_tasks')
      .select(['id', 'dropped_count'])
      .orderBy('id')
      .execute();
    expect(counts).toEqual([
      { id: Number(withDrops), dropped_count: 2 },
      { id: Number(without), dropped_count: 0 },
    ]);
  });
});
