import type dns from 'node:dns';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpAgent, fetchPage, type FetchOptions } from '@ideamine/worker/crawl/fetcher';
import { handleScheduleTick } from '@ideamine/worker/jobs/schedule-tick';
import {
  assertHostAllowed,
  checkCrawlTarget,
  guardedLookup,
  isBlockedAddress,
  parseAllowList,
  type Resolver,
} from '@ideamine/server/net/address-policy';
import { signedInUser } from '@ideamine/server/test/factories';
import { client } from '@ideamine/api/test/http';
import { startTestServer, type TestServer } from '@ideamine/api/test/server';

// Checklist item 7: the crawler never reaches private, loopback, link-local or reserved
// addresses, however they are written (IPv4 in decimal, octal or hex, IPv6 forms that carry an
// IPv4 address) or reached (a host name that resolves to one, a name that resolves to a public
// address first and to a private one when the crawler connects, a redirect). Checked where jobs
// are created (POST /jobs, schedules and their tick) and in the crawler's fetcher, with a DNS of
// our own (a resolver handed to guardedLookup) instead of /etc/hosts. fetcher.test.ts and
// pipeline-api.test.ts cover the basics (a redirect to 169.254.169.254, loopback refused unless
// allow-listed, 10.0.0.1 and the metadata address refused by POST /jobs).

const none = parseAllowList('');

/** Literal targets, each naming a blocked address in another spelling. */
const LITERAL_TARGETS = [
  'http://127.0.0.1/',
  'http://2130706433/', // 127.0.0.1 as one decimal number
  'http://0x7f.1/', // hex and a short form
  'http://0x7f000001/',
  'http://017700000001/', // octal
  'http://0177.0.0.1/',
  'http://127.1/',
  'http://127.0.0.1./',
  'http://0/',
  'http://[::1]/',
  'http://[::]/',
  'http://[::ffff:127.0.0.1]/',
  'http://[::ffff:7f00:1]/',
  'http://[0:0:0:0:0:ffff:7f00:1]/',
  'http://[::ffff:a9fe:a9fe]/', // 169.254.169.254, mapped
  'http://[::7f00:1]/', // IPv4-compatible
  'http://[::ffff:0:7f00:1]/', // SIIT
  'http://[2002:7f00:1::1]/', // 6to4 of 127.0.0.1
  'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/', // Teredo
  'http://[fe80::1]/',
  'http://[fec0::1]/',
  'http://[fd12:3456::1]/',
  'http://169.254.169.254/latest/meta-data/',
  'http://10.1.2.3/',
  'http://172.16.0.1/',
  'http://192.168.0.1/',
  'http://100.64.0.1/',
];

