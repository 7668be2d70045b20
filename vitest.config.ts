import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// One run for every package. The global setup provides a migrated template database that each
// test file clones, so files run in parallel without sharing state.
export default defineConfig({
  resolve: {
    // As tsconfig.base.json's paths: the desktop console imports portal modules by path.
    alias: [
      { find: /^@ideamine\/portal\/(.*)$/, replacement: `${fileURLToPath(new URL('portal/src', import.meta.url))}/$1` },
    ],
  },
  test: {
    include: ['{shared,shared/server,api,worker,portal,desktop,build/start}/src/**/*.test.ts'],
    globalSetup: ['shared/server/src/test/global-setup.ts'],
    reporters: ['default', './build/plain-summary-reporter.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
