import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '@ideamine/api/app';
import type { SiteOptions } from '@ideamine/server/demo/site';
import { startPipeline, type PipelineHarness } from '@ideamine/worker/test/pipeline-harness';

// The assembled product for tests that go through both halves: the pipeline harness (database,
// workers, demo site) plus the API on the same database, on a loopback port.

export interface ProductHarness extends PipelineHarness {
  /** The API's base URL. */
  url: string;
}

export async function startProduct(siteOptions: SiteOptions = {}): Promise<ProductHarness> {
  const pipeline = await startPipeline(siteOptions);
  const server: Server = createApp(pipeline.context.app, { checkResponses: true }).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ...pipeline,
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await pipeline.close();
    },
  };
}
