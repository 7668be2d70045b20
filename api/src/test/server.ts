import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Config } from '@ideamine/server/config';
import type { AppContext } from '@ideamine/server/context';
import { startTestContext } from '@ideamine/server/test/context';
import { createApp } from '../app';

export interface TestServer {
  url: string;
  app: AppContext;
  close(): Promise<void>;
}

/** The real app on a loopback port with its own database: one per test file. */
export async function startTestServer(overrides: Partial<Config> = {}): Promise<TestServer> {
  const context = await startTestContext(overrides);
  const server: Server = createApp(context.app, { checkResponses: true }).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    app: context.app,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await context.close();
    },
  };
}
