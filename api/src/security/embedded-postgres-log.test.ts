import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '@ideamine/server/db/embedded-postgres';

// Checklist item 1, the embedded database: `npm start` forwards the embedded PostgreSQL's own
// log lines to the API log (debug level). PostgreSQL writes a failed statement's DETAIL there,
// and for a refused insert that is the whole row ("Failing row contains (..., scrypt$...)"), so
// a password hash would reach the log. The server runs with terse error messages.

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ideamine-pglog-'));
fs.chmodSync(dataDir, 0o755);
let stop: (() => Promise<void>) | undefined;
afterAll(async () => {
  await stop?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the embedded PostgreSQL log', () => {
  it('holds no row values of a failed insert', { timeout: 120_000 }, async () => {
    const lines: string[] = [];
    const server = await startEmbeddedPostgres({ dataDir, log: (line) => lines.push(line) });
    stop = server.stop;
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    const marker = `scrypt$131072$8$1$${Math.random().toString(36).slice(2)}$leak-marker`;
    try {
      await client.query(
        'CREATE TABLE accounts (name text NOT NULL, password_hash text NOT NULL CHECK (name <> $$refused$$))',
      );
      await expect(
        client.query('INSERT INTO accounts (name, password_hash) VALUES ($1, $2)', ['refused', marker]),
      ).rejects.toThrow(/check constraint/);
      // A statement after the failure: once its answer is back, the server has written the error.
      await client.query('SELECT 1');
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      await client.end();
    }
    const log = lines.join('\n');
    expect(log).toContain('violates check constraint');
    expect(log).not.toContain(marker);
    expect(log).not.toContain('Failing row contains');
  });
});
