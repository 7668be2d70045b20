import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from './e2e/chromium';

// Browser tests: Debian's Chromium against the real server (portal/e2e/serve.ts) on loopback.
const port = Number(process.env.E2E_PORT ?? 3210);

export default defineConfig({
  testDir: './e2e',
  // The first run needs a fresh install: playwright.first-run.config.ts runs it on its own server.
  testIgnore: 'first-run.spec.ts',
  // Per port: Playwright empties its output folder at start, and two runs may share a machine.
  outputDir: port === 3210 ? '../test-results/playwright' : `../test-results/playwright-${port}`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: { executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS },
    viewport: { width: 1280, height: 800 },
  },
  webServer: {
    command: 'npx tsx build/ensure-portal.ts && npx tsx portal/e2e/serve.ts',
    cwd: '..',
    url: `http://127.0.0.1:${port}/readyz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
  },
});
