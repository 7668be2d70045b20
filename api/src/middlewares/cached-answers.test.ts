import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TtlCache } from '@ideamine/server/cache/ttl-cache';
import { buildKnowledge } from '@ideamine/server/test/factories';
import { client } from '../test/http';
import { startTestServer, type TestServer } from '../test/server';
import { cachedAnswerKey, cachedAnswers, type CachedAnswer } from './cached-answers';

// A cached answer is served before routing; everything else goes on down the chain.

describe('cachedAnswers in front of a chain', () => {
  const cache = new TtlCache(1000);
  const downstream = vi.fn((ctx: Koa.Context) => {
    ctx.body = { from: 'route' };
  });
  let url = '';
  let server: ReturnType<Koa['listen']>;
  beforeAll(async () => {
    const koa = new Koa();
    koa.use(cachedAnswers(cache));
    koa.use(downstream);
    server = koa.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const answer: CachedAnswer = { json: '{"from":"cache"}', route: 'test.route' };
    await cache.remember(cachedAnswerKey({ path: '/page', querystring: 'a=1' }), async () => answer);
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('answers a visitor GET it holds without reaching the route', async () => {
    const res = await client(url).get('/page?a=1');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ from: 'cache' });
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(downstream).not.toHaveBeenCalled();
  });

  it('passes on another query, a signed-in caller, and any other method', async () => {
    const api = client(url);
    expect((await api.get('/page?a=2')).body).toEqual({ from: 'route' });
    expect((await api.get('/page?a=1', { token: 'any' })).body).toEqual({ from: 'route' });
    expect((await api.post('/page?a=1', {})).body).toEqual({ from: 'route' });
    expect(downstream).toHaveBeenCalledTimes(3);
  });

  it('passes on an answer past its time to live', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 1001);
      expect((await client(url).get('/page?a=1')).body).toEqual({ from: 'route' });
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
