import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '@ideamine/server/net/free-port';
import { waitUntil } from '@ideamine/worker/test/pipeline-harness';

// The real `npm start` path, as a new user runs it: no DATABASE_URL, so it boots the embedded
// PostgreSQL, migrates, creates the first admin, serves /readyz, and stops cleanly on SIGTERM.

const root = path.resolve(__dirname, '../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ideamine-start-'));
fs.chmodSync(dataDir, 0o755);
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('npm start', () => {
  it('answers /readyz with the embedded database and stops cleanly', { timeout: 90_000 }, async () => {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info' };
    delete env.DATABASE_URL;
    delete env.ADMIN_EMAIL;
    delete env.ADMIN_PASSWORD;
    const child = spawn('npm', ['start'], { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

    try {
      const ready = await waitUntil(
        async () => {
          const res = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined);
          return res?.ok ? ((await res.json()) as { status: string }) : undefined;
        },
        60_000,
        '/readyz',
      );
      expect(ready.status).toBe('ready');
      expect(output).toContain('created the first admin account');
      expect(fs.readFileSync(path.join(dataDir, 'first-admin-password.txt'), 'utf8').trim()).toMatch(/^[\w-]{16}$/);
      expect(output).not.toContain(fs.readFileSync(path.join(dataDir, 'first-admin-password.txt'), 'utf8').trim());
      expect(fs.existsSync(path.join(dataDir, 'pg', 'PG_VERSION'))).toBe(true);
      // The server runs as one Node process (node --import tsx), not under tsx's command line:
      // that one SIGKILLs its child when the child does not answer a stop signal within 30 ms,
      // which a busy start-up misses, and the embedded database was left running.
      const group = execFileSync('ps', ['-eo', 'pgid=,args='], { encoding: 'utf8' })
        .split('\n')
        .filter((line) => line.trim().split(/\s+/)[0] === String(child.pid))
        .join('\n');
      expect(group).toContain('build/start/src/start.ts');
      expect(group).not.toMatch(/\.bin\/tsx |tsx\/dist\/(cli|preflight)/);
    } finally {
      process.kill(-child.pid!, 'SIGTERM');
    }
    await exited;
    // Under a loaded CI machine the whole stop took over 10 s; the log goes with a failure, so
    // what the process did last is in the report.
    await waitUntil(
      async () => !fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid')),
      30_000,
      'the embedded PostgreSQL to stop',
    ).catch((err: Error) => {
      throw new Error(`${err.message}\n${output.slice(-3000)}`);
    });
    expect(output).toContain('"msg":"stopped"');
  });
});
