import path from 'node:path';
import { closeAppContext, createAppContext, createLogger } from '../boot';
import { loadConfig, type Config } from '../config';
import type { AppContext } from '../context';
import { createTestDatabase } from './database';

export interface TestContext {
  app: AppContext;
  close(): Promise<void>;
}

/** The test configuration: quiet logs, no caches, a generous login throttle, no portal. */
function testConfig(overrides: Partial<Config> = {}): Config {
  const config: Config = {
    ...loadConfig({ LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent', DATA_DIR: 'data/test' }),
    loginMaxAttemptsPerIp: 1000,
    publicCacheSeconds: 0,
    dashboardCacheSeconds: 0,
    // The API alone unless a test serves a portal build of its own.
    portalDir: 'data/test/no-portal',
    ...overrides,
  };
  // Backups follow a test's own data folder unless the test names a backup folder.
  if (overrides.dataDir && !overrides.backupDir) config.backupDir = path.join(overrides.dataDir, 'backups');
  return config;
}

/** The server layer (database, queue, settings) on a database of its own: one per test file. */
export async function startTestContext(overrides: Partial<Config> = {}): Promise<TestContext> {
  const database = await createTestDatabase();
  const config = testConfig(overrides);
  const app = await createAppContext(config, createLogger(config), database.url);
  return {
    app,
    close: async () => {
      await closeAppContext(app);
      await database.drop();
    },
  };
}
