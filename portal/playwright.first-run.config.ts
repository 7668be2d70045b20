import { defineConfig } from '@playwright/test';
import base from './playwright.config';

// The first run: the same server on a fresh install (users only, nothing crawled), on its own
// port, for first-run.spec.ts. The main run's seeded server never shows these states.
const port = Number(process.env.E2E_FIRST_RUN_PORT ?? 3220);
// The fixtures find the server's users by this port (the test workers inherit it).
process.env.E2E_PORT = String(port);

export default defineConfig({
  ...base,
  testMatch: 'first-run.spec.ts',
  testIgnore: [],
  outputDir: `../test-results/playwright-${port}`,
  timeout: 120_000,
  use: { ...base.use, baseURL: `http://127.0.0.1:${port}` },
  webServer: {
    ...(base.webServer as object),
    command: `npx tsx build/ensure-portal.ts && E2E_PORT=${port} E2E_FIRST_RUN=1 npx tsx portal/e2e/serve.ts`,
    url: `http://127.0.0.1:${port}/readyz`,
  },
});
