import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoSite, type RunningSite } from '@ideamine/server/demo/site';
import { demoIdea } from '@ideamine/server/demo/idea-text';
import { createHttpAgent, fetchPage, parseRetryAfter, type FetchOptions } from './fetcher';
import { isBlockedAddress, parseAllowList } from '@ideamine/server/net/address-policy';

let site: RunningSite;
const allowLoopback = parseAllowList('127.0.0.1');
const agent = createHttpAgent(allowLoopback);
const opts: FetchOptions = { timeoutMs: 3000, maxBytes: 1024 * 1024, maxRedirects: 5, userAgent: 'test' };

beforeAll(async () => {
  site = await startDemoSite({ ideas: 5 });
});
afterAll(async () => {
  await site.close();
  await agent.close();
});

const get = (path: string, o: Partial<FetchOptions> = {}) =>
  fetchPage(site.url + path, agent, allowLoopback, { ...opts, ...o });

describe('fetchPage', () => {
  it('fetches an HTML page with its type and size', async () => {
    const res = await get('/ideas/1');
    expect(res.kind).toBe('ok');
    if (res.kind !== 'ok') return;
    expect(res.contentType).toBe('text/html');
    expect(res.body).toContain(demoIdea(1).title);
    expect(res.bytes).toBeGreaterThan(100);
  });

  it('reports HTTP errors with Retry-After', async () => {
    const res = await get('/flaky');
    expect(res).toMatchObject({ kind: 'http_error', status: 429, retryAfterSeconds: 1 });
    expect((await get('/flaky')).kind).toBe('ok');
    expect(await get('/always-500')).toMatchObject({ kind: 'http_error', status: 500 });
  });

  it('stops redirect loops and refuses redirects to private addresses', async () => {
    const loop = await get('/loop-a');
    expect(loop).toMatchObject({ kind: 'failed', retryable: false });
    if (loop.kind === 'failed') expect(loop.reason).toMatch(/Redirect loop/);
    const priv = await get('/to-private');
    expect(priv.kind).toBe('failed');
    if (priv.kind === 'failed') expect(priv.reason).toMatch(/^refused: private address: 169\.254\.169\.254 is private/);
  });

  it('skips oversize, binary and untyped binary bodies', async () => {
    const huge = await get('/huge');
    expect(huge.kind).toBe('skipped');
    if (huge.kind === 'skipped') expect(huge.reason).toMatch(/exceeds/);
    const bin = await get('/binary');
    expect(bin).toMatchObject({ kind: 'skipped', reason: 'Unsupported content type application/octet-stream' });
    expect(await get('/no-type')).toMatchObject({ kind: 'skipped', reason: 'Binary content' });
  });

  it('gives up on a body that never ends', async () => {
    const started = Date.now();
    const res = await get('/slow', { timeoutMs: 700 });
    expect(res).toMatchObject({ kind: 'failed', retryable: true });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('refuses loopback unless allowed', async () => {
    const strict = createHttpAgent(parseAllowList(''));
    const res = await fetchPage(`${site.url}/ideas/1`, strict, parseAllowList(''), opts);
    expect(res.kind).toBe('failed');
    const byName = await fetchPage(
      site.url.replace('127.0.0.1', 'localhost') + '/ideas/1',
      strict,
      parseAllowList(''),
      opts,
    );
    expect(byName.kind).toBe('failed');
    if (byName.kind === 'failed') expect(byName.reason).toMatch(/^refused: private address/);
    await strict.close();
  });

  it('reaches one allowed loopback port, and neither another port nor that port by name', async () => {
    const port = new URL(site.url).port;
    const onePort = parseAllowList(`127.0.0.1:${port}`);
    const strict = createHttpAgent(onePort);
    expect((await fetchPage(`${site.url}/ideas/1`, strict, onePort, opts)).kind).toBe('ok');
    const other = await fetchPage(`http://127.0.0.1:${Number(port) === 1 ? 2 : 1}/`, strict, onePort, opts);
    expect(other.kind === 'failed' && other.refused).toBe(true);
    const byName = await fetchPage(`http://localhost:${port}/ideas/1`, strict, onePort, opts);
    expect(byName.kind === 'failed' && byName.refused).toBe(true);
    // A redirect from the allowed port to a private address is refused at the hop.
    expect((await fetchPage(`${site.url}/to-private`, strict, onePort, opts)).kind).toBe('failed');
    await strict.close();
  });
});

describe('address policy', () => {
  const none = parseAllowList('');
  it.each([
    ['127.0.0.1', true],
    ['10.1.2.3', true],
    ['172.20.0.1', true],
    ['192.168.1.1', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['::1', true],
    ['fe80::1', true],
    ['fd00::1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:10.0.0.1', true],
    ['93.184.216.34', false],
    ['2606:4700::1111', false],
  ])('%s blocked: %s', (address, blocked) => {
    expect(isBlockedAddress(address, 'host.test', none)).toBe(blocked);
  });

  it('allow-lists by address, network or host name', () => {
    expect(isBlockedAddress('10.0.0.5', 'x', parseAllowList('10.0.0.0/8'))).toBe(false);
    expect(isBlockedAddress('127.0.0.1', 'demo.local', parseAllowList('demo.local'))).toBe(false);
    expect(isBlockedAddress('127.0.0.1', 'x', parseAllowList('true'))).toBe(false);
  });
});

describe('Retry-After', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('7')).toBe(7);
    expect(parseRetryAfter(new Date(Date.now() + 30_000).toUTCString())).toBeGreaterThanOrEqual(29);
    expect(parseRetryAfter('soon')).toBeNull();
  });
});
