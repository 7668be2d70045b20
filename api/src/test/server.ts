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

/** The real app on a free loopback port for a context a test already has (responses checked against the contract). */
export async function serveOnLoopback(app: AppContext): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createApp(app, { checkResponses: true }).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The real app on a loopback port with its own database: one per test file. */
export async function startTestServer(overrides: Partial<Config> = {}): Promise<TestServer> {
  const context = await startTestContext(overrides);
  const http = await serveOnLoopback(context.app);
  return {
    url: http.url,
    app: context.app,
    close: async () => {
      await http.close();
      await context.close();
    },
  };
}
