import { serveOnLoopback } from '@ideamine/api/test/server';
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
  const http = await serveOnLoopback(pipeline.context.app);
  return {
    ...pipeline,
    url: http.url,
    close: async () => {
      await http.close();
      await pipeline.close();
    },
  };
}
