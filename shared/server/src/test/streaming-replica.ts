import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { postgresUserIfRoot } from '../db/embedded-postgres';
import { freePort } from '../net/free-port';
import { waitForPostgres } from './wait-for-postgres';
import { waitUntil } from './wait';

// A primary PostgreSQL and a streaming replica of it made with `pg_basebackup -R`, both private
// to a test, for reads that go to a replica (DATABASE_READ_URL). Uses the machine's PostgreSQL
// binaries (Debian's /usr/lib/postgresql/<version>/bin: the embedded package has no
// pg_basebackup). Both run as the postgres user when we are root, as PostgreSQL requires.

export interface PrimaryWithReplica {
  primaryUrl: string;
  replicaUrl: string;
  /** Resolves once the replica has replayed all the primary has written so far (fails after `timeoutMs`, saying why). */
  caughtUp(timeoutMs?: number): Promise<void>;
  /** Both servers' WAL positions, what the replica's replay waits on, and its log's last lines. */
  describe(): Promise<string>;
  stop(): Promise<void>;
}

const NEEDED = ['initdb', 'postgres', 'pg_basebackup'];

/** The newest folder of PostgreSQL binaries with everything a replica needs, or null. */
export function replicaBinaries(): string | null {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((v) => NEEDED.every((b) => fs.existsSync(path.join(root, v, 'bin', b))))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(root, versions[0]!, 'bin') : null;
}

export async function startPrimaryWithReplica(bin: string): Promise<PrimaryWithReplica> {
  const runAs = postgresUserIfRoot(() => undefined);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ideamine-replica-'));
  if (runAs.uid !== undefined) fs.chownSync(dir, runAs.uid, runAs.gid!);
  const primaryDir = path.join(dir, 'primary');
  const replicaDir = path.join(dir, 'replica');
  const run = (tool: string, args: string[]) => {
    const r = spawnSync(path.join(bin, tool), args, { ...runAs, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${tool} failed: ${r.stderr || r.stdout}`);
  };
  const children: ChildProcess[] = [];
  const start = async (dataDir: string, name: string) => {
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      const log = path.join(dir, `${name}.log`);
      const out = fs.openSync(log, 'a');
      const child = spawn(
        path.join(bin, 'postgres'),
        ['-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${dir}`],
        { ...runAs, stdio: ['ignore', out, out] },
      );
      fs.closeSync(out);
      const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
      // Another test's server may take the port between freePort and this one binding it: then
      // this one exits and the other answers. Only our own data directory counts as started.
      const reached = await Promise.race([
        waitForPostgres(url).then(() => dataDirectoryAt(url)),
        new Promise<null>((resolve) => child.once('exit', () => resolve(null))),
      ]);
      if (reached === dataDir && child.exitCode === null) {
        children.push(child);
        return url;
      }
      await stopChild(child);
      if (attempt === 3) throw new Error(`${name} PostgreSQL did not start: ${tail(log)}`);
    }
  };

  run('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C']);
  fs.appendFileSync(
    path.join(primaryDir, 'postgresql.conf'),
    '\nwal_level = replica\nmax_wal_senders = 4\nhot_standby = on\nfsync = off\nsynchronous_commit = off\n',
  );
  fs.writeFileSync(
    path.join(primaryDir, 'pg_hba.conf'),
    'local all all trust\nlocal replication all trust\nhost all all 127.0.0.1/32 trust\nhost replication all 127.0.0.1/32 trust\n',
  );
  const primaryUrl = await start(primaryDir, 'primary');
  const primaryPort = new URL(primaryUrl).port;
  run('pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    primaryPort,
    '-U',
    'postgres',
    '-D',
    replicaDir,
    '-R',
    '-X',
    'stream',
  ]);
  const replicaUrl = await start(replicaDir, 'replica');

  const describe = () => describeReplication(primaryUrl, replicaUrl, path.join(dir, 'replica.log'));
  return {
    primaryUrl,
    replicaUrl,
    describe,
    caughtUp: async (timeoutMs = 60_000) => {
      const { lsn } = await queryOne<{ lsn: string }>(primaryUrl, 'SELECT pg_current_wal_insert_lsn()::text AS lsn');
      const replayed = async () =>
        (await queryOne<{ done: boolean }>(replicaUrl, 'SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS done', [lsn]))
          .done;
      await waitUntil(replayed, timeoutMs, `the replica to replay up to ${lsn}`).catch(async (err: Error) => {
        throw new Error(`${err.message}\n${await describe()}`);
      });
    },
    stop: async () => {
      await Promise.all(children.map(stopChild));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGINT');
  });
}

async function dataDirectoryAt(url: string): Promise<string> {
  return (await queryOne<{ data_directory: string }>(url, 'SHOW data_directory')).data_directory;
}

async function queryOne<T>(url: string, text: string, values: unknown[] = []): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows[0] as T;
  } finally {
    await client.end();
  }
}

/** The last lines of a server's log. */
function tail(file: string, lines = 15): string {
  try {
    return fs.readFileSync(file, 'utf8').trim().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/** How far the replica is behind and what its replay waits on, for a test that timed out waiting for it. */
async function describeReplication(primaryUrl: string, replicaUrl: string, replicaLog: string): Promise<string> {
  const read = (url: string, text: string) =>
    queryOne<Record<string, unknown>>(url, text).catch((err: unknown) => ({ error: String(err) }));
  const primary = await read(
    primaryUrl,
    `SELECT pg_current_wal_insert_lsn() AS insert_lsn,
       (SELECT json_agg(json_build_object('state', state, 'replay_lsn', replay_lsn)) FROM pg_stat_replication) AS senders`,
  );
  const replica = await read(
    replicaUrl,
    `SELECT pg_is_in_recovery() AS in_recovery, pg_last_wal_receive_lsn() AS receive_lsn,
       pg_last_wal_replay_lsn() AS replay_lsn, pg_is_wal_replay_paused() AS paused,
       (SELECT wait_event_type || ':' || wait_event FROM pg_stat_activity WHERE backend_type = 'startup') AS startup_waits_on,
       (SELECT status FROM pg_stat_wal_receiver) AS receiver`,
  );
  return JSON.stringify({ primary, replica }) + '\nreplica log:\n' + tail(replicaLog);
}
