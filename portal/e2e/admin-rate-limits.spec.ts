import { expect, screenshot, signIn, test } from './fixtures';

// Rate limits from the screens: list, a refused form naming its field, create, edit, delete.

test('a developer creates, edits and deletes a rate limit; a bad value is refused at its field', async ({ page }) => {
  await signIn(page, 'developer', '/admin/rate-limits');
  const table = page.getByRole('region', { name: 'Rate limits' });
  await expect(table.getByText('127.0.0.1', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'New rate limit' }).click();
  await page.getByLabel('Domain pattern').fill('*.ratelimit-e2e.test');
  await page.getByLabel('Requests per minute').fill('0');
  await page.getByRole('button', { name: 'Create rate limit' }).click();
  await expect(page.getByText('requests_per_minute must be 1 to 100000')).toBeVisible();
  await page.getByLabel('Requests per minute').fill('90');
  await page.getByRole('button', { name: 'Create rate limit' }).click();
  await expect(page).toHaveURL(/\/admin\/rate-limits$/);
  await expect(table.getByText('*.ratelimit-e2e.test')).toBeVisible();
  await screenshot(page, 'admin-rate-limits');

  await table.getByRole('link', { name: '*.ratelimit-e2e.test' }).click();
  await expect(page.getByLabel('Requests per minute')).toHaveValue('90');
  await page.getByLabel('Burst').fill('5');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/admin\/rate-limits$/);
  await table.getByRole('link', { name: '*.ratelimit-e2e.test' }).click();
  await expect(page.getByLabel('Burst')).toHaveValue('5');
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/admin\/rate-limits$/);
  await expect(table.getByText('*.ratelimit-e2e.test')).toHaveCount(0);
});
