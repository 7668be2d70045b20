import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession } from '@ideamine/server/auth/sessions';
import { buildKnowledge, buildUser, type UserOverrides } from '@ideamine/server/test/factories';
import { changeCounts, changedTables, installChangeCounter } from '../test/fuzz/change-counter';
import { NASTY_STRINGS, SchemaArbitraries, type JsonSchema } from '../test/fuzz/schema-arbitrary';
import { startTestServer, type TestServer } from '../test/server';

// Every endpoint of /api/v1/openapi.json, for every kind of caller, with requests generated from
// the contract (valid ones and broken ones: wrong types, missing and extra fields, bounds,
// long and unicode strings, injection payloads, malformed JSON, wrong content types). Whatever
// comes in: no 5xx, every error in the envelope, a refused request writes nothing, and nothing
// private reaches a caller who may not see it.

// 8 per endpoint and caller in npm test (about 30 s); FUZZ_RUNS=40 FUZZ_SEED=<n> explores further.
const RUNS = Number(process.env.FUZZ_RUNS ?? 8);
const PRIVATE_MARK = 'Zq7PrivateIdeaMark';
const EMAIL_MARK = 'leakmark-7f3@private.test';

type Role = 'anonymous' | 'guest' | 'trial' | 'trialExpired' | 'developer' | 'admin';
const ROLES: Role[] = ['anonymous', 'guest', 'trial', 'trialExpired', 'developer', 'admin'];

/**
 * Tables a refused request may still write, by design: throttle counters count refusals, the
 * login limiter records failed attempts, and visitor rate limits count what they refuse.
 */
const COUNTS_REFUSALS = new Set(['rate_limit_counters']);

interface Operation {
  method: string;
  path: string;
  id: string;
  parameters: { name: string; in: 'path' | 'query'; required?: boolean; schema: JsonSchema }[];
  body?: { schema: JsonSchema; multipart: boolean };
}

let server: TestServer;
let operations: Operation[] = [];
let arbitraries: SchemaArbitraries;
const userIds: Record<Exclude<Role, 'anonymous'>, number> = {} as never;
let passwordHashes: string[] = [];

beforeAll(async () => {
  server = await startTestServer({ loginMaxAttemptsPerIp: 1_000_000 });
  const app = server.app;
  // Records for path ids 1-5 to find, owned by nobody under test.
  for (let i = 0; i < 5; i++) await buildUser(app);
  const owner = await buildUser(app, { email: EMAIL_MARK });
  await buildKnowledge(app, { title: `${PRIVATE_MARK} idea`, visibility: 'private', user_id: owner.id });
  for (let i = 0; i < 5; i++) await buildKnowledge(app, { title: `Public fuzz idea ${i}` });
  const make = async (role: Exclude<Role, 'anonymous'>, o: UserOverrides) =>
    (userIds[role] = (await buildUser(app, o)).id);
  await make('guest', { role: 'guest' });
  await make('trial', { role: 'trial', trialExpiresAt: new Date(Date.now() + 30 * 86_400_000) });
  await make('trialExpired', { role: 'trial', trialExpiresAt: new Date(Date.now() - 86_400_000) });
  await make('developer', { role: 'developer' });
  await make('admin', { role: 'admin' });
  passwordHashes = (
    await sql<{ password_hash: string | null }>`SELECT password_hash FROM users`.execute(app.db)
  ).rows.flatMap((r) => (r.password_hash ? [r.password_hash] : []));

  const doc = (await (await fetch(`${server.url}/api/v1/openapi.json`)).json()) as {
    paths: Record<string, Record<string, any>>;
    components: { schemas: Record<string, JsonSchema> };
  };
  arbitraries = new SchemaArbitraries(doc.components.schemas);
  operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => {
      const content = op.requestBody?.content ?? {};
      const json = content['application/json']?.schema ?? content['multipart/form-data']?.schema;
      return {
        method: method.toUpperCase(),
        path,
        id: op.operationId as string,
        parameters: (op.parameters ?? []) as Operation['parameters'],
        body: json ? { schema: json, multipart: !!content['multipart/form-data'] } : undefined,
      };
    }),
  );
  await installChangeCounter(app.db);
}, 120_000);
afterAll(() => server.close());

/** A path parameter: an id that may exist (1-5), or any of the values clients get wrong. */
function paramValue(p: Operation['parameters'][number]): fc.Arbitrary<string> {
  const s = p.schema ?? {};
  const valid =
    s.type === 'integer' || /id$/i.test(p.name)
      ? fc.integer({ min: 1, max: 5 }).map(String)
      : arbitraries.valid(s).map(String);
  return fc.oneof(
    { weight: 3, arbitrary: valid },
    fc.constantFrom(
      '0',
      '-1',
      '2147483648',
      '9007199254740993',
      'abc',
      '1.5',
      '%00',
      '..%2F..',
      '%F0%9F%92%A9',
      'a'.repeat(300),
    ),
  );
}

function queryValue(p: Operation['parameters'][number]): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    fc.constant(undefined),
    {
      weight: 2,
      arbitrary: arbitraries.valid(p.schema ?? {}).map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))),
    },
    fc.constantFrom(...NASTY_STRINGS, '-1', '0', '1e9', '999999999999', 'true', 'null', '[]'),
  );
}

