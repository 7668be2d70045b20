import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, statfs, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildKnowledge, signedInUser } from '@ideamine/server/test/factories';
import { client } from '../test/http';
import { startTestServer, type TestServer } from '../test/server';

// Fault: the backup folder cannot take the backup. Three ways: the folder cannot exist (its
// parent is a regular file: as root, chmod stops nothing, so this is the honest "unwritable");
// the disk fills up half-way through the file (a 128 KB tmpfs, while the backup needs about
// 450 KB; skipped where mounting is not allowed); and a file size limit on the process
// (prlimit --fsize on a child process running the same backup command: EFBIG, which works
// without root). POST /admin/backups must answer with a clear server-side error in the envelope
// (503 for a folder that cannot be used, 507 for no room), list no backup, and leave no partial
// file behind.

let server: TestServer;
let http: ReturnType<typeof client>;
let token: string;
let dir: string;
let tmpfs: string | null = null;

/** Mounts a small tmpfs when this machine allows it (root with CAP_SYS_ADMIN); null otherwise. */
function mountTmpfs(at: string, size: string): string | null {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', at], { stdio: 'pipe' });
    return at;
  } catch {
    return null;
  }
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ideamine-backup-faults-'));
  server = await startTestServer({ backupDir: path.join(dir, 'backups') });
  http = client(server.url);
  token = (await signedInUser(server.app, { role: 'admin' })).token;
  // About 600 KB of incompressible text, so the gzip file cannot fit in the small disk.
  for (let i = 0; i < 20; i++)
    await buildKnowledge(server.app, { title: `Bulky idea ${i}`, body: randomBytes(22_000).toString('base64') });
  await mkdir(path.join(dir, 'small'));
  tmpfs = mountTmpfs(path.join(dir, 'small'), '128k');
});

afterAll(async () => {
  await server?.close();
  if (tmpfs) execFileSync('umount', [tmpfs]);
  if (dir) await rm(dir, { recursive: true, force: true });
});

const listed = async () => (await http.get('/api/v1/admin/backups', { token })).body.data as unknown[];

/** Runs one backup into `backupDir` (the running server's setting, restored afterwards). */
async function backupInto(backupDir: string) {
  const original = server.app.config.backupDir;
  server.app.config.backupDir = backupDir;
  try {
    const started = Date.now();
    const res = await http.post('/api/v1/admin/backups', {}, { token });
    return { res, ms: Date.now() - started };
  } finally {
    server.app.config.backupDir = original;
  }
}

describe('a backup folder that cannot take the backup', () => {
  it('unwritable (the folder cannot be created): 503 with a clear message, nothing listed', async () => {
    const blocker = path.join(dir, 'a-file');
    await writeFile(blocker, 'not a folder');
    const before = (await listed()).length;
    const { res } = await backupInto(path.join(blocker, 'backups'));
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ status: 'error', data: null, error: { code: 'SERVICE_UNAVAILABLE' } });
    expect(res.body.error.message).toMatch(/backup folder cannot be created.*ENOTDIR/);
    expect(await listed()).toHaveLength(before);
  });

  it('disk full half-way through the file: 507 with a clear message, nothing listed, no partial file', async (ctx) => {
    if (!tmpfs) return ctx.skip('mounting a tmpfs is not allowed here');
    const before = (await listed()).length;
    const { res, ms } = await backupInto(tmpfs);
    console.warn(`disk full: answered ${res.status} in ${ms} ms: ${res.body?.error?.message}`);
    expect(res.status).toBe(507);
    expect(res.body).toMatchObject({ status: 'error', data: null, error: { code: 'INSUFFICIENT_STORAGE' } });
    expect(res.body.error.message).toMatch(/no room for the backup.*ENOSPC/);
    expect(await listed()).toHaveLength(before);
    // No partial file left, and the space it took is free again.
    expect(await readdir(tmpfs)).toEqual([]);
    const fs = await statfs(tmpfs);
    expect(fs.bfree).toBe(fs.blocks);

    // Once there is room again (the normal folder), the next backup works and is the only one listed.
    const ok = await http.post('/api/v1/admin/backups', {}, { token });
    expect(ok.status).toBe(201);
    expect(await listed()).toHaveLength(before + 1);
  });

  it('file size limit reached (EFBIG): the backup command fails as "full", nothing listed, no partial file', async () => {
    const folder = path.join(dir, 'limited');
    const before = (await listed()).length;
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'shared/server/src/test/backup-child.ts', server.app.databaseUrl, folder],
      { cwd: path.resolve(__dirname, '../../..'), stdio: ['pipe', 'pipe', 'inherit'] },
    );
    const lines: string[] = [];
    child.stdout.on('data', (c: Buffer) => lines.push(...c.toString().split('\n').filter(Boolean)));
    const exit = once(child, 'exit');
    await waitFor(() => lines.includes('ready'), 30_000, 'the backup process to load');
    // 64 KB per file for this process only, set once it has loaded (its module cache is written by then).
    execFileSync('prlimit', ['--pid', String(child.pid), '--fsize=65536:65536']);
    child.stdin.end('go\n');
    await exit;
    const outcome = JSON.parse(lines.at(-1)!);
    console.warn(`file size limit: ${JSON.stringify(outcome)}`);
    expect(outcome).toMatchObject({ ok: false, status: 507, code: 'INSUFFICIENT_STORAGE' });
    expect(outcome.message).toMatch(/no room for the backup.*EFBIG/);
    expect(await readdir(folder)).toEqual([]);
    expect(await listed()).toHaveLength(before);
  });
});

async function waitFor(holds: () => boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!holds()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
