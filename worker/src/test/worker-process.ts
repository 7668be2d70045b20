import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

// Real worker processes (`npm run start:worker`'s entry) for tests that kill and restart them.
// DEBUG_WORKERS=1 shows their logs.

const root = path.resolve(__dirname, '../../..');

export const running = (c: ChildProcess) => c.exitCode === null && c.signalCode === null;

/** Resolves once the process has exited (at once if it already has). */
export const exited = (c: ChildProcess) =>
  new Promise<void>((resolve) => (running(c) ? c.once('exit', () => resolve()) : resolve()));

/** The last few kilobytes a worker wrote (its warnings, or why it failed to start or stopped early). */
export function stderrTail(c: ChildProcess): string {
  return tails.get(c) ?? '';
}
const tails = new WeakMap<ChildProcess, string>();

export interface WorkerProcesses {
  /** Starts one worker process against the database; env adds to or overrides the defaults. */
  start(extraEnv?: Record<string, string>): ChildProcess;
  /** Stops every process started so far that still runs (SIGTERM, waiting for each to exit). */
  stopAll(): Promise<void>;
}

export function workerProcesses(databaseUrl: () => string): WorkerProcesses {
  const children: ChildProcess[] = [];
  return {
    start(extraEnv = {}) {
      const debug = Boolean(process.env.DEBUG_WORKERS);
      const child = spawn(process.execPath, ['--import', 'tsx', 'worker/src/main.ts'], {
        cwd: root,
        env: {
          ...process.env,
          DATABASE_URL: databaseUrl(),
          CRAWL_ALLOW_PRIVATE: '127.0.0.1',
          WORKER_HEARTBEAT_SECONDS: '1',
          LOG_LEVEL: debug ? 'info' : 'warn',
          ...extraEnv,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      // Logs (pino, on stdout) and errors: shown with DEBUG_WORKERS, else kept for a failure message.
      const keep = (out: NodeJS.WriteStream) => (c: Buffer) => {
        if (debug) out.write(c);
        tails.set(child, ((tails.get(child) ?? '') + c.toString()).slice(-4000));
      };
      child.stdout?.on('data', keep(process.stdout));
      child.stderr?.on('data', keep(process.stderr));
      children.push(child);
      return child;
    },
    async stopAll() {
      for (const c of children.splice(0)) {
        if (running(c)) {
          c.kill('SIGTERM');
          await exited(c);
        }
      }
    },
  };
}
