import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TtlCache } from '@ideamine/server/cache/ttl-cache';
import { buildKnowledge } from '@ideamine/server/test/factories';
import { client } from '../test/http';
import { startTestServer, type TestServer } from '../test/server';
import { cachedAnswerKey, cachedAnswersAtTheDoor, type CachedAnswer } from './cached-answers';

// A cached answer is served at the door, before Koa; everything else goes on to Koa.

describe('cached answers at the door', () => {
  const cache = new TtlCache(1000);
  const downstream = vi.fn((_req: IncomingMessage, res: ServerResponse) => {
    res.setHeader('content-type', 'application/json');
    res.end('{"from":"koa"}');
  });
  const observed: unknown[][] = [];
  const door = cachedAnswersAtTheDoor({
    cache,
    log: pino({ level: 'silent' }),
    trustProxy: true,
    allowedOrigins: new Set(['https://portal.example']),
    observe: (...args) => observed.push(args),
  });
  let url = '';
  let server: Server;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (!door(req, res)) downstream(req, res);
    }).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const answer: CachedAnswer = { body: Buffer.from('{"from":"cache","word":"café"}'), route: 'test.route' };
    await cache.remember(cachedAnswerKey({ path: '/page', querystring: 'a=1' }), async () => answer);
    await cache.remember(cachedAnswerKey({ path: '/bare', querystring: '' }), async () => answer);
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('answers a visitor GET it holds without reaching Koa, counted under its route', async () => {
    const res = await client(url).get('/page?a=1', { headers: { 'x-request-id': 'visitor-1' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ from: 'cache', word: 'café' });
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength('{"from":"cache","word":"café"}')));
    expect(res.headers.get('x-request-id')).toBe('visitor-1');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('vary')).toBe('Origin');
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('strict-transport-security')).toBeNull();
    expect((await client(url).get('/bare')).body).toEqual({ from: 'cache', word: 'café' });
    expect(downstream).not.toHaveBeenCalled();
    expect(observed.map(([method, route, status]) => [method, route, status])).toEqual([
      ['GET', 'test.route', 200],
      ['GET', 'test.route', 200],
    ]);
  });

  it('gives an allowed origin its CORS headers, and HSTS behind a trusted HTTPS proxy', async () => {
    const res = await client(url).get('/page?a=1', {
      headers: { origin: 'https://portal.example', 'x-forwarded-proto': 'https, http' },
    });
    expect(res.headers.get('access-control-allow-origin')).toBe('https://portal.example');
    expect(res.headers.get('access-control-expose-headers')).toBe('X-Request-Id,Retry-After');
    expect(res.headers.get('strict-transport-security')).toMatch(/^max-age=/);
    const other = await client(url).get('/page?a=1', { headers: { origin: 'https://elsewhere.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    expect(other.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('passes on another query, a signed-in caller, any other method and a URL read differently', async () => {
    const api = client(url);
    expect((await api.get('/page?a=2')).body).toEqual({ from: 'koa' });
    expect((await api.get('/page?a=1', { token: 'any' })).body).toEqual({ from: 'koa' });
    expect((await api.post('/page?a=1', {})).body).toEqual({ from: 'koa' });
    expect((await api.send('HEAD', '/page?a=1')).status).toBe(200);
    expect((await api.get('/page?a=1&')).body).toEqual({ from: 'koa' });
    expect(downstream).toHaveBeenCalledTimes(5);
  });

  it('passes on an answer past its time to live', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 1001);
      expect((await client(url).get('/page?a=1')).body).toEqual({ from: 'koa' });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('cachedAnswers in the API', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ publicCacheSeconds: 30, corsOrigins: ['https://portal.example'] });
  });
  afterAll(() => server?.close());

  it('serves a repeated public page with the same body and headers, counted under its route', async () => {
    await buildKnowledge(server.app, { categories: ['cat-hit'] });
    const visitor = client(server.url);
    const path = '/api/v1/public/ideas?category=cat-hit';
    const ask = () => visitor.get(path, { headers: { origin: 'https://portal.example' } });
    const first = await ask(); // asked once: not kept
    await ask(); // asked twice: kept
    expect(server.app.publicCache.peek(`GET /api/v1/public/ideas?category=cat-hit`)).toBeDefined();
    const hit = await ask();
    expect(hit.status).toBe(200);
    expect(hit.body).toEqual(first.body);
    const headers = (h: Headers) =>
      Object.fromEntries([...h].filter(([name]) => !['date', 'x-request-id'].includes(name)));
    expect(headers(hit.headers)).toEqual(headers(first.headers));
    expect(hit.headers.get('access-control-allow-origin')).toBe('https://portal.example');
    expect(hit.headers.get('x-content-type-options')).toBe('nosniff');
    expect(hit.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));

    const metrics = await visitor.get('/metrics');
    const line = String(metrics.body)
      .split('\n')
      .find((l) => l.startsWith('ideamine_http_requests_total{') && l.includes('route="public.ideas.list"'));
    expect(line).toMatch(/ 3$/);
  });
});
