import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import pg from 'pg';

// Shared pieces of the browser tests: the seeded users, signing in through the real form, and
// screenshots kept as artefacts.

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
/** What the server seeded, per port so two runs on one machine keep apart. */
export const E2E_STATE_FILE = path.resolve(`data/e2e-state-${E2E_PORT}.json`);
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

export interface E2EState {
  users: E2EUsers;
  /** The server's database, for tests that make the server fail a call (never to fake data). */
  databaseUrl: string;
  /** The demo web site the server's workers crawl. */
  siteUrl: string;
  /** Ids of the seeded operator records. */
  seeded: { bigJobId: number; failingJobId: number; bigJobTasks: number; failedTasks: number };
}

export function e2eState(): E2EState {
  return JSON.parse(readFileSync(E2E_STATE_FILE, 'utf8')) as E2EState;
}

export function users(): E2EUsers {
  return e2eState().users;
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

/** An access token for a seeded user, from the real login call (for setting up a test's data). */
export async function apiToken(request: APIRequestContext, who: keyof E2EUsers): Promise<string> {
  const account = users()[who];
  const response = await request.post('/api/v1/auth/login', {
    data: { email: account.email, password: account.password },
  });
  expect(response.ok(), `login of ${who}`).toBe(true);
  return ((await response.json()) as { data: { tokens: { access_token: string } } }).data.tokens.access_token;
}

/** One API call as a seeded user; returns the envelope's data. */
export async function apiAs<T = unknown>(
  request: APIRequestContext,
  who: keyof E2EUsers,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<T> {
  const token = await apiToken(request, who);
  const response = await request.fetch(`/api/v1${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    ...(data === undefined ? {} : { data }),
  });
  const body = (await response.json()) as { data: T; error?: { message: string } };
  expect(response.ok(), `${method} ${path}: ${body.error?.message ?? ''}`).toBe(true);
  return body.data;
}

/** Runs SQL on the e2e server's database: only to make the server fail or stall a call. */
export async function withServerDatabase<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: e2eState().databaseUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Presses Escape from inside a popover or dialog. Blueprint moves focus into the overlay's portal a
 * frame after it shows, and Escape acts from there: pressed before, it reaches the page and the
 * overlay stays open (CI failed on that twice, once for a menu and once for a dialog).
 */
export async function pressEscapeIn(page: Page, overlay: Locator) {
  await expect
    .poll(() => overlay.evaluate((el) => el.closest('.bp6-portal')?.contains(document.activeElement) ?? false))
    .toBe(true);
  await page.keyboard.press('Escape');
}
