import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PATTERN_LENGTH, MAX_PATTERNS_PER_JOB, MAX_PATTERNS_PER_LIST } from '@ideamine/shared/pattern';
import { buildJob, signedInUser } from '@ideamine/server/test/factories';
import { client } from '../test/http';
import { startTestServer, type TestServer } from '../test/server';

// Issue 17, each case as it was found: patterns that only a backtracking engine can run are
// refused naming the field and the construct, patterns stored earlier are reported on the job,
// setting keys every object inherits are unknown keys, and the LLM base URL passes the address
// policy.

let server: TestServer;
let http: ReturnType<typeof client>;
let trial: string;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  http = client(server.url);
  trial = (await signedInUser(server.app, { role: 'trial' })).token;
  admin = (await signedInUser(server.app, { role: 'admin' })).token;
});
afterAll(() => server?.close());

const job = (settings: Record<string, unknown>) =>
  http.post('/api/v1/jobs', { initial_url: 'https://example.test/', ...settings }, { token: trial });

describe('job patterns', () => {
  it.each([
    ['include_patterns', ['/ideas/', '/ideas/(?=\\d)'], 'include_patterns.1', 'a lookahead (?=...)'],
    ['include_patterns', ['(?<!draft)/page'], 'include_patterns.0', 'a negative lookbehind (?<!...)'],
    ['exclude_patterns', ['(\\w+)/\\1'], 'exclude_patterns.0', 'a backreference (\\1)'],
    ['exclude_patterns', ['(?<id>\\d+)-\\k<id>'], 'exclude_patterns.0', 'a named backreference (\\k<name>)'],
  ])('refuses %s %j naming %s and the construct', async (field, patterns, named, construct) => {
    const res = await job({ [field]: patterns });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', field: named });
    const pattern = patterns[Number(named.split('.')[1])]!;
    expect(res.body.error.message).toBe(
      `${named} "${pattern}" uses ${construct}, which the linear-time pattern engine cannot run; rewrite the pattern without it`,
    );
  });

  it('limits each pattern, each list and each job', async () => {
    const long = await job({ include_patterns: ['a'.repeat(MAX_PATTERN_LENGTH + 1)] });
    expect(long.status).toBe(400);
    expect(long.body.error.field).toBe('include_patterns.0');
    const many = await job({ exclude_patterns: Array.from({ length: MAX_PATTERNS_PER_LIST + 1 }, (_, i) => `/p${i}`) });
    expect(many.status).toBe(400);
    expect(many.body.error.message).toBe(`exclude_patterns may hold at most ${MAX_PATTERNS_PER_LIST} patterns`);
    const half = Math.ceil((MAX_PATTERNS_PER_JOB + 1) / 2);
    const together = await job({
      include_patterns: Array.from({ length: half }, (_, i) => `/in${i}`),
      exclude_patterns: Array.from({ length: half }, (_, i) => `/out${i}`),
    });
    expect(together.status).toBe(400);
    expect(together.body.error.message).toBe(
      `include_patterns and exclude_patterns may hold at most ${MAX_PATTERNS_PER_JOB} patterns together`,
    );
    const bad = await job({ include_patterns: ['(unclosed'] });
    expect(bad.body.error.message).toMatch(
      /^include_patterns\.0 "\(unclosed" is not a valid regular expression \(missing closing \)/,
    );
  });

  it('accepts (a+)+b: the linear-time engine runs it safely', async () => {
    const res = await job({ include_patterns: ['(a+)+b'] });
    expect(res.status).toBe(201);
    expect(res.body.data.pattern_problems).toEqual([]);
  });

  it('reports on the job a stored pattern the engine refuses', async () => {
    const created = await buildJob(server.app);
    await server.app.db
      .updateTable('jobs')
      .set({ include_patterns: ['/ideas/', '/ideas/(?=\\d)'], exclude_patterns: ['(x)\\1'] })
      .where('id', '=', created.id)
      .execute();
    const res = await http.get(`/api/v1/jobs/${created.id}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data.pattern_problems).toEqual([
      { field: 'include_patterns', pattern: '/ideas/(?=\\d)', problem: expect.stringMatching(/^uses a lookahead/) },
      { field: 'exclude_patterns', pattern: '(x)\\1', problem: expect.stringMatching(/^uses a backreference/) },
    ]);
  });

  it('refuses the same in a schedule template and a schema', async () => {
    const schedule = await http.post(
      '/api/v1/schedules',
      {
        name: 'nightly',
        cron: '0 3 * * *',
        job_template: { initial_url: 'https://example.test/', include_patterns: ['(?=x)y'] },
      },
      { token: admin },
    );
    expect(schedule.status).toBe(400);
    expect(schedule.body.error.field).toBe('job_template.include_patterns.0');
    expect(schedule.body.error.message).toMatch(/a lookahead/);

    const schema = await http.post(
      '/api/v1/schemas',
      { name: 'forum', type: 'html', follow_patterns: ['/t/\\d+', '(?<=/t/)\\d+'] },
      { token: admin },
    );
    expect(schema.status).toBe(400);
    expect(schema.body.error).toMatchObject({ field: 'follow_patterns.1' });
    expect(schema.body.error.message).toMatch(/^follow_patterns\.1 "\(\?<=\/t\/\)\\d\+" uses a lookbehind/);
    const fine = await http.post(
      '/api/v1/schemas',
      { name: 'forum', type: 'html', follow_patterns: ['/t/\\d+'] },
      { token: admin },
    );
    expect(fine.status).toBe(201);
    expect(fine.body.data.pattern_problems).toEqual([]);
  });
});

describe('setting keys', () => {
  const INHERITED = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'];

  const auditCount = async () =>
    Number(
      (
        await server.app.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('entity_type', '=', 'setting')
          .executeTakeFirstOrThrow()
      ).n,
    );

  it.each(INHERITED)('treats %s as an unknown key on read, write and delete, auditing nothing', async (key) => {
    const before = await auditCount();
    const path = `/api/v1/settings/${encodeURIComponent(key)}`;
    const read = await http.get(path, { token: admin });
    expect(read.status).toBe(404);
    expect(read.body.error.message).toBe(`Setting '${key}' not found`);
    expect((await http.put(path, { value: 1 }, { token: admin })).status).toBe(404);
    expect((await http.del(path, { token: admin })).status).toBe(404);
    const created = await http.post('/api/v1/settings', { key, value: 1 }, { token: admin });
    expect(created.status).toBe(400);
    expect(created.body.error.field).toBe('key');
    expect(await auditCount()).toBe(before);
  });

  it('still reads, writes and deletes a known key', async () => {
    expect((await http.get('/api/v1/settings/auth.trial_days', { token: admin })).body.data.value).toBe(14);
    expect((await http.put('/api/v1/settings/auth.trial_days', { value: 30 }, { token: admin })).status).toBe(200);
    expect((await http.del('/api/v1/settings/auth.trial_days', { token: admin })).status).toBe(200);
  });
});

describe('the LLM base URL', () => {
  const setBaseUrl = (value: string) => http.put('/api/v1/settings/llm.openai_base_url', { value }, { token: admin });

  it.each([
    'http://169.254.169.254/latest/meta-data/',
    'http://[fd00:ec2::254]/v1',
    'http://[::ffff:169.254.169.254]/v1',
    'http://[fe80::1]/v1',
  ])('refuses the metadata or link-local address %s', async (url) => {
    const res = await setBaseUrl(url);
    expect(res.status).toBe(400);
    expect(res.body.error.field).toBe('value');
    expect(res.body.error.message).toMatch(/link-local or cloud metadata address, which is never allowed$/);
  });

  it('allows loopback and private addresses only after the operator sets the flag', async () => {
    const local = await setBaseUrl('http://127.0.0.1:11434/v1');
    expect(local.status).toBe(400);
    expect(local.body.error.message).toBe(
      'value is not allowed for llm.openai_base_url: refused: private address: 127.0.0.1 is a loopback or private address; set llm.allow_private_base_url to true if a model server runs there',
    );
    expect((await setBaseUrl('http://10.0.0.5/v1')).status).toBe(400);

    const flag = await http.put('/api/v1/settings/llm.allow_private_base_url', { value: true }, { token: admin });
    expect(flag.status).toBe(200);
    expect((await setBaseUrl('http://127.0.0.1:11434/v1')).status).toBe(200);
    expect((await setBaseUrl('http://10.0.0.5/v1')).status).toBe(200);
    // The flag opens private networks, never metadata.
    expect((await setBaseUrl('http://169.254.169.254/v1')).status).toBe(400);
    await http.del('/api/v1/settings/llm.allow_private_base_url', { token: admin });
    await http.del('/api/v1/settings/llm.openai_base_url', { token: admin });
  });

  it('takes only http(s) URLs', async () => {
    const res = await setBaseUrl('file:///etc/passwd');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/must be an http\(s\) URL/);
  });
});
