import { constants, setPriority } from 'node:os';
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

// Pipeline work yields the CPU to the API's thread: on Linux a thread has its own nice value, and
// 0 names the calling thread, so only this thread runs below normal priority. Where the system
// refuses, it runs at normal priority.
try {
  setPriority(0, constants.priority.PRIORITY_BELOW_NORMAL);
} catch (err) {
  log.warn({ err }, 'the worker thread could not lower its CPU priority');
}

// The stop message is heard from the first moment: one that comes while the workers are still
// starting (a signal right after the API began listening) stops them as soon as they are up,
// instead of being lost and leaving the parent to wait out its timeout.
const starting = startWorkerService(config, log, databaseUrl);
const finish = () => {
  tell({ type: 'stopped' });
  port.close();
};
port.on('message', (message: { type: string }) => {
  if (message.type !== 'stop') return;
  starting.then(
    (service) =>
      service
        .stop()
        .catch((err: unknown) => log.error({ err }, 'workers did not stop cleanly'))
        .finally(finish),
    finish,
  );
});
starting.then(
  (service) => tell({ type: 'ready', workerId: service.workers.id }),
  (err: Error) => {
    tell({ type: 'failed', message: err.message });
    port.close();
  },
);
