import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@ideamine/server/net/free-port';
import { createTestDatabase } from '@ideamine/server/test/database';
import { waitUntil } from '@ideamine/worker/test/pipeline-harness';

// What `npm start` runs, tried as an attacker would (issue 16): a newly registered account creates
// a crawl job whose include pattern backtracks exponentially, and the start page links to a URL
// that makes it do so. The match runs for seconds on a worker thread; the API's thread must keep
// answering all the while. (Before the workers had threads of their own, /readyz stopped.)

const root = path.resolve(__dirname, '../../..');
/** 26 a's and a '!' against (a+)+b: about 5 s of backtracking on this machine. */
const SLOW_PATH = `/${'a'.repeat(26)}!`;
const SLOWEST_ANSWER_MS = 1000;

let database: { url: string; drop(): Promise<void> };
let site: http.Server;
let siteUrl: string;
let child: ChildProcess;
let apiUrl: string;
let output = '';

/** Waits as the pipeline tests do; a failure carries the end of the server's output. */
function waitFor(probe: () => Promise<boolean>, timeoutMs: number, what: string): Promise<boolean> {
  return waitUntil(probe, timeoutMs, what).catch((err: Error) => {
    throw new Error(`${err.message}\n${output.slice(-2000)}`);
  });
}

async function call(method: string, route: string, body?: unknown, token?: string) {
  const res = await fetch(`${apiUrl}/api/v1${route}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as { data: any } };
}

beforeAll(async () => {
  database = await createTestDatabase();
  site = http.createServer((req, res) => {
    res.setHeader('content-type', 'text/html');
    if (req.url === '/robots.txt') return res.end('User-agent: *\nAllow: /\n');
    res.end(`<html><head><title>Start</title></head><body><p>Links.</p><a href="${SLOW_PATH}">next</a></body></html>`);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as net.AddressInfo).port}`;

  const port = await freePort();
  apiUrl = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, ['--import', 'tsx', 'build/start/src/start.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: database.url,
      PORT: String(port),
      LOG_LEVEL: 'info',
      CRAWL_ALLOW_PRIVATE: '127.0.0.1',
      PORTAL_DIR: 'data/test/no-portal',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  await waitFor(
    () =>
      fetch(`${apiUrl}/readyz`).then(
        (res) => res.ok,
        () => false,
      ),
    60_000,
    '/readyz',
  );
  await waitFor(async () => output.includes('worker thread started'), 30_000, 'the workers');
}, 90_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  await new Promise((resolve) => site?.close(resolve));
  await database?.drop();
}, 60_000);

describe('npm start keeps slow pipeline work off the API thread', () => {
  it(
    'answers every request promptly while a crawl job backtracks on a hostile pattern',
    { timeout: 120_000 },
    async () => {
      const registered = await call('POST', '/auth/register', {
        email: 'mallory@example.test',
        username: 'mallory',
        password: 'correct-horse-battery',
      });
      expect(registered.status).toBe(201);
      const token = registered.body.data.tokens.access_token as string;

      const created = await call(
        'POST',
        '/jobs',
        { initial_url: `${siteUrl}/`, include_patterns: ['(a+)+b'], max_pages: 5, max_depth: 2 },
        token,
      );
      expect(created.status).toBe(201);
      const jobId = created.body.data.id as number;
      const jobStatus = async () => (await call('GET', `/jobs/${jobId}`, undefined, token)).body.data.status as string;

      // Probe the API until the job ends, timing every answer.
      const started = Date.now();
      const answers: number[] = [];
      let status = 'pending';
      while (status === 'pending' || status === 'active') {
        const t0 = performance.now();
        const ready = await fetch(`${apiUrl}/readyz`);
        answers.push(performance.now() - t0);
        expect(ready.status).toBe(200);
        status = await jobStatus();
        if (Date.now() - started > 100_000) throw new Error(`job ${jobId} still ${status}\n${output.slice(-2000)}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      const jobSeconds = (Date.now() - started) / 1000;

      // The pattern really ran long (else this test proves nothing) ...
      expect(jobSeconds).toBeGreaterThan(2);
      // ... and no answer waited for it.
      expect(answers.length).toBeGreaterThan(10);
      expect(Math.max(...answers)).toBeLessThan(SLOWEST_ANSWER_MS);
    },
  );
});
