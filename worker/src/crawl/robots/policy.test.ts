import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '@ideamine/server/db/database';
import { parseAllowList } from '@ideamine/server/net/address-policy';
import { createTestDatabase } from '@ideamine/server/test/database';
import { createHttpAgent } from '../fetcher';
import { RobotsPolicy } from './policy';
import { DomainRateLimiter, pickRule } from '../rate-limiter';

// robots.txt per RFC 9309 against servers that answer 200, 404 and 503, and the shared token bucket.

let handle: DatabaseHandle;
let drop: () => Promise<void>;
const servers: http.Server[] = [];
const allow = parseAllowList('127.0.0.1');
const agent = createHttpAgent(allow);
const UA = { userAgent: 'IdeamineBot/0.1' };

async function serveRobots(status: number, body = ''): Promise<string> {
  const server = http.createServer((req, res) => {
    res.writeHead(req.url === '/robots.txt' ? status : 200, { 'content-type': 'text/plain' });
    res.end(req.url === '/robots.txt' ? body : 'page');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  const db = await createTestDatabase();
  drop = db.drop;
  handle = openDatabase(db.url, 4);
});
afterAll(async () => {
  for (const s of servers) s.close();
  await agent.close();
  await handle.close();
  await drop();
});

describe('robots.txt', () => {
  it('obeys rules and Crawl-delay, allows all on 4xx, disallows all on 5xx, and caches per origin', async () => {
    const policy = new RobotsPolicy(handle.db, agent, allow);
    const ruled = await serveRobots(
      200,
      'User-agent: IdeamineBot\nDisallow: /admin\nCrawl-delay: 2\n\nUser-agent: *\nDisallow: /',
    );
    expect(await policy.check(`${ruled}/ideas/1`, UA)).toMatchObject({ allowed: true, crawlDelaySeconds: 2 });
    expect(await policy.check(`${ruled}/admin/x`, UA)).toMatchObject({
      allowed: false,
      reason: 'Disallowed by robots.txt',
    });
    const missing = await serveRobots(404);
    expect((await policy.check(`${missing}/anything`, UA)).allowed).toBe(true);
    const broken = await serveRobots(503);
    const verdict = await policy.check(`${broken}/anything`, UA);
    expect(verdict.allowed).toBe(false);
    expect(verdict.reason).toMatch(/unreachable/);
    const cached = await handle.db.selectFrom('robots_cache').select(['origin', 'mode']).orderBy('origin').execute();
    expect(cached.map((c) => c.mode).sort()).toEqual(['allow_all', 'disallow_all', 'rules']);
    // Another worker process reads the cached verdict without fetching again.
    const other = new RobotsPolicy(handle.db, agent, allow);
    expect((await other.check(`${ruled}/admin/y`, UA)).allowed).toBe(false);
  });

  it("matches groups by the product token of crawl.user_agent, never by 'Mozilla'", async () => {
    const site = await serveRobots(200, 'User-agent: Mozilla\nDisallow: /\n\nUser-agent: IdeamineBot\nDisallow: /no\n');
    const policy = new RobotsPolicy(handle.db, agent, allow);
    for (const userAgent of [
      'IdeamineBot/0.1',
      'Mozilla/5.0 (compatible; IdeamineBot/0.1; +https://ideamine.example/bot)',
    ]) {
      expect((await policy.check(`${site}/yes`, { userAgent })).allowed).toBe(true);
      expect((await policy.check(`${site}/no`, { userAgent })).allowed).toBe(false);
    }
  });

  it('reports a robots.txt the address policy refuses as refused, not unreachable', async () => {
    // The site is allowed (loopback is allow-listed here) but its robots.txt redirects to the
    // cloud metadata address, as an SSRF attempt would.
    const server = http.createServer((req, res) => {
      if (req.url === '/robots.txt') res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
      res.end('page');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const verdict = await new RobotsPolicy(handle.db, agent, allow).check(`${origin}/page`, UA);
    expect(verdict).toMatchObject({
      allowed: false,
      reason: `refused: private address: robots.txt of ${origin} is on a private, loopback or reserved address; crawling nothing`,
    });
    const row = await handle.db
      .selectFrom('robots_cache')
      .select('mode')
      .where('origin', '=', origin)
      .executeTakeFirst();
    expect(row?.mode).toBe('refused');
  });
});

describe('rate limits', () => {
  it('picks the most specific rule', () => {
    const rule = (rpm: number) => ({ requestsPerMinute: rpm, burst: 1, maxConcurrency: 1 });
    const rules = [
      { domain_pattern: '*', rule: rule(1) },
      { domain_pattern: '*.example.com', rule: rule(2) },
      { domain_pattern: 'api.example.com', rule: rule(3) },
    ];
    expect(pickRule(rules, 'api.example.com')?.requestsPerMinute).toBe(3);
    expect(pickRule(rules, 'www.example.com')?.requestsPerMinute).toBe(2);
    expect(pickRule(rules, 'example.com')?.requestsPerMinute).toBe(2);
    expect(pickRule(rules, 'other.org')?.requestsPerMinute).toBe(1);
    expect(pickRule(rules.slice(1), 'other.org')).toBeNull();
  });

  it('shares one bucket between limiter instances', async () => {
    const a = new DomainRateLimiter(handle.db);
    const b = new DomainRateLimiter(handle.db);
    const rule = { requestsPerMinute: 600, burst: 3, maxConcurrency: 4 };
    const first = await a.take('bucket.test', rule, 2);
    const second = await b.take('bucket.test', rule, 2);
    expect(first.granted).toBe(2);
    expect(second.granted).toBe(1); // the burst of 3 is shared
    expect(second.waitMs).toBeGreaterThan(0);
    expect(second.waitMs).toBeLessThanOrEqual(100);
    const started = Date.now();
    await a.acquire('bucket.test', rule);
    expect(Date.now() - started).toBeGreaterThanOrEqual(40);
  });
});
