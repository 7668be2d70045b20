import { describe, expect, it } from 'vitest';
import { LocalProvider } from '../llm/local';
import type { CategoryOption } from '../llm/provider';
import { useTestDatabaseHandle } from '../test/database';
import { migrate } from './migrate';

// The migrations that revise the seeded category keywords. With the seeded lists, ideas are filed
// where a person would look for them (worker/quality/category-labels.jsonl measures it); a list an
// operator changed keeps their choices: a keyword is removed only where it is still there and
// added only where it is missing. Each block checks the seeded lists before it changes any.

const database = useTestDatabaseHandle();

const seeded = async () =>
  (await database().pool.query<CategoryOption>('SELECT slug, name, keywords FROM categories ORDER BY slug')).rows;
const categoriesOf = async (title: string) =>
  (await new LocalProvider().enrich({ title, body: '' }, await seeded())).value.categories;
const keywordsOf = async (slug: string) =>
  (await database().pool.query<{ keywords: string[] }>('SELECT keywords FROM categories WHERE slug = $1', [slug]))
    .rows[0]!.keywords;
/** Each title of `under` is filed under `slug` with the seeded lists, and none of `elsewhere` is. */
async function expectFiled(slug: string, titles: { elsewhere: string[]; under: string[] }): Promise<void> {
  for (const title of titles.elsewhere) expect(await categoriesOf(title), title).not.toContain(slug);
  for (const title of titles.under) expect(await categoriesOf(title), title).toContain(slug);
}
/** Runs `migration` again on the lists as `lists` (SQL) leaves them. */
async function rerun(migration: string, lists: string): Promise<void> {
  await database().pool.query(`${lists}; DELETE FROM schema_migrations WHERE name = '${migration}';`);
  expect(await migrate(database().pool)).toEqual([migration]);
}

describe('migration 0041: green is a colour', () => {
  const MIGRATION = '0041_sustainability_not_a_colour.sql';

  it('files colours elsewhere and the environment under Sustainability, with the seeded lists', async () => {
    expect(await keywordsOf('sustainability')).not.toContain('green');
    await expectFiled('sustainability', {
      elsewhere: [
        'A tool that turns the build badge green when every test passes',
        'An app to brew the perfect cup of green tea',
        'Leaving my job for greener pastures: a planner for career changes',
      ],
      under: [
        'A marketplace for eco-friendly packaging for small shops',
        'Help small offices go green with a checklist',
        'Compare green energy tariffs in one place',
      ],
    });
  });

  it('changes only a list that still holds "green", and adds no phrase twice', async () => {
    await rerun(
      MIGRATION,
      `UPDATE categories SET keywords = '{climate,green,go green}' WHERE slug = 'sustainability';
       UPDATE categories SET keywords = '{garden,plants}' WHERE slug = 'real-estate'`,
    );
    expect(await keywordsOf('sustainability')).toEqual(['climate', 'go green', 'green energy', 'eco-friendly']);
    expect(await keywordsOf('real-estate')).toEqual(['garden', 'plants']);
    // An operator who took "green" out keeps the list as they left it.
    await rerun(MIGRATION, `UPDATE categories SET keywords = '{climate,solar}' WHERE slug = 'sustainability'`);
    expect(await keywordsOf('sustainability')).toEqual(['climate', 'solar']);
  });
});

describe('migration 0043: keywords revised from labelled ideas', () => {
  const MIGRATION = '0043_category_keywords_from_labels.sql';

  it('files real requests where a person would look for them, with the seeded lists', async () => {
    // Labelled ideas of the dataset (worker/quality), as their titles read.
    expect(await categoriesOf('Contact List: Show sent indicator & unread message count')).toEqual(['community']);
    expect(await categoriesOf('Dear admins, can we please have a preview button for comments?')).toEqual(['community']);
    expect(await categoriesOf('A smartphone app that warns you about the time left on your parking meter')).toEqual([
      'travel',
    ]);
    // A word that names a topic only sometimes no longer files an idea under it.
    expect(await categoriesOf('Please show the verification code on my other device')).not.toContain('hardware-iot');
    expect(await categoriesOf('Add a video call button')).not.toContain('entertainment');
    expect(await categoriesOf('It took 24 hr to sync')).not.toContain('hr');
  });

  it('removes only what is still there and adds only what is missing', async () => {
    await rerun(
      MIGRATION,
      `UPDATE categories SET keywords = '{hardware,device,robot}' WHERE slug = 'hardware-iot';
       UPDATE categories SET keywords = '{people,reddit}' WHERE slug = 'community'`,
    );
    const hardware = await keywordsOf('hardware-iot');
    expect(hardware.slice(0, 2)).toEqual(['hardware', 'robot']);
    expect(hardware).not.toContain('device');
    expect(hardware).toContain('smartwatch');
    const community = await keywordsOf('community');
    expect(community.slice(0, 3)).toEqual(['people', 'reddit', 'message']);
    expect(community.filter((k) => k === 'reddit')).toHaveLength(1);
  });
});

describe('migration 0044: a job is often a task, not a hire', () => {
  const MIGRATION = '0044_hr_job_is_a_task.sql';

  it('files work orders and lost jobs elsewhere and hiring under HR, with the seeded lists', async () => {
    expect(await keywordsOf('hr')).not.toContain('job');
    await expectFiled('hr', {
      elsewhere: [
        'Supplier invoice matching: we match supplier invoices to jobs by hand',
        'GF lost her job, we are trying to make it using Etsy',
        'A dashboard for failed cron jobs',
      ],
      under: ['A job board for nurses who travel', 'Track every job application in one place'],
    });
  });

  it('changes only a list that still holds "job", and adds no phrase twice', async () => {
    await rerun(MIGRATION, `UPDATE categories SET keywords = '{hiring,job,job board}' WHERE slug = 'hr'`);
    expect(await keywordsOf('hr')).toEqual(['hiring', 'job board', 'job search', 'job posting', 'job application']);
    await rerun(MIGRATION, `UPDATE categories SET keywords = '{hiring,resume}' WHERE slug = 'hr'`);
    expect(await keywordsOf('hr')).toEqual(['hiring', 'resume']);
  });
});
