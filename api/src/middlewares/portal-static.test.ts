import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/server';

// The API serves the built portal at `/`: files, the page fallback, caching, gzip and its CSP.

let server: TestServer;
const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-'));

beforeAll(async () => {
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'console.log("portal");'.repeat(50));
  server = await startTestServer({ portalDir: dir });
});
afterAll(() => server.close());

function get(pathname: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(`${server.url}${pathname}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      });
      req.on('error', reject);
      req.end();
    },
  );
}

describe('portal static files', () => {
  it('answers page paths with index.html under the portal CSP, never cached', async () => {
    for (const p of ['/', '/ideas', '/my/projects']) {
      const res = await get(p, { Accept: 'text/html' });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body.toString()).toContain('id="root"');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    }
  });

  it('serves hashed assets for a year, gzipped when the browser accepts it', async () => {
    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['cache-control']).toContain('immutable');
    expect(plain.headers['content-type']).toMatch(/javascript/);
    const zipped = await get('/assets/app-abc123.js', { 'Accept-Encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.body).equals(plain.body)).toBe(true);
    expect(zipped.body.length).toBeLessThan(plain.body.length);
    const head = await get('/assets/app-abc123.js', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(plain.body.length);
  });

  it('leaves missing assets, API paths and escapes from the folder alone', async () => {
    expect((await get('/assets/missing.js')).status).toBe(404);
    const api = await get('/api/v1/no-such-route');
    expect(api.status).toBe(404);
    expect(JSON.parse(api.body.toString()).status).toBe('error');
    const escape = await get('/..%2f..%2f..%2fetc%2fpasswd');
    expect(escape.body.toString()).not.toContain('root:');
    expect((await get('/healthz')).headers['content-type']).toMatch(/json/);
  });
});
