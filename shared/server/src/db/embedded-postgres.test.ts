import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { assertReachable, postgresUserIfRoot, startEmbeddedPostgres, usableBinaries } from './embedded-postgres';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ideamine-embedded-'));
fs.chmodSync(dataDir, 0o755);
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function query(url: string, text: string) {
  const c = new pg.Client(url);
  await c.connect();
  try {
    return (await c.query(text)).rows;
  } finally {
    await c.end();
  }
}

describe('embedded PostgreSQL', () => {
  it('initialises once, keeps data across restarts and recovers from a stale postmaster.pid', async () => {
    const first = await startEmbeddedPostgres({ dataDir });
    await query(first.url, 'CREATE TABLE kept (v int); INSERT INTO kept VALUES (42)');
    const versionFile = path.join(dataDir, 'pg', 'PG_VERSION');
    const createdAt = fs.statSync(versionFile).mtimeMs;

    // A second start on the same folder while the first runs reuses that server.
    const second = await startEmbeddedPostgres({ dataDir });
    expect(second.url).toBe(first.url);
    await second.stop(); // not ours: must leave it running
    expect(await query(first.url, 'SELECT v FROM kept')).toEqual([{ v: 42 }]);

    await first.stop();
    expect(fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);

    // A killed run leaves a pid file naming a dead process.
    fs.writeFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), `999999\n${dataDir}/pg\n0\n5432\n`);
    const logs: string[] = [];
    const third = await startEmbeddedPostgres({ dataDir, log: (l) => logs.push(l) });
    expect(logs.join('\n')).toContain('removing stale');
    expect(logs.join('\n')).not.toContain('initialising');
    expect(fs.statSync(versionFile).mtimeMs).toBe(createdAt);
    expect(await query(third.url, 'SELECT v FROM kept')).toEqual([{ v: 42 }]);
    await third.stop();
  });

  it('needs a password: the server is not open to anyone on the machine', async () => {
    const server = await startEmbeddedPostgres({ dataDir });
    const url = new URL(server.url);
    url.password = 'wrong';
    await expect(query(url.toString(), 'SELECT 1')).rejects.toThrow(/password/);
    await server.stop();
  });

  it.skipIf(process.getuid?.() !== 0)(
    'as root, runs binaries from a folder the postgres user cannot read and explains an unreachable data folder',
    async () => {
      const runAs = postgresUserIfRoot(() => undefined);
      const hidden = fs.mkdtempSync(path.join(os.tmpdir(), 'ideamine-hidden-')); // mode 0700, owned by root
      try {
        const real = await usableBinaries({}, () => undefined, dataDir);
        const nativeDir = path.dirname(path.dirname(real.postgres));
        fs.cpSync(nativeDir, path.join(hidden, 'native'), { recursive: true, verbatimSymlinks: true });
        const hiddenBin = {
          initdb: path.join(hidden, 'native/bin/initdb'),
          postgres: path.join(hidden, 'native/bin/postgres'),
        };
        const logs: string[] = [];
        const bin = await usableBinaries(runAs, (l) => logs.push(l), dataDir, hiddenBin);
        expect(bin.postgres.startsWith(path.join(dataDir, 'pg-bin'))).toBe(true);
        const run = spawnSync(bin.postgres, ['--version'], { uid: runAs.uid, gid: runAs.gid });
        expect(run.status, String(run.stderr)).toBe(0);
        expect(() => assertReachable(path.join(hidden, 'data'), runAs)).toThrow(/cannot reach .* Set DATA_DIR/);
      } finally {
        fs.rmSync(hidden, { recursive: true, force: true });
      }
    },
  );
});
