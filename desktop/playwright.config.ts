import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../portal/e2e/chromium';

// The desktop console's renderer in Debian's Chromium: built by electron-vite (npm run -w
// desktop build), served with a loopback bridge to the real IPC handlers (desktop/e2e). Each
// test file starts its own API server and cache.

export default defineConfig({
  testDir: './e2e',
  outputDir: '../test-results/desktop',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: [['list']],
  use: {
    launchOptions: { executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS },
    viewport: { width: 1440, height: 900 },
  },
});
