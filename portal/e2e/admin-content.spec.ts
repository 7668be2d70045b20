import { deflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import pg from 'pg';
import { e2eState, expect, screenshot, signIn, test } from './fixtures';
import { SEEDED_IDEAS, SEEDED_TAG } from './seed-ideas';

// The content and configuration screens: users, knowledge, schemas, schedules, settings and
// avatars, with the read-only views of roles that may only look. Tests create the records they
// change (a registered user, ideas kept from Idea Storm, their own schema, schedule and avatar)
// and put back the seeded ones they touch, since later files share the server.

/** A small valid PNG (a 32x32 colour gradient), built here so the test needs no fixture file. */
function gradientPng(size = 32): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const at = y * (1 + size * 3) + 1 + x * 3;
      rows[at] = 40 + x * 6;
      rows[at + 1] = 120;
      rows[at + 2] = 40 + y * 6;
    }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const PNG = gradientPng();

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

async function bearer(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  return { Authorization: `Bearer ${token}` };
}

/** An idea of the signed-in user's own, kept from an Idea Storm submission. */
async function createIdea(page: Page, title: string): Promise<number> {
  const res = await page.request.post('/api/v1/public/idea-storm/submit', {
    headers: await bearer(page),
    data: {
      title,
      description: 'A scheduling assistant for busy clinics that fills cancelled appointments automatically.',
      save_as_idea: true,
      visibility: 'public',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data.knowledge_id as number;
}

/** Table2 draws its header twice; the copy in the top quadrant is the one on top. */
const sortBy = (page: Page, table: string, column: string) =>
  page
    .getByRole('region', { name: table })
    .locator('.bp6-table-quadrant-top')
    .getByRole('button', { name: `Sort by ${column}` })
    .click();

/** The title links of a knowledge table in row order. */
const rowTitles = (page: Page) =>
  page.getByRole('region', { name: 'Knowledge' }).locator('.bp6-table-cell a').allInnerTexts();

test.describe('users', () => {
  test('a developer lists users with search and role in the URL and sees a detail read-only', async ({ page }) => {
    await signIn(page, 'developer', '/admin/users');
    const table = page.getByRole('region', { name: 'Users' });
    await expect(table.getByRole('link', { name: 'admin_user' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search users' }).fill('trial_');
    await expect(page).toHaveURL(/search=trial_/);
    await expect(table.getByRole('link', { name: 'admin_user' })).toHaveCount(0);
    await expect(table.getByRole('link', { name: 'trial_user' })).toBeVisible();
    await page.getByLabel('Role', { exact: true }).selectOption('trial');
    await expect(page).toHaveURL(/role=trial/);
    await expect(table.getByRole('link', { name: 'trial_expired' })).toBeVisible();
    await expect(table.getByText(/\(expired\)/)).toBeVisible();
    await sortBy(page, 'Users', 'Email');
    await expect(page).toHaveURL(/sort=email/);
    await screenshot(page, 'admin-users');

    // The filters come back from the URL.
    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Search users' })).toHaveValue('trial_');
    await expect(page.getByLabel('Role', { exact: true })).toHaveValue('trial');

    await table.getByRole('link', { name: 'trial_user' }).click();
    await expect(page.getByRole('heading', { name: 'trial_user' })).toBeVisible();
    await expect(page.getByText('trial_user@e2e.test')).toBeVisible();
    await expect(page.getByText('Only admins can change or delete accounts.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save changes' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete user' })).toHaveCount(0);
  });

  test("an admin changes a trial user's trial end and role, and deletes the account", async ({ page }) => {
    const username = `content_${unique()}`;
    const registered = await page.request.post('/api/v1/auth/register', {
      data: { email: `${username}@e2e.test`, username, password: 'correct-horse-battery' },
    });
    expect(registered.status()).toBe(201);

    await signIn(page, 'admin', `/admin/users?search=${username}`);
    const table = page.getByRole('region', { name: 'Users' });
    await table.getByRole('link', { name: username }).click();
    const account = page.getByLabel('Account');
    await expect(account.getByText('trial', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save changes' })).toBeDisabled();

    await page.getByLabel('Trial expires').fill('2031-05-06T10:30');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText(`${username} saved`)).toBeVisible();
    await expect(account.getByText('May 6, 2031, 10:30')).toBeVisible();
    await screenshot(page, 'admin-user-detail');

    await page.goto(`/admin/users?search=${username}`);
    await expect(table.getByText('May 6, 2031, 10:30')).toBeVisible();
    await table.getByRole('link', { name: username }).click();
    // On the user's page (the list has a Role filter and "Sort by Role" buttons of its own).
    await expect(page.getByRole('button', { name: 'Save changes' })).toBeVisible();
    await page.getByLabel('Role', { exact: true }).selectOption('developer');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(account.getByText('developer', { exact: true })).toBeVisible();
    await page.goto(`/admin/users?search=${username}`);
    await expect(table.locator('.bp6-table-cell').getByText('developer', { exact: true })).toBeVisible();
    await expect(table.getByText('May 6, 2031, 10:30')).toHaveCount(0);

    await table.getByRole('link', { name: username }).click();
    await page.getByRole('button', { name: 'Delete user' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await page.getByRole('searchbox', { name: 'Search users' }).fill(username);
    await expect(table.getByText('No users match these filters.')).toBeVisible();
  });
});

test.describe('knowledge', () => {
  test('the list filters by profit level and sorts by title, keeping both in the URL', async ({ page }) => {
    const [first, second] = SEEDED_IDEAS;
    // Every fifth seeded idea is Speculative (serve.ts), the fifth the newest of them.
    const speculative = SEEDED_IDEAS.filter((_, i) => i % 5 === 4).map((s) => s.title);
    await signIn(page, 'developer', `/admin/knowledge?tag=${SEEDED_TAG}`);
    const table = page.getByRole('region', { name: 'Knowledge' });
    await expect(table.getByRole('link', { name: first!.title, exact: true })).toBeVisible();

    await page.getByLabel('Profit level').selectOption('Speculative');
    await expect(page).toHaveURL(/profit_level=Speculative/);
    await expect(table.getByRole('link', { name: first!.title, exact: true })).toHaveCount(0);
    await expect(table.getByRole('link', { name: speculative[1]!, exact: true })).toBeVisible();
    expect((await rowTitles(page))[0]).toBe(speculative[0]);

    await sortBy(page, 'Knowledge', 'Title');
    await expect(page).toHaveURL(/sort=title/);
    await sortBy(page, 'Knowledge', 'Title');
    await expect(page).toHaveURL(/order=asc/);
    // Titles in the database's own collation order, whatever the machine's locale.
    const db = new pg.Client({ connectionString: e2eState().databaseUrl });
    await db.connect();
    const { rows } = await db.query<{ title: string }>(
      'SELECT title FROM knowledge WHERE title = ANY($1) ORDER BY title LIMIT 1',
      [speculative],
    );
    await db.end();
    await expect.poll(async () => (await rowTitles(page))[0]).toBe(rows[0]!.title);

    await page.getByLabel('Visibility', { exact: true }).selectOption('private');
    await expect(table.getByText('No ideas match these filters.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(table.getByRole('link', { name: first!.title, exact: true })).toBeVisible();

    // The dashboard's tag chips link with ?tag=: ideas tagged or keyworded with it.
    await page.goto(`/admin/knowledge?tag=${second!.keyword}`);
    await expect(table.getByRole('link', { name: second!.title, exact: true })).toBeVisible();
    await expect(table.getByRole('link', { name: first!.title, exact: true })).toHaveCount(0);
    await expect(page.getByRole('group', { name: 'Knowledge filters' }).getByText(second!.keyword)).toBeVisible();
    await screenshot(page, 'admin-knowledge');
  });

  test('an admin picks, hides, edits and deletes an idea from its detail screen', async ({ page }) => {
    await signIn(page, 'admin', '/admin/knowledge');
    const title = `Clinic gap filler ${unique()}`;
    const id = await createIdea(page, title);
    await page.goto(`/admin/knowledge/${id}`);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Summary' })).toBeVisible();

    await page.getByRole('button', { name: "Make editor's pick" }).click();
    const pickDialog = page.getByRole('dialog', { name: "Make editor's pick" });
    await pickDialog.getByLabel('Message (optional)').fill('Fills a real gap.');
    await pickDialog.getByRole('button', { name: 'Pick' }).click();
    await expect(page.getByText("Marked as editor's pick")).toBeVisible();
    await expect(page.getByRole('button', { name: "Remove editor's pick" })).toBeVisible();
    await expect(page.getByText('“Fills a real gap.”')).toBeVisible();

    await page.getByRole('button', { name: 'Visibility' }).click();
    const visibility = page.getByRole('dialog', { name: 'Change visibility' });
    await expect(visibility.getByRole('button', { name: 'Update' })).toBeDisabled();
    await visibility.getByLabel('Visibility').selectOption('private');
    await expect(visibility.getByRole('button', { name: 'Update' })).toBeEnabled();
    await visibility.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('The idea is now private')).toBeVisible();
    await expect(visibility).toBeHidden();

    await page.getByRole('button', { name: 'Ownership' }).click();
    await expect(page.getByText('Leave empty to remove ownership (admin-only access)')).toBeVisible();
    await page.getByRole('dialog', { name: 'Change ownership' }).getByRole('button', { name: 'Cancel' }).click();
    await screenshot(page, 'admin-knowledge-detail');

    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/knowledge/${id}/edit$`));
    await page.getByLabel('Title').fill('');
    await page.getByLabel('Key strengths').fill('Recovers lost revenue\nNo new hardware');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('title must not be empty')).toBeVisible();
    await page.getByLabel('Title').fill(`${title} (edited)`);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/knowledge/${id}$`));
    await expect(page.getByRole('heading', { name: `${title} (edited)` })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Key strengths' }).getByText('No new hardware')).toBeVisible();

    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/admin\/knowledge$/);
    await page.getByRole('searchbox', { name: 'Search knowledge' }).fill(title);
    await expect(
      page.getByRole('region', { name: 'Knowledge' }).getByText('No ideas match these filters.'),
    ).toBeVisible();
  });

  test('a developer enriches two checked ideas at once', async ({ page }) => {
    await signIn(page, 'developer', '/admin/knowledge');
    const tag = unique();
    const ids = [await createIdea(page, `Bulk enrich ${tag} one`), await createIdea(page, `Bulk enrich ${tag} two`)];
    await page.goto(`/admin/knowledge?search=${encodeURIComponent(`Bulk enrich ${tag}`)}`);
    const table = page.getByRole('region', { name: 'Knowledge' });
    await expect(table.getByText('2 ideas')).toBeVisible();
    // Blueprint hides the input itself behind its indicator: the label takes the click.
    for (const id of ids)
      await table.locator('label', { has: page.getByRole('checkbox', { name: `Select row ${id}` }) }).click();
    await expect(table.getByText('2 selected')).toBeVisible();
    await page.getByRole('button', { name: 'Enrich 2' }).click();
    await expect(page.getByText('2 ideas queued for enrichment')).toBeVisible();
    await expect(table.getByText('2 selected')).toHaveCount(0);
  });
});

test('schemas: create (bad JSON refused under its field), view, edit and delete', async ({ page }) => {
  await signIn(page, 'developer', '/admin/schemas');
  const table = page.getByRole('region', { name: 'Schemas' });
  await expect(table.getByRole('link', { name: 'Hacker News (Algolia API)' })).toBeVisible();
  await page.getByRole('button', { name: 'New schema' }).click();
  const name = `E2E listing ${unique()}`;
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Type').selectOption('json');
  await page.getByLabel('Item selector').fill('items');
  await page.getByLabel('Fields (JSON)').fill('{"title": "name",');
  await page.getByRole('button', { name: 'Create schema' }).click();
  await expect(page.getByText(/fields is not valid JSON/)).toBeVisible();
  await page.getByLabel('Fields (JSON)').fill('{"url": "link"}');
  await page.getByRole('button', { name: 'Create schema' }).click();
  await expect(
    page.getByText('fields.title is required for json schemas and html schemas with an item_selector'),
  ).toBeVisible();
  await page.getByLabel('Fields (JSON)').fill('{"title": "name", "url": "link"}');
  await page.getByLabel('Follow patterns').fill('/items/\\d+$');
  await page.getByRole('button', { name: 'Create schema' }).click();
  await expect(page).toHaveURL(/\/admin\/schemas\/\d+$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByLabel('Fields')).toContainText('"title": "name"');

  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Description').fill('Items of the e2e listing.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/admin\/schemas\/\d+$/);
  await expect(page.getByText('Items of the e2e listing.')).toBeVisible();

  await page.goto('/admin/schemas');
  await expect(table.getByRole('link', { name })).toBeVisible();
  await screenshot(page, 'admin-schemas');
  await table.getByRole('link', { name }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/admin\/schemas$/);
  await expect(table.getByRole('link', { name })).toHaveCount(0);
});

test('the sources catalogue switches a built-in source on and off', async ({ page }) => {
  await signIn(page, 'admin', '/admin/schedules');
  const catalogue = page.getByRole('region', { name: 'Sources' });
  const source = catalogue.getByRole('switch', { name: 'Crawl Reddit: r/AppIdeas' });
  const flip = () =>
    catalogue.locator('label', { has: page.getByRole('switch', { name: 'Crawl Reddit: r/AppIdeas' }) }).click();
  await expect(source).not.toBeChecked();
  await expect(catalogue).toContainText('www.reddit.com');
  // Switched on, the schedule's next run is hours away: nothing is crawled before it is off again.
  await flip();
  await expect(source).toBeChecked();
  const row = page
    .getByRole('region', { name: 'Schedules' })
    .getByRole('switch', { name: 'Active: Reddit: r/AppIdeas' });
  await expect(row).toBeChecked();
  await flip();
  await expect(source).not.toBeChecked();
  await expect(row).not.toBeChecked();
});

test('schedules: switch a seeded one on and off, create (bad cron refused), edit and delete', async ({ page }) => {
  await signIn(page, 'developer', '/admin/schedules');
  const table = page.getByRole('region', { name: 'Schedules' });
  await expect(table.getByRole('link', { name: 'Hacker News: Ask HN' })).toBeVisible();
  await page.getByLabel('Active filter').selectOption('false');
  await expect(page).toHaveURL(/is_active=false/);
  await expect(table.getByRole('link', { name: 'Product Hunt feed' })).toBeVisible();
  await page.getByLabel('Active filter').selectOption('');

  // Product Hunt runs at 00:00 and 12:00 only, so switching it on briefly starts nothing.
  const feedSwitch = table.getByRole('switch', { name: 'Active: Product Hunt feed' });
  const flip = () =>
    table.locator('label', { has: page.getByRole('switch', { name: 'Active: Product Hunt feed' }) }).click();
  await expect(feedSwitch).not.toBeChecked();
  await flip();
  await expect(page.getByText('Product Hunt feed activated')).toBeVisible();
  await page.reload();
  await expect(feedSwitch).toBeChecked();
  await flip();
  await expect(page.getByText('Product Hunt feed deactivated')).toBeVisible();
  await page.reload();
  await expect(feedSwitch).not.toBeChecked();

  await page.getByRole('button', { name: 'New schedule' }).click();
  const name = `E2E nightly ${unique()}`;
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Cron').fill('every night');
  await page.getByLabel('Time zone').fill('UTC');
  await page.getByRole('textbox', { name: /^Start URL/ }).fill(`${e2eState().siteUrl}/`);
  await page.getByRole('button', { name: 'Create schedule' }).click();
  await expect(page.getByText('cron must have five fields: minute hour day-of-month month day-of-week')).toBeVisible();
  await page.getByLabel('Cron').fill('15 3 * * *');
  await expect(page.getByText('At 03:15 (UTC)')).toBeVisible();
  await page.getByRole('button', { name: 'Create schedule' }).click();
  await expect(page).toHaveURL(/\/admin\/schedules$/);
  await expect(table.getByRole('link', { name })).toBeVisible();
  await screenshot(page, 'admin-schedules');

  await table.getByRole('link', { name }).click();
  await expect(page.getByLabel('Cron')).toHaveValue('15 3 * * *');
  await page.getByLabel('Cron').fill('30 4 * * 1');
  await expect(page.getByText('At 04:30, on Monday (UTC)')).toBeVisible();
  await page.getByLabel('Max pages').fill('5');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/admin\/schedules$/);
  await expect(table.getByText('30 4 * * 1')).toBeVisible();
  await table.getByRole('link', { name }).click();
  await expect(page.getByLabel('Max pages')).toHaveValue('5');
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/admin\/schedules$/);
  await expect(table.getByRole('link', { name })).toHaveCount(0);
});

test('settings: a number persists, a key is created, and deleting says so', async ({ page }) => {
  await signIn(page, 'admin', '/admin/settings');
  const table = page.getByRole('region', { name: 'Settings' });
  await expect(table.getByText('backup.retention_count')).toBeVisible();

  await page.getByRole('button', { name: 'Edit backup.retention_count' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit backup.retention_count' });
  await edit.getByLabel('Value').fill('9');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('backup.retention_count set to 9')).toBeVisible();
  await page.reload();
  await page.getByRole('button', { name: 'Edit backup.retention_count' }).click();
  await expect(edit.getByLabel('Value')).toHaveValue('9');
  await edit.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'New setting' }).click();
  const create = page.getByRole('dialog', { name: 'New setting' });
  await create.getByLabel('Key').fill('e2e.custom_key');
  await create.getByLabel('Value (JSON)').fill('1');
  await create.getByRole('button', { name: 'Create setting' }).click();
  await expect(create.getByText(/key must be one of/)).toBeVisible();
  await create.getByLabel('Key').fill('llm.openai_model');
  await create.getByLabel('Value', { exact: true }).fill('gpt-e2e');
  await create.getByRole('button', { name: 'Create setting' }).click();
  await expect(page.getByText('llm.openai_model set to gpt-e2e')).toBeVisible();
  await expect(table.getByText('gpt-e2e')).toBeVisible();
  await screenshot(page, 'admin-settings');

  for (const key of ['llm.openai_model', 'backup.retention_count']) {
    await page
      .getByRole('group', { name: `Actions for ${key}` })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(page.getByText('Setting deleted successfully').first()).toBeVisible();
  }
  await expect(table.getByText('gpt-e2e')).toHaveCount(0);
});

test('avatars: create with an uploaded image, see it, rename and delete', async ({ page }) => {
  await signIn(page, 'developer', '/admin/avatars');
  const name = `Busy clinic owner ${unique()}`;
  await page.getByRole('button', { name: 'New avatar' }).click();
  const dialog = page.getByRole('dialog', { name: 'New avatar' });
  await dialog.locator('#field-profile-file').setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog.getByRole('img', { name: 'Chosen image' })).toBeVisible();
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Occupation').fill('Clinic owner');
  await dialog.getByLabel('Goals').fill('Fewer empty slots\nLess admin');
  await dialog.getByLabel('Pain points').fill('Last-minute cancellations');
  await dialog.getByRole('button', { name: 'Create avatar' }).click();
  await expect(page.getByText(`Avatar ${name} created`)).toBeVisible();

  const table = page.getByRole('region', { name: 'Avatars' });
  const thumb = table.getByRole('img', { name: `Image of ${name}` });
  await expect(thumb).toBeVisible();
  expect(await thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(32);
  await screenshot(page, 'admin-avatars');

  await page
    .getByRole('group', { name: `Actions for ${name}` })
    .getByRole('button', { name: `Edit ${name}` })
    .click();
  const edit = page.getByRole('dialog', { name: `Edit avatar: ${name}` });
  await expect(edit.getByRole('img', { name: `Image of ${name}` })).toBeVisible();
  await expect(edit.getByLabel('Goals')).toHaveValue('Fewer empty slots\nLess admin');
  await page.waitForTimeout(400); // the dialog's opening transition
  await screenshot(page, 'admin-avatar-edit');
  await edit.getByLabel('Name').fill(`${name} (renamed)`);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Avatar ${name} (renamed) saved`)).toBeVisible();
  await expect(table.getByText(`${name} (renamed)`)).toBeVisible();

  await page
    .getByRole('group', { name: `Actions for ${name} (renamed)` })
    .getByRole('button', { name: 'Delete' })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Avatar deleted')).toBeVisible();
  await expect(table.getByText(`${name} (renamed)`)).toHaveCount(0);
});

test('a trial user reads knowledge and schemas without write buttons and is kept out of users and settings', async ({
  page,
}) => {
  const idea = SEEDED_IDEAS[1]!;
  await signIn(page, 'trial', `/admin/knowledge?tag=${SEEDED_TAG}`);
  const knowledge = page.getByRole('region', { name: 'Knowledge' });
  await knowledge.getByRole('link', { name: idea.title, exact: true }).click();
  await expect(page.getByRole('heading', { name: idea.title })).toBeVisible();
  const source = page.getByRole('region', { name: 'Sources' }).getByRole('link').first();
  await expect(source).toHaveAttribute('href', idea.source_url);
  await expect(source).toHaveAttribute('target', '_blank');
  await expect(source).toHaveAttribute('rel', 'noopener noreferrer');
  for (const button of ['Edit', 'Delete', 'Enrich again', 'Visibility'])
    await expect(page.getByRole('button', { name: button, exact: true })).toHaveCount(0);
  await page.goBack();
  await expect(knowledge.getByRole('checkbox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Enrich/ })).toHaveCount(0);

  await page.goto('/admin/schemas');
  await expect(
    page.getByRole('region', { name: 'Schemas' }).getByRole('link', { name: 'Reddit listing' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'New schema' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Reddit listing' }).click();
  await expect(page.getByRole('heading', { name: 'Reddit listing' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);

  // Schedules belong to who created them: the shipped ones are no trial user's.
  await page.goto('/admin/schedules');
  const schedules = page.getByRole('region', { name: 'Schedules' });
  await expect(schedules.getByText('No schedules yet.')).toBeVisible();
  await expect(schedules.getByText('Product Hunt feed')).toHaveCount(0);
  await expect(page.getByRole('switch')).toHaveCount(0);

  await page.goto('/admin/users');
  await expect(page.getByText('Access Restricted')).toBeVisible();
  await page.goto('/admin/settings');
  await expect(page.getByText('Insufficient Permissions')).toBeVisible();
});
