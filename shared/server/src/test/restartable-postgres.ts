import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { postgresUserIfRoot, startEmbeddedPostgres, usableBinaries } from '../db/embedded-postgres';
import { waitForPostgres } from './wait-for-postgres';

// A private PostgreSQL that a test may stop and start again on the same port (fault tests: the
// database going away under load). The first start is the embedded server's (initdb, password);
// later starts run the same binaries on the same data folder and port, as the postgres user
// when we are root.

export interface RestartablePostgres {
  /** Admin URL (database postgres). */
  url: string;
  port: number;
  /**
   * Stops the server and resolves once it has exited: `fast` (SIGINT) ends the sessions and
   * writes a checkpoint; `immediate` (SIGQUIT) quits at once, as a crash would, and the next
   * start runs crash recovery from the WAL.
   */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Starts it again on the same port; resolves once it accepts connections. */
  start(): Promise<void>;
}

export async function startRestartablePostgres(dataDir: string): Promise<RestartablePostgres> {
  const embedded = await startEmbeddedPostgres({ dataDir });
  const url = embedded.url;
  const port = Number(new URL(url).port);
  const runAs = postgresUserIfRoot(() => undefined);
  const bin = await usableBinaries(runAs, () => undefined, path.resolve(dataDir));
  const pgData = path.join(path.resolve(dataDir), 'pg');
  let running = true;

  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };

  const waitForConnections = () => waitForPostgres(url);

  return {
    url,
    port,
    async stop(mode = 'fast') {
      if (!running) return;
      running = false;
      // The postmaster's pid, whichever process started it (the embedded module or start()).
      const pid = Number(readFileSync(path.join(pgData, 'postmaster.pid'), 'utf8').split('\n')[0]);
      process.kill(pid, mode === 'fast' ? 'SIGINT' : 'SIGQUIT');
      const deadline = Date.now() + 30_000;
      while (alive(pid)) {
        if (Date.now() > deadline) throw new Error(`PostgreSQL (pid ${pid}) did not stop`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async start() {
      if (running) return;
      spawn(
        bin.postgres,
        ['-D', pgData, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
        { ...runAs, stdio: ['ignore', 'ignore', 'ignore'] },
      ).unref();
      running = true;
      await waitForConnections();
    },
  };
}
