import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { closeAppContext, createAppContext, createLogger } from '@ideamine/server/boot';
import { loadConfig } from '@ideamine/server/config';
import type { AppContext } from '@ideamine/server/context';
import { databaseUrl, withDatabase } from '@ideamine/server/test/database-admin';
import { buildKnowledge, signedInUser } from '@ideamine/server/test/factories';
import { client } from '../test/http';
import { startRestartablePostgres, type RestartablePostgres } from '@ideamine/server/test/restartable-postgres';

// Fault: PostgreSQL restarts while the API is under load. The real API runs against a private
// PostgreSQL that this file stops (fast shutdown) and starts again on the same port, while a
// few clients keep reading and writing as signed-in users. While the database is down every
// request must answer quickly with 503 in the error envelope (and Retry-After) and /readyz must
// say not ready; once it is back requests must succeed again within 5 s; and every write the
// API acknowledged must be in the database afterwards.

const CLIENTS = 4;
/** Longest any answer may take while the database is away. */
const FAIL_FAST_MS = 2000;
const RECOVER_MS = 5000;

let dir: string;
let postgres: RestartablePostgres;
let dbUrl: string;
let app: AppContext;
let server: Server;
let http: ReturnType<typeof client>;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ideamine-pg-restart-'));
  postgres = await startRestartablePostgres(dir);
  await withDatabase(postgres.url, (c) => c.query('CREATE DATABASE ideamine'));
  dbUrl = databaseUrl(postgres.url, 'ideamine');
  const config = {
    ...loadConfig({ LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent', DATA_DIR: dir }),
    publicCacheSeconds: 0,
    dashboardCacheSeconds: 0,
    portalDir: path.join(dir, 'no-portal'),
  };
  app = await createAppContext(config, createLogger(config), dbUrl);
  server = createApp(app, { checkResponses: true }).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  http = client(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
}, 120_000);

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await postgres?.start().catch(() => undefined); // closing the queue wants its database
  if (app) await closeAppContext(app);
  await postgres?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Polls a condition every 50 ms until it holds, or fails after `ms`. */
async function waitUntil(holds: () => boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!holds()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

interface Outcome {
  client: number;
  op: string;
  started: number;
  ended: number;
  status: number;
  code?: string;
  retryAfter: string | null;
  /** The project a write created, when it was acknowledged. */
  name?: string;
}

describe('PostgreSQL restarting under API load', () => {
  it.each(['fast', 'immediate'] as const)(
    'stopped (%s): answers 503 fast while it is down, recovers within 5 s, and loses no acknowledged write',
    { timeout: 60_000 },
    async (mode) => {
      const users = await Promise.all(Array.from({ length: CLIENTS }, () => signedInUser(app)));
      const idea = await buildKnowledge(app, { title: 'Public idea under load' });
      const outcomes: Outcome[] = [];
      let stop = false;

      // Each client alternates a write (a new project) and a read (its projects, or public ideas).
      const run = async (i: number) => {
        const token = users[i]!.token;
        for (let seq = 0; !stop; seq++) {
          const name = `${mode} ${i}-${seq}`;
          const op = seq % 2 === 0 ? 'create project' : i % 2 ? 'list projects' : 'public idea';
          const started = Date.now();
          const res = await (op === 'create project'
            ? http.post('/api/v1/projects', { name }, { token })
            : op === 'list projects'
              ? http.get('/api/v1/projects?page_size=5', { token })
              : http.get(`/api/v1/public/ideas/${idea.id}`));
          const ended = Date.now();
          outcomes.push({
            client: i,
            op,
            started,
            ended,
            status: res.status,
            code: res.body?.error?.code,
            retryAfter: res.headers.get('retry-after'),
            ...(op === 'create project' && res.status === 201 ? { name: res.body.data.name } : {}),
          });
          // Paces the load (a failing request returns at once): about 30 requests a second per client.
          await new Promise((r) => setTimeout(r, 30));
        }
      };
      const loops = Array.from({ length: CLIENTS }, (_, i) => run(i));
      const answeredSince = (t: number) => outcomes.filter((o) => o.started >= t).length;

      // Steady load first.
      const loadStart = Date.now();
      await waitUntil(() => answeredSince(loadStart) >= 40, 20_000, 'steady load');

      const stopping = Date.now();
      await postgres.stop(mode);
      const down = Date.now();
      await waitUntil(() => answeredSince(down) >= 150, 20_000, 'requests while the database is down');
      const ready = await http.get('/readyz');
      const restarting = Date.now();
      await postgres.start();
      const up = Date.now();
      // Back: wait until every client has had a few answers since, then stop the load.
      await waitUntil(
        () =>
          Array.from({ length: CLIENTS }, (_, i) =>
            outcomes.filter((o) => o.client === i && o.started >= up + RECOVER_MS),
          ).every((list) => list.length >= 3),
        RECOVER_MS + 15_000,
        'load after the restart',
      );
      stop = true;
      await Promise.all(loops);

      const before = outcomes.filter((o) => o.ended < stopping);
      const whileDown = outcomes.filter((o) => o.started >= down && o.ended <= restarting);
      const after = outcomes.filter((o) => o.started >= up);
      const firstOk = Array.from({ length: CLIENTS }, (_, i) =>
        Math.min(...after.filter((o) => o.client === i && o.status < 300).map((o) => o.ended)),
      );
      const slowest = Math.max(...whileDown.map((o) => o.ended - o.started));
      console.warn(
        `${mode}: ${outcomes.length} requests; ${whileDown.length} while down (${down - stopping} ms to stop), slowest ${slowest} ms; ` +
          `restart took ${up - restarting} ms; first success per client ${firstOk.map((t) => t - up).join(', ')} ms after it was up`,
      );

      // Before: all fine.
      expect(before.length).toBeGreaterThan(0);
      expect(before.filter((o) => o.status >= 300)).toEqual([]);

      // Down: 503 in the envelope, with Retry-After, fast; never a 500 at any moment.
      expect(whileDown.length).toBeGreaterThanOrEqual(100);
      for (const o of whileDown) {
        expect(o, JSON.stringify(o)).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
        expect(o.retryAfter).toMatch(/^\d+$/);
        expect(o.ended - o.started).toBeLessThanOrEqual(FAIL_FAST_MS);
      }
      expect(outcomes.filter((o) => o.status !== 503 && o.status >= 300)).toEqual([]);
      expect(ready.status).toBe(503);

      // Back: each client succeeds within 5 s of the database accepting connections, and from then on always.
      for (const t of firstOk) expect(t - up).toBeLessThanOrEqual(RECOVER_MS);
      expect(outcomes.filter((o) => o.started >= up + RECOVER_MS && o.status >= 300)).toEqual([]);
      expect((await http.get('/readyz')).status).toBe(200);

      // No acknowledged write lost: every project answered with 201 is in the database.
      const acknowledged = outcomes.filter((o) => o.name).map((o) => o.name!);
      expect(acknowledged.length).toBeGreaterThan(20);
      const check = new pg.Client({ connectionString: dbUrl });
      await check.connect();
      try {
        const { rows } = await check.query<{ name: string }>('SELECT name FROM projects WHERE name = ANY($1)', [
          acknowledged,
        ]);
        expect(new Set(rows.map((r) => r.name)).size).toBe(acknowledged.length);
      } finally {
        await check.end();
      }
    },
  );
});
