import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createApp } from '../app';
import { closeAppContext, createAppContext, createLogger } from '../boot';
import { loadConfig, type Config } from '../config';
import type { AppContext } from '../context';
import { createTestDatabase } from './database';

export interface TestServer {
  url: string;
  app: AppContext;
  close(): Promise<void>;
}

/** The real app on a loopback port with its own database: one per test file. */
export async function startTestServer(overrides: Partial<Config> = {}): Promise<TestServer> {
  const database = await createTestDatabase();
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
  const log = createLogger(config);
  const app = await createAppContext(config, log, database.url);
  const server: Server = createApp(app, { checkResponses: true }).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await closeAppContext(app);
      await database.drop();
    },
  };
}
