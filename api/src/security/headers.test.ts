import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '@ideamine/server/test/factories';
import { startTestServer, type TestServer } from '../test/server';

// Checklist item 10: every kind of answer the server gives carries the security headers, not
// just a JSON success (app.test.ts checks one API answer, portal-static.test.ts the portal's
// CSP): API successes and errors of every status, answers the HTTP parser writes before Koa,
// probes and metrics, the API reference, the portal's pages and assets, and CORS preflights.
// The header set: a CSP, X-Content-Type-Options: nosniff, a Referrer-Policy, framing refused
// (X-Frame-Options or frame-ancestors), and no X-Powered-By. HTML pages run no inline or
// eval'd script and embed no plugins.

let server: TestServer;
let token: string;
const portalDir = mkdtempSync(path.join(os.tmpdir(), 'ideamine-headers-portal-'));

beforeAll(async () => {
  mkdirSync(path.join(portalDir, 'assets'));
  writeFileSync(path.join(portalDir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(portalDir, 'assets', 'app-abc123.js'), 'console.log("portal");');
  server = await startTestServer({ portalDir, bodyLimitBytes: 2048, corsOrigins: ['http://portal.example'] });
  token = (await signedInUser(server.app, { role: 'trial' })).token;
});
afterAll(async () => {
  await server.close();
  rmSync(portalDir, { recursive: true, force: true });
});

type Headers = Record<string, string | string[] | undefined>;

/** A raw request, so nothing between us and the server adds or hides a header. */
function send(
  method: string,
  pathname: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<{ status: number; headers: Headers }> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${pathname}`, { method, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

function expectSecurityHeaders(label: string, h: Headers) {
  const csp = String(h['content-security-policy'] ?? '');
  expect(csp, `${label}: Content-Security-Policy`).not.toBe('');
  expect(h['x-content-type-options'], `${label}: X-Content-Type-Options`).toBe('nosniff');
  expect(h['referrer-policy'], `${label}: Referrer-Policy`).toMatch(/^(no-referrer|same-origin|strict-origin)/);
  const framing = h['x-frame-options'] === 'DENY' || /frame-ancestors 'none'/.test(csp);
  expect(framing, `${label}: framing refused`).toBe(true);
  expect(h['x-powered-by'], `${label}: X-Powered-By`).toBeUndefined();
  expect(h['server'], `${label}: Server`).toBeUndefined();
}

function expectSafePageCsp(label: string, h: Headers) {
  const csp = String(h['content-security-policy']);
  const directive = (name: string) =>
    csp
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith(`${name} `));
  const scripts = directive('script-src') ?? directive('default-src') ?? '';
  expect(scripts, `${label}: script-src`).not.toMatch(/unsafe-inline|unsafe-eval|\*|data:|http:/);
  expect(directive('object-src') ?? directive('default-src'), `${label}: object-src`).toMatch(/'none'/);
}

describe('security headers', () => {
  it.each([
    ['an API success', 'GET', '/api/v1/public/categories', {}, undefined, 200],
    ['a signed-in API success', 'GET', '/api/v1/auth/me', { authorization: 'Bearer TOKEN' }, undefined, 200],
    ['401', 'GET', '/api/v1/auth/me', {}, undefined, 401],
    ['403', 'GET', '/api/v1/admin/audit-log', { authorization: 'Bearer TOKEN' }, undefined, 403],
    ['404', 'GET', '/api/v1/no-such-route', {}, undefined, 404],
    ['405', 'DELETE', '/api/v1/auth/login', {}, undefined, 405],
    ['400 (validation)', 'GET', '/api/v1/public/ideas?page=-1', {}, undefined, 400],
    ['400 (broken JSON)', 'POST', '/api/v1/auth/login', { 'content-type': 'application/json' }, '{"a":', 400],
    ['413', 'POST', '/api/v1/auth/login', { 'content-type': 'application/json' }, `{"a":"${'x'.repeat(4096)}"}`, 413],
    ['415', 'POST', '/api/v1/auth/login', { 'content-type': 'text/plain' }, 'x', 415],
    [
      'a CORS preflight',
      'OPTIONS',
      '/api/v1/auth/login',
      { origin: 'http://portal.example', 'access-control-request-method': 'POST' },
      undefined,
      204,
    ],
    ['/healthz', 'GET', '/healthz', {}, undefined, 200],
    ['/readyz', 'GET', '/readyz', {}, undefined, 200],
    ['/metrics', 'GET', '/metrics', {}, undefined, 200],
    ['the OpenAPI document', 'GET', '/api/v1/openapi.json', {}, undefined, 200],
    ['the API reference page', 'GET', '/api/v1/docs', {}, undefined, 200],
    ['the portal home page', 'GET', '/', { accept: 'text/html' }, undefined, 200],
    ['a portal page', 'GET', '/ideas', { accept: 'text/html' }, undefined, 200],
    ['a portal page that does not exist', 'GET', '/ideas/1/some-slug', { accept: 'text/html' }, undefined, 404],
    ['an admin portal page', 'GET', '/admin/knowledge/1', { accept: 'text/html' }, undefined, 200],
    ['a portal asset', 'GET', '/assets/app-abc123.js', {}, undefined, 200],
    ['a missing portal asset', 'GET', '/assets/missing.js', {}, undefined, 404],
  ] as const)('on %s', async (label, method, pathname, headers, body, status) => {
    const withToken = Object.fromEntries(
      Object.entries(headers).map(([k, v]) => [k, v.replace('TOKEN', token)]),
    ) as Record<string, string>;
    const res = await send(method, pathname, withToken, body);
    expect(res.status, label).toBe(status);
    expectSecurityHeaders(label, res.headers);
    if (String(res.headers['content-type']).startsWith('text/html')) expectSafePageCsp(label, res.headers);
  });

  it('on answers the HTTP parser writes before Koa sees the request', async () => {
    const tooLong = await send('GET', `/api/v1/public/ideas?q=${'a'.repeat(20_000)}`);
    expect(tooLong.status).toBe(431);
    expectSecurityHeaders('431', tooLong.headers);
  });
});