describe('the address policy', () => {
  it.each(LITERAL_TARGETS)('refuses %s before connecting', (target) => {
    expect(() => assertHostAllowed(new URL(target), none)).toThrow(/^refused: private address/);
  });

  it('lets public addresses through, in any spelling', () => {
    for (const target of ['http://93.184.216.34/', 'http://1572395042/', 'http://[2606:4700::1111]/'])
      expect(() => assertHostAllowed(new URL(target), none), target).not.toThrow();
    expect(isBlockedAddress('::ffff:93.184.216.34', 'x', none)).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------
// Job creation through the API.

let server: TestServer;
let api: ReturnType<typeof client>;
let developer: string;

beforeAll(async () => {
  server = await startTestServer();
  api = client(server.url);
  developer = (await signedInUser(server.app, { role: 'developer' })).token;
});
afterAll(() => server.close());

const jobCount = async () =>
  Number(
    (
      await server.app.db
        .selectFrom('crawl_tasks')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('creating jobs', () => {
  it('POST /jobs refuses every private target, by literal address or by a name that resolves to one', async () => {
    const before = await jobCount();
    for (const target of [...LITERAL_TARGETS, 'http://localhost:8080/', 'http://LocalHost./', 'http://localhost/x']) {
      const res = await api.post('/api/v1/jobs', { initial_url: target, max_pages: 1 }, { token: developer });
      expect(res.status, `${target}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.error.field, target).toBe('initial_url');
    }
    expect(await jobCount()).toBe(before);
  });

  it('schedules refuse a private target when created or changed', async () => {
    const body = (url: string) => ({ name: `s ${url}`, cron: '0 * * * *', job_template: { initial_url: url } });
    for (const target of [
      'http://2130706433/',
      'http://[::ffff:7f00:1]/',
      'http://localhost:9/',
      'http://localhost./',
    ]) {
      const res = await api.post('/api/v1/schedules', body(target), { token: developer });
      expect(res.status, target).toBe(400);
      expect(res.body.error.field).toBe('job_template.initial_url');
    }
    const ok = await api.post('/api/v1/schedules', body('https://example.test/feed'), { token: developer });
    expect(ok.status).toBe(201);
    const changed = await api.put(
      `/api/v1/schedules/${ok.body.data.id}`,
      { job_template: { initial_url: 'http://0x7f.1/' } },
      { token: developer },
    );
    expect(changed.status).toBe(400);
  });

  it('the schedule tick skips a template whose target is private now, and still runs the others', async () => {
    // Saved before the target's name pointed somewhere private (or before the check existed).
    const due = new Date(Date.now() - 1000);
    const [bad, good] = await server.app.db
      .insertInto('schedules')
      .values([
        {
          name: 'bad',
          cron: '0 * * * *',
          is_active: true,
          next_run_at: due,
          job_template: '{"initial_url":"http://127.0.0.1:9/"}',
        },
        {
          name: 'good',
          cron: '0 * * * *',
          is_active: true,
          next_run_at: due,
          job_template: '{"initial_url":"https://example.test/ok"}',
        },
      ])
      .returning(['id'])
      .execute();
    const warnings: unknown[] = [];
    const log = { ...server.app.log, warn: (o: unknown) => void warnings.push(o) } as unknown as typeof server.app.log;
    await handleScheduleTick({ db: server.app.db, boss: server.app.boss, log, allow: none } as never);
    const rows = await server.app.db
      .selectFrom('schedules')
      .select(['id', 'last_job_id', 'next_run_at'])
      .where('id', 'in', [bad!.id, good!.id])
      .orderBy('id')
      .execute();
    expect(rows[0]!.last_job_id).toBeNull();
    expect(rows[0]!.next_run_at!.getTime()).toBeGreaterThan(Date.now());
    expect(rows[1]!.last_job_id).not.toBeNull();
    expect(JSON.stringify(warnings)).toContain('private, loopback or reserved');
    const privateTasks = await server.app.db
      .selectFrom('crawl_tasks')
      .select('id')
      .where('url', 'like', 'http://127.0.0.1%')
      .execute();
    expect(privateTasks).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// The crawler, with a DNS of our own.

/**
 * One local server: `front.test` (allow-listed by name, so the crawler may fetch it) answers
 * redirects; `/secret` is what nothing may reach under any other name or spelling.
 */
let site: http.Server;
let port = 0;
const secretHits: string[] = [];
const opts: FetchOptions = { timeoutMs: 3000, maxBytes: 1024 * 1024, maxRedirects: 5, userAgent: 'security-test' };

beforeAll(async () => {
  site = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/secret') {
      secretHits.push(`${req.headers.host}${req.url}`);
      res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>internal</h1>');
    } else if (url.pathname === '/ok') {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>public page</h1>');
    } else if (url.pathname === '/redirect') {
      res.writeHead(302, { location: url.searchParams.get('to')!.replace('PORT', String(port)) }).end();
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  port = (site.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => site.close(resolve)));

const PUBLIC_ADDRESS: dns.LookupAddress = { address: '93.184.216.34', family: 4 };
const LOOPBACK: dns.LookupAddress = { address: '127.0.0.1', family: 4 };

/** The DNS the crawler sees in these tests. `rebind.test` answers public once, then loopback. */
function testResolver(): Resolver & { asked: string[] } {
  const asked: string[] = [];
  let rebinds = 0;
  const answers: Record<string, () => dns.LookupAddress[]> = {
    'front.test': () => [LOOPBACK],
    localhost: () => [LOOPBACK, { address: '::1', family: 6 }],
    'rebind.test': () => (rebinds++ === 0 ? [PUBLIC_ADDRESS] : [LOOPBACK]),
    'multi.test': () => [PUBLIC_ADDRESS, LOOPBACK],
    'mapped.test': () => [{ address: '::ffff:127.0.0.1', family: 6 }],
    'metadata.test': () => [{ address: '169.254.169.254', family: 4 }],
  };
  const resolve: Resolver = (hostname, _options, callback) => {
    asked.push(hostname);
    const answer = answers[hostname.toLowerCase()];
    if (!answer) {
      const err: NodeJS.ErrnoException = new Error(`getaddrinfo ENOTFOUND ${hostname}`);
      err.code = 'ENOTFOUND';
      return process.nextTick(callback, err, []);
    }
    process.nextTick(callback, null, answer());
  };
  return Object.assign(resolve, { asked });
}

describe('the crawler', () => {
  const allow = parseAllowList('front.test');

  it('fetches the allow-listed front page (the control)', async () => {
    const agent = createHttpAgent(allow, 4, testResolver());
    const res = await fetchPage(`http://front.test:${port}/ok`, agent, allow, opts);
    expect(res).toMatchObject({ kind: 'ok', status: 200 });
    await agent.close();
  });

  it('refuses names that resolve to private addresses, checking every address of the answer', async () => {
    for (const host of ['localhost', 'multi.test', 'mapped.test', 'metadata.test']) {
      const agent = createHttpAgent(allow, 4, testResolver());
      const res = await fetchPage(`http://${host}:${port}/secret`, agent, allow, opts);
      expect(res.kind, host).toBe('failed');
      if (res.kind === 'failed') expect(res.reason, host).toMatch(/^refused: private address/);
      await agent.close();
    }
    expect(secretHits).toEqual([]);
  });

  it('refuses a DNS-rebinding name: public when the job is created, private when the crawler connects', async () => {
    const resolver = testResolver();
    const target = `http://rebind.test:${port}/secret`;
    // Job creation resolves the name and sees a public address: accepted.
    expect(await checkCrawlTarget(target, none, resolver)).toBeNull();
    // The crawler resolves it again in the socket's lookup and sees loopback: refused.
    const agent = createHttpAgent(none, 4, resolver);
    const res = await fetchPage(target, agent, none, opts);
    expect(res.kind).toBe('failed');
    if (res.kind === 'failed') expect(res.reason).toMatch(/^refused: private address: rebind\.test \(127\.0\.0\.1\)/);
    expect(resolver.asked).toEqual(['rebind.test', 'rebind.test']);
    await agent.close();
    expect(secretHits).toEqual([]);
  });

  it('guardedLookup answers single and all-address lookups, and refuses before the socket connects', async () => {
    const lookup = guardedLookup(none, testResolver());
    const one = await new Promise<{ err: Error | null; address: unknown }>((resolve) =>
      lookup('rebind.test', {}, (err, address) => resolve({ err, address })),
    );
    expect(one).toEqual({ err: null, address: '93.184.216.34' });
    const second = await new Promise<Error | null>((resolve) =>
      lookup('rebind.test', { all: true }, (err) => resolve(err)),
    );
    expect(second?.message).toMatch(/^refused: private address: rebind\.test \(127\.0\.0\.1\)/);
  });

  it.each([
    ['decimal', 'http://2130706433:PORT/secret'],
    ['hex', 'http://0x7f.1:PORT/secret'],
    ['octal', 'http://017700000001:PORT/secret'],
    ['dotted octal', 'http://0177.0.0.1:PORT/secret'],
    ['plain loopback', 'http://127.0.0.1:PORT/secret'],
    ['IPv6 loopback', 'http://[::1]:PORT/secret'],
    ['IPv4-mapped', 'http://[::ffff:127.0.0.1]:PORT/secret'],
    ['IPv4-mapped, hex', 'http://[::ffff:7f00:1]:PORT/secret'],
    ['a name for loopback', 'http://localhost:PORT/secret'],
    ['a name for IPv4-mapped loopback', 'http://mapped.test:PORT/secret'],
    ['a name with one private address among public ones', 'http://multi.test:PORT/secret'],
    ['the metadata address', 'http://169.254.169.254/latest/meta-data/'],
  ])('refuses a redirect to %s', async (_label, to) => {
    const agent = createHttpAgent(allow, 4, testResolver());
    const res = await fetchPage(`http://front.test:${port}/redirect?to=${encodeURIComponent(to)}`, agent, allow, opts);
    expect(res.kind).toBe('failed');
    if (res.kind === 'failed') expect(res.reason).toMatch(/^refused: private address/);
    await agent.close();
    expect(secretHits).toEqual([]);
  });
});
