import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { postgresUserIfRoot } from '../db/embedded-postgres';
import { freePort } from '../net/free-port';
import { waitForPostgres } from './wait-for-postgres';

// A primary PostgreSQL and a streaming replica of it made with `pg_basebackup -R`, both private
// to a test, for reads that go to a replica (DATABASE_READ_URL). Uses the machine's PostgreSQL
// binaries (Debian's /usr/lib/postgresql/<version>/bin: the embedded package has no
// pg_basebackup). Both run as the postgres user when we are root, as PostgreSQL requires.

export interface PrimaryWithReplica {
  primaryUrl: string;
  replicaUrl: string;
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
  const start = async (dataDir: string, port: number) => {
    const child = spawn(
      path.join(bin, 'postgres'),
      ['-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${dir}`],
      { ...runAs, stdio: 'ignore' },
    );
    children.push(child);
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    await waitForPostgres(url);
    return url;
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
  const primaryPort = await freePort();
  const primaryUrl = await start(primaryDir, primaryPort);
  run('pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(primaryPort),
    '-U',
    'postgres',
    '-D',
    replicaDir,
    '-R',
    '-X',
    'stream',
  ]);
  const replicaUrl = await start(replicaDir, await freePort());

  return {
    primaryUrl,
    replicaUrl,
    stop: async () => {
      await Promise.all(
        children.map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null) return resolve();
              child.once('exit', () => resolve());
              child.kill('SIGINT');
            }),
        ),
      );
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