const short = (text: string) => (text.length > 400 ? `${text.slice(0, 400)}... (${text.length} chars)` : text);

interface Built {
  path: string;
  body?: string;
  contentType?: string;
}

function requestOf(op: Operation): fc.Arbitrary<Built> {
  const params = op.parameters.filter((p) => p.in === 'path');
  const query = op.parameters.filter((p) => p.in === 'query');
  const path = fc.tuple(...params.map(paramValue)).map((values) => {
    let p = op.path;
    params.forEach(
      (param, i) => (p = p.replace(`{${param.name}}`, encodeURIComponent(values[i]!).replace(/%25/g, '%'))),
    );
    return p;
  });
  const search = fc.tuple(...query.map(queryValue)).map((values) => {
    const q = new URLSearchParams();
    query.forEach((param, i) => values[i] !== undefined && q.set(param.name, values[i]!));
    const text = q.toString();
    return text ? `?${text}` : '';
  });
  const body: fc.Arbitrary<Pick<Built, 'body' | 'contentType'>> = op.body
    ? fc.oneof(
        {
          weight: 3,
          arbitrary: arbitraries
            .valid(op.body.schema)
            .map((v) => ({ body: JSON.stringify(v), contentType: 'application/json' })),
        },
        {
          weight: 3,
          arbitrary: arbitraries
            .invalid(op.body.schema)
            .map((v) => ({ body: JSON.stringify(v), contentType: 'application/json' })),
        },
        fc.constantFrom(
          { body: '{"a": 1,', contentType: 'application/json' },
          { body: 'not json at all', contentType: 'application/json' },
          { body: '{"a":1}', contentType: 'text/plain' },
          { body: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
          {
            body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
            contentType: 'multipart/form-data; boundary=x',
          },
          { body: '', contentType: 'application/json' },
          { body: 'null', contentType: 'application/json' },
        ),
      )
    : fc.oneof(
        { weight: 4, arbitrary: fc.constant({}) },
        fc.constant({ body: '{"unexpected": true}', contentType: 'application/json' }),
      );
  return fc.tuple(path, search, body).map(([p, q, b]) => {
    const built: Built = { path: p + q, ...b };
    // Counterexamples stay readable: long generated strings are cut in the report.
    return Object.assign(built, {
      [fc.toStringMethod]: () => short(`${op.method} ${built.path} ${built.contentType ?? ''} ${built.body ?? ''}`),
    });
  });
}

async function tokenFor(role: Role): Promise<string | undefined> {
  if (role === 'anonymous') return undefined;
  const tokens = await openSession(server.app, userIds[role], { ip: '127.0.0.1', userAgent: 'fuzz' });
  return tokens.access_token;
}

/** Roles allowed to see a private idea they do not own (admin only) or other users' emails. */
const seesPrivateIdeas = (role: Role) => role === 'admin';
const seesUserEmails = (role: Role) => role === 'admin' || role === 'developer';

describe('every endpoint of the contract, for every caller', () => {
  it('reads the contract', () => {
    expect(operations.length).toBeGreaterThan(100);
  });

  it.each(ROLES)('holds for %s', { timeout: 600_000 }, async (role) => {
    for (const op of operations) {
      const token = await tokenFor(role);
      await fc.assert(
        fc.asyncProperty(requestOf(op), async (req) => {
          const before = await changeCounts(server.app.db);
          const headers: Record<string, string> = {};
          if (token) headers.authorization = `Bearer ${token}`;
          if (req.contentType) headers['content-type'] = req.contentType;
          const res = await fetch(`${server.url}${req.path}`, {
            method: op.method,
            headers,
            body: op.method === 'GET' ? undefined : req.body,
          });
          const text = await res.text();
          const where = `${role} ${short(`${op.method} ${req.path} ${req.contentType ?? ''} ${req.body ?? ''}`)} -> ${res.status} ${short(text)}`;
          expect(res.status, where).toBeLessThan(500);
          const json = (res.headers.get('content-type') ?? '').includes('application/json');
          if (res.status >= 400) {
            expect(json, where).toBe(true);
            const envelope = JSON.parse(text);
            expect(envelope, where).toMatchObject({
              status: 'error',
              data: null,
              error: { code: expect.any(String), message: expect.any(String) },
            });
            const changed = changedTables(before, await changeCounts(server.app.db)).filter(
              (t) => !COUNTS_REFUSALS.has(t),
            );
            expect(changed, `a refused request wrote to ${changed.join(', ')}: ${where}`).toEqual([]);
          } else if (json) {
            expect(JSON.parse(text).status, where).toBe('success');
          }
          for (const hash of passwordHashes) expect(text.includes(hash), `a password hash in ${where}`).toBe(false);
          if (!seesPrivateIdeas(role)) expect(text.includes(PRIVATE_MARK), `a private idea in ${where}`).toBe(false);
          if (!seesUserEmails(role)) expect(text.includes(EMAIL_MARK), `another user's email in ${where}`).toBe(false);
        }),
        { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? 20261123) },
      );
    }
  });
});
