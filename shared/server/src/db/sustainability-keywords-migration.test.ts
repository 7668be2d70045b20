import { describe, expect, it } from 'vitest';
import { LocalProvider } from '../llm/local';
import type { CategoryOption } from '../llm/provider';
import { useTestDatabaseHandle } from '../test/database';
import { migrate } from './migrate';

// Migration 0041: the colour green no longer files a post under Sustainability with the seeded
// categories, while the phrases that mean the topic still do; a list an operator changed is kept.

const MIGRATION = '0041_sustainability_not_a_colour.sql';
const database = useTestDatabaseHandle();

const seeded = async () =>
  (await database().pool.query<CategoryOption>('SELECT slug, name, keywords FROM categories ORDER BY slug')).rows;
const categoriesOf = async (text: string) =>
  (await new LocalProvider().enrich({ title: text, body: '' }, await seeded())).value.categories;
const keywordsOf = async (slug: string) =>
  (await database().pool.query<{ keywords: string[] }>('SELECT keywords FROM categories WHERE slug = $1', [slug]))
    .rows[0]!.keywords;

describe('migration 0041', () => {
  it('files colours elsewhere and the environment under Sustainability, with the seeded lists', async () => {
    expect(await keywordsOf('sustainability')).not.toContain('green');
    for (const colour of [
      'A tool that turns the build badge green when every test passes',
      'An app to brew the perfect cup of green tea',
      'Leaving my job for greener pastures: a planner for career changes',
    ])
      expect(await categoriesOf(colour), colour).not.toContain('sustainability');
    for (const topic of [
      'A marketplace for eco-friendly packaging for small shops',
      'Help small offices go green with a checklist',
      'Compare green energy tariffs in one place',
    ])
      expect(await categoriesOf(topic), topic).toContain('sustainability');
  });

  it('changes only a list that still holds "green", and adds no phrase twice', async () => {
    await database().pool.query(`
      UPDATE categories SET keywords = '{climate,green,go green}' WHERE slug = 'sustainability';
      UPDATE categories SET keywords = '{garden,plants}' WHERE slug = 'hardware-iot';
      DELETE FROM schema_migrations WHERE name = '${MIGRATION}';`);
    expect(await migrate(database().pool)).toEqual([MIGRATION]);
    expect(await keywordsOf('sustainability')).toEqual(['climate', 'go green', 'green energy', 'eco-friendly']);
    expect(await keywordsOf('hardware-iot')).toEqual(['garden', 'plants']);

    // An operator who took "green" out keeps the list as they left it.
    await database().pool.query(`
      UPDATE categories SET keywords = '{climate,solar}' WHERE slug = 'sustainability';
      DELETE FROM schema_migrations WHERE name = '${MIGRATION}';`);
    expect(await migrate(database().pool)).toEqual([MIGRATION]);
    expect(await keywordsOf('sustainability')).toEqual(['climate', 'solar']);
  });
});
