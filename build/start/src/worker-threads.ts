import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import type { WorkerThreadData, WorkerThreadMessage } from '@ideamine/worker/thread';

// Runs the pipeline workers on worker threads of this process. Each thread has its own event
// loop, database pool and queue connection, so CPU-heavy work there (a transform of a large
// page, model scoring, a pattern match) never delays a request on the API's thread.

const THREAD_ENTRY = import.meta.resolve('@ideamine/worker/thread');
/** A thread that dies on its own is started again after this pause, doubling up to a minute. */
const RESTART_DELAY_MS = 1000;
const MAX_RESTART_DELAY_MS = 60_000;
/** How long a stopping thread may take to finish the messages it holds. */
const STOP_TIMEOUT_MS = 15_000;

export interface WorkerThreads {
  /** Resolves once every thread has started its workers; rejects when one cannot start. */
  ready: Promise<void>;
  stop(): Promise<void>;
}

/**
 * Under tsx the thread must load the TypeScript loader itself (worker threads do not inherit
 * module hooks), so the thread starts from a tiny module that registers tsx, then imports the
 * entry. A compiled entry (.js) starts directly.
 */
function threadSource(): URL {
  if (!THREAD_ENTRY.endsWith('.ts')) return new URL(THREAD_ENTRY);
  const tsx = import.meta.resolve('tsx/esm/api');
  const code = `import { register } from ${JSON.stringify(tsx)}; register(); await import(${JSON.stringify(THREAD_ENTRY)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(code)}`);
}

export function startWorkerThreads(opts: { count: number; databaseUrl: string; log: Logger }): WorkerThreads {
  const { log } = opts;
  const threads = new Map<number, Worker>();
  let stopping = false;

  const startThread = (threadIndex: number, restartDelay: number): Promise<void> =>
    new Promise((resolve, reject) => {
      const data: WorkerThreadData = { databaseUrl: opts.databaseUrl, threadIndex };
      const worker = new Worker(threadSource(), { workerData: data, name: `ideamine-worker-${threadIndex}` });
      threads.set(threadIndex, worker);
      let started = false;
      worker.on('message', (message: WorkerThreadMessage) => {
        if (message.type === 'ready') {
          started = true;
          log.info({ thread: threadIndex, workerId: message.workerId }, 'worker thread started');
          resolve();
        } else if (message.type === 'failed') {
          reject(new Error(`worker thread ${threadIndex} could not start: ${message.message}`));
        }
      });
      worker.on('error', (err) => {
        log.error({ err, thread: threadIndex }, 'worker thread failed');
        if (!started) reject(err);
      });
      worker.on('exit', (code) => {
        if (threads.get(threadIndex) === worker) threads.delete(threadIndex);
        if (stopping || !started) return;
        // It had been working: start a fresh one, backing off if it keeps dying.
        log.warn({ thread: threadIndex, code, restartInMs: restartDelay }, 'worker thread ended; starting it again');
        setTimeout(() => {
          if (stopping) return;
          startThread(threadIndex, Math.min(restartDelay * 2, MAX_RESTART_DELAY_MS)).catch((err: unknown) =>
            log.error({ err, thread: threadIndex }, 'worker thread did not start again'),
          );
        }, restartDelay).unref();
      });
    });

  const stopThread = (worker: Worker): Promise<void> =>
    new Promise((resolve) => {
      const timer = setTimeout(() => {
        log.warn({ threadId: worker.threadId }, 'worker thread did not stop in time; ending it');
        void worker.terminate();
      }, STOP_TIMEOUT_MS);
      worker.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      worker.on('message', (message: WorkerThreadMessage) => {
        // Its workers and connections are closed: nothing left to wait for.
        if (message.type === 'stopped') void worker.terminate();
      });
      worker.postMessage({ type: 'stop' });
    });

  const ready = Promise.all(Array.from({ length: opts.count }, (_, i) => startThread(i, RESTART_DELAY_MS))).then(
    () => undefined,
  );
  return {
    ready,
    stop: async () => {
      stopping = true;
      await Promise.all([...threads.values()].map(stopThread));
    },
  };
}
