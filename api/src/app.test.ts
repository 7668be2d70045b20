import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '@ideamine/server/test/factories';
import { client } from './test/http';
import { startTestServer, type TestServer } from './test/server';

let server: TestServer;
let http: ReturnType<typeof client>;

beforeAll(async () => {
  server = await startTestServer({
    corsOrigins: ['http://portal.example'],
    bodyLimitBytes: 4096,
    trustProxy: true,
    loginMaxAttemptsPerIp: 3,
    loginIpWindowSeconds: 86_400, // fixed windows: a long one keeps the test clear of a window edge
    registerMaxPerIp: 2,
  });
  http = client(server.url);
});
afterAll(() => server.close());

const userCount = async () =>
  Number(
    (
      await server.app.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('envelope and error mapping', () => {
  it('answers malformed JSON with 400 INVALID_JSON and changes nothing', async () => {
    const before = await userCount();
    const res = await http.send('POST', '/api/v1/auth/register', { raw: '{"email": "a@b.co",' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 'error', data: null, error: { code: 'INVALID_JSON' } });
    expect(await userCount()).toBe(before);
  });

  it('answers a body over the limit with 413', async () => {
    const res = await http.post('/api/v1/auth/register', {
      email: 'a@b.co',
      username: 'x'.repeat(10_000),
      password: 'p',
    });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers a non-JSON body with 415', async () => {
    const res = await http.send('POST', '/api/v1/auth/login', {
      raw: 'email=a&password=b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(415);
    expect(res.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers JSON of the wrong shape with 400', async () => {
    for (const raw of ['[]', '"text"', '42', 'null']) {
      const res = await http.send('POST', '/api/v1/auth/login', { raw });
      expect(res.status, raw).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
    }
  });

  it('answers unknown paths with 404 and wrong methods with 405, in the envelope', async () => {
    const missing = await http.get('/api/v1/nothing-here');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ status: 'error', error: { code: 'NOT_FOUND' } });
    const wrong = await http.send('DELETE', '/api/v1/auth/login');
    expect(wrong.status).toBe(405);
    expect(wrong.body.error.code).toBe('METHOD_NOT_ALLOWED');
    const unknownMethod = await http.send('PROPFIND', '/api/v1/auth/me');
    expect(unknownMethod.status).toBe(405);
    expect(unknownMethod.body.status).toBe('error');
  });

  it('keeps a sane X-Request-Id and replaces an unsafe one', async () => {
    const kept = await http.get('/healthz', { headers: { 'x-request-id': 'abc-123' } });
    expect(kept.headers.get('x-request-id')).toBe('abc-123');
    const replaced = await http.get('/healthz', { headers: { 'x-request-id': '<script>' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends security headers', async () => {
    const res = await http.get('/api/v1/auth/me');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  });
});

describe('requests the HTTP parser refuses', () => {
  it('answers an oversized request line with 431 in the envelope', async () => {
    const res = await fetch(`${server.url}/api/v1/public/ideas?q=${'a'.repeat(20_000)}`);
    expect(res.status).toBe(431);
    expect(await res.json()).toEqual({
      status: 'error',
      data: null,
      error: { code: 'REQUEST_TOO_LARGE', message: 'The request line or headers are too large (at most 16 KB)' },
    });
  });
});

describe('CORS', () => {
  it('allows only configured origins', async () => {
    const allowed = await http.send('OPTIONS', '/api/v1/auth/login', {
      headers: { origin: 'http://portal.example', 'access-control-request-method': 'POST' },
    });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://portal.example');
    const refused = await http.send('OPTIONS', '/api/v1/auth/login', {
      headers: { origin: 'http://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('always allows the desktop console (app://console) with the Authorization header', async () => {
    const res = await http.send('OPTIONS', '/api/v1/dashboard/queue-metrics', {
      headers: {
        origin: 'app://console',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(res.headers.get('access-control-allow-origin')).toBe('app://console');
    expect(res.headers.get('access-control-allow-headers')).toMatch(/Authorization/i);
  });
});

describe('probes and metrics', () => {
  it('reports health, readiness and Prometheus metrics', async () => {
    const health = (await http.get('/healthz')).body;
    expect(health.status).toBe('ok');
    // The test server never warms the in-memory copies; a started API builds them (serve.ts).
    expect(health.search_index).toBe('not built');
    expect(health.list_index).toBe('not built');
    expect((await http.get('/readyz')).body).toMatchObject({ status: 'ready', database: 'up' });
    await http.get('/api/v1/auth/me');
    const metrics = await http.get('/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.body).toContain('ideamine_http_requests_total{method="GET",route="auth.me",status="401"}');
    expect(metrics.body).toContain('ideamine_process_cpu_seconds_total');
  });
});

describe('API documentation', () => {
  it('serves an OpenAPI document generated from the contract', async () => {
    const res = await http.get('/api/v1/openapi.json');
    expect(res.status).toBe(200);
    const doc = res.body;
    expect(doc.openapi).toBe('3.1.0');
    const register = doc.paths['/api/v1/auth/register'].post;
    expect(register.requestBody.content['application/json'].schema.$ref).toBe('#/components/schemas/RegisterRequest');
    expect(doc.components.schemas.RegisterRequest.required).toEqual(['email', 'username', 'password']);
    const list = doc.paths['/api/v1/users'].get;
    expect(list.security).toEqual([{ bearerAuth: [] }]);
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['page', 'page_size', 'search', 'role', 'sort', 'order']),
    );
    expect(doc.paths['/api/v1/users/{id}'].put.parameters[0]).toMatchObject({ name: 'id', in: 'path', required: true });
    // Every $ref points at a component that exists.
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
    for (const ref of refs) expect(doc.components.schemas[ref], ref).toBeDefined();
  });

  it('leads from / to the docs page', async () => {
    const res = await fetch(`${server.url}/`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/api/v1/docs');
  });

  it('serves a readable docs page', async () => {
    const res = await http.get('/api/v1/docs');
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.body).toContain('<code>/api/v1/auth/login</code>');
    expect(res.body).toContain('Requires: role admin or higher.');
  });
});

describe('signed-in requests', () => {
  it('accept a valid token on public routes too', async () => {
    const { token } = await signedInUser(server.app);
    const res = await http.post(
      '/api/v1/auth/login',
      { email: 'nobody@example.test', password: 'whatever-1' },
      { token },
    );
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('INVALID_CREDENTIALS');
  });
});

describe('login throttling per client address', () => {
  it('refuses a fourth attempt from one address within the window, not from another', async () => {
    const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
    const attempt = (ip: string) =>
      http.post('/api/v1/auth/login', { email: `someone-${ip}@example.test`, password: 'guess-guess' }, from(ip));
    for (let i = 0; i < 3; i++) expect((await attempt('203.0.113.7')).status).toBe(401);
    const blocked = await attempt('203.0.113.7');
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.message).toContain('from this address');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await attempt('198.51.100.1')).status).toBe(401);
  });

  it('uses the address the proxy saw, not one the client prepends', async () => {
    const spoofing = (fake: string) =>
      http.post(
        '/api/v1/auth/login',
        { email: `spoof-${fake}@example.test`, password: 'guess-guess' },
        { headers: { 'x-forwarded-for': `${fake}, 192.0.2.55` } },
      );
    for (let i = 0; i < 3; i++) expect((await spoofing(`10.0.0.${i}`)).status).toBe(401);
    expect((await spoofing('10.0.0.99')).status).toBe(429);
  });
});

describe('registration throttling', () => {
  it('limits accounts created from one address per hour', async () => {
    const from = { headers: { 'x-forwarded-for': '198.51.100.200' } };
    const register = (n: number) =>
      http.post(
        '/api/v1/auth/register',
        { email: `burst${n}@example.test`, username: `burst_${n}`, password: 'long-enough-pw' },
        from,
      );
    expect((await register(1)).status).toBe(201);
    expect((await register(2)).status).toBe(201);
    const third = await register(3);
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toBeTruthy();
  });
});

describe('the form-post callback receiver', () => {
  it('turns Apple’s form post into a redirect with the fields in the query, and refuses other posts', async () => {
    const post = (path: string, body: string, type = 'application/x-www-form-urlencoded') =>
      fetch(server.url + path, { method: 'POST', redirect: 'manual', headers: { 'content-type': type }, body });
    const res = await post('/auth/apple/callback', 'code=abc&state=xyz&user=%7B%22name%22%3A1%7D&extra=1');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/auth/apple/callback?code=abc&state=xyz');
    expect((await post('/auth/apple/link-callback', 'error=user_cancelled_authorize')).headers.get('location')).toBe(
      '/auth/apple/link-callback?error=user_cancelled_authorize',
    );
    expect((await post('/auth/apple/callback', '{"code":1}', 'application/json')).status).toBe(415);
    expect((await post('/auth/apple/callback', `code=${'a'.repeat(20_000)}`)).status).toBe(413);
    expect((await post('/auth/google/callback', 'code=abc')).status).toBe(404);
  });
});
