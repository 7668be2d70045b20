import { parentPort, workerData } from 'node:worker_threads';
import { createLogger } from '@ideamine/server/boot';
import { loadConfig } from '@ideamine/server/config';
import { startWorkerService } from './service';

// Worker-thread entry for `npm start`: the pipeline workers on a thread of their own, so a slow
// transform, model scoring or pattern match never holds up the API's event loop. The parent
// passes the database URL (it may have started the embedded server) and says when to stop.

export interface WorkerThreadData {
  databaseUrl: string;
  threadIndex: number;
}

export type WorkerThreadMessage =
  { type: 'ready'; workerId: string } | { type: 'failed'; message: string } | { type: 'stopped' };

const port = parentPort;
if (!port) throw new Error('worker/src/thread.ts runs only as a worker thread; use worker/src/main.ts as a process');
const { databaseUrl, threadIndex } = workerData as WorkerThreadData;
const config = loadConfig();
const log = createLogger(config).child({ role: 'worker', thread: threadIndex });
const tell = (message: WorkerThreadMessage) => port.postMessage(message);

startWorkerService(config, log, databaseUrl).then(
  (service) => {
    tell({ type: 'ready', workerId: service.workers.id });
    port.on('message', (message: { type: string }) => {
      if (message.type !== 'stop') return;
      service
        .stop()
        .catch((err: unknown) => log.error({ err }, 'workers did not stop cleanly'))
        .finally(() => {
          tell({ type: 'stopped' });
          port.close();
        });
    });
  },
  (err: Error) => {
    tell({ type: 'failed', message: err.message });
    port.close();
  },
);
