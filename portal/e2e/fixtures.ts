import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';

// Shared pieces of the browser tests: the seeded users, signing in through the real form, and
// screenshots kept as artefacts.

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_USERS_FILE = path.resolve('data/e2e-users.json');
export const SCREENSHOT_DIR = path.resolve('test-results/screens');

interface Account {
  id: number;
  email: string;
  password: string;
}
export interface E2EUsers {
  guest: Account;
  trial: Account;
  trialEnding: Account;
  trialExpired: Account;
  developer: Account;
  admin: Account;
}

export function users(): E2EUsers {
  return JSON.parse(readFileSync(E2E_USERS_FILE, 'utf8')) as E2EUsers;
}

export async function signIn(page: Page, who: keyof E2EUsers, redirect = '/dashboard') {
  const account = users()[who];
  await page.goto(`/login?redirect=${encodeURIComponent(redirect)}`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

/** Every test starts with consent given, so the cookie banner does not cover the page. */
export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.addInitScript(() => {
        if (!localStorage.getItem('ideamine.analyticsPreferences'))
          localStorage.setItem(
            'ideamine.analyticsPreferences',
            JSON.stringify({
              analytics_enabled: false,
              performance_tracking: false,
              personalization: false,
              advertising: false,
              consent_date: new Date().toISOString(),
              consent_version: '1.0',
            }),
          );
      });
      await use(errors);
      expect(errors, 'uncaught errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
