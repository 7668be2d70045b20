import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildJob, buildRawData, signedInUser } from '@ideamine/server/test/factories';
import type { UserRow } from '@ideamine/server/queries/users';
import { client, type HttpResult } from '../../test/http';
import { startTestServer, type TestServer } from '../../test/server';

// Issue 19, section 5 ("Whose jobs"): a trial account listed every user's jobs, retagged them and
// cancelled an operator's running crawl. Now every kind of caller asks every call that names or
// lists a job or a schedule somebody else created (another trial user's, and an operator's):
// a trial user is answered as if it did not exist (404, the same answer as for an unknown id) and
// nothing changes; developers and admins, the operators, see and manage all of it. Calls a role
// has no permission for stay 403 whoever owns the job.

let server: TestServer;
let http: ReturnType<typeof client>;

const CALLERS = ['guest', 'trial', 'expired trial', 'developer', 'admin'] as const;
type Caller = (typeof CALLERS)[number];
const tokens = {} as Record<Caller, string>;
/** Whose job and schedule the callers reach for: a trial user's, and an operator's. */
const owners = {} as Record<'trial user' | 'operator', UserRow>;

beforeAll(async () => {
  server = await startTestServer();
  http = client(server.url);
  const app = server.app;
  tokens.guest = (await signedInUser(app, { role: 'guest' })).token;
  tokens.trial = (await signedInUser(app, { role: 'trial' })).token;
  tokens['expired trial'] = (
    await signedInUser(app, { role: 'trial', trialExpiresAt: new Date(Date.now() - 86_400_000) })
  ).token;
  tokens.developer = (await signedInUser(app, { role: 'developer' })).token;
  tokens.admin = (await signedInUser(app, { role: 'admin' })).token;
  owners['trial user'] = (await signedInUser(app, { role: 'trial' })).user;
  owners.operator = (await signedInUser(app, { role: 'developer' })).user;
});
afterAll(() => server?.close());

/** A job with a finished crawl task and transform task (so either may run again), and a schedule. */
interface Target {
  mark: string;
  job: number;
  crawlTask: number;
  transformTask: number;
  schedule: number;
}

async function targetOf(ownerId: number): Promise<Target> {
  const db = server.app.db;
  const mark = randomBytes(4).toString('hex');
  const job = await buildJob(server.app, { url: `https://example.test/${mark}`, createdBy: ownerId });
  const crawl = await db
    .updateTable('crawl_tasks')
    .set({ status: 'failed' })
    .where('job_id', '=', job.id)
    .returning('id')
    .executeTakeFirstOrThrow();
  const raw = await buildRawData(server.app, job.id);
  const transform = await db
    .insertInto('transform_tasks')
    .values({ raw_data_id: raw.id, job_id: job.id, status: 'failed' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const schedule = await db
    .insertInto('schedules')
    .values({
      name: `schedule ${mark}`,
      cron: '0 * * * *',
      job_template: JSON.stringify({ initial_url: `https://example.test/${mark}` }),
      created_by: ownerId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { mark, job: job.id, crawlTask: Number(crawl.id), transformTask: Number(transform.id), schedule: schedule.id };
}

const api = (path: string) => `/api/v1${path}`;
const listed = (res: HttpResult, id: number) => (res.body.data as { id: number }[]).some((r) => r.id === id);

/** What each call answers: a status, or for a list 'shown' / 'hidden' (200 either way). */
type Outcome = number | 'shown' | 'hidden';

interface Call {
  name: string;
  send(t: Target, token: string): Promise<HttpResult>;
  /** For lists: whether the target is in the answer. */
  shows?(res: HttpResult, t: Target): boolean;
}

const CALLS: Record<string, Call> = {
  read: { name: 'GET /jobs/{id}', send: (t, token) => http.get(api(`/jobs/${t.job}`), { token }) },
  detail: { name: 'GET /jobs/{id}/detail', send: (t, token) => http.get(api(`/jobs/${t.job}/detail`), { token }) },
  list: {
    name: 'GET /jobs',
    send: (t, token) => http.get(api(`/jobs?search=${t.mark}`), { token }),
    shows: (res, t) => listed(res, t.job),
  },
  retag: {
    name: 'PUT /jobs/{id} tag',
    send: (t, token) => http.put(api(`/jobs/${t.job}`), { tag: 'taken over' }, { token }),
  },
  cancel: {
    name: 'PUT /jobs/{id} cancel',
    send: (t, token) => http.put(api(`/jobs/${t.job}`), { action: 'cancel' }, { token }),
  },
  delete: { name: 'DELETE /jobs/{id}', send: (t, token) => http.del(api(`/jobs/${t.job}`), { token }) },
  'run crawl task': {
    name: 'POST /tasks/crawl/{id}/run',
    send: (t, token) => http.post(api(`/tasks/crawl/${t.crawlTask}/run`), undefined, { token }),
  },
  'run transform task': {
    name: 'POST /tasks/transform/{id}/run',
    send: (t, token) => http.post(api(`/tasks/transform/${t.transformTask}/run`), undefined, { token }),
  },
  'list tasks': {
    name: 'GET /tasks/crawl?job_id',
    send: (t, token) => http.get(api(`/tasks/crawl?job_id=${t.job}`), { token }),
    shows: (res, t) => listed(res, t.crawlTask),
  },
  'job ideas': {
    name: 'GET /data/knowledge/by_job/{jobId}',
    send: (t, token) => http.get(api(`/data/knowledge/by_job/${t.job}`), { token }),
  },
  'read schedule': {
    name: 'GET /schedules/{id}',
    send: (t, token) => http.get(api(`/schedules/${t.schedule}`), { token }),
  },
  'list schedules': {
    name: 'GET /schedules',
    // Schedules list oldest first with no search: the target, the newest, is on the last page.
    send: async (_t, token) => {
      const first = await http.get(api('/schedules?page_size=100'), { token });
      const last = first.body.meta?.pagination?.total_pages ?? 1;
      return last > 1 ? http.get(api(`/schedules?page_size=100&page=${last}`), { token }) : first;
    },
    shows: (res, t) => listed(res, t.schedule),
  },
  'update schedule': {
    name: 'PUT /schedules/{id}',
    send: (t, token) => http.put(api(`/schedules/${t.schedule}`), { name: 'taken over' }, { token }),
  },
  'delete schedule': {
    name: 'DELETE /schedules/{id}',
    send: (t, token) => http.del(api(`/schedules/${t.schedule}`), { token }),
  },
};

/** Against somebody else's job and schedule, one row per call. */
// prettier-ignore
const EXPECTED: Record<keyof typeof CALLS, Record<Caller, Outcome>> = {
  read:                 { guest: 403, trial: 404,      'expired trial': 403, developer: 200,     admin: 200 },
  detail:               { guest: 403, trial: 404,      'expired trial': 403, developer: 200,     admin: 200 },
  list:                 { guest: 403, trial: 'hidden', 'expired trial': 403, developer: 'shown', admin: 'shown' },
  retag:                { guest: 403, trial: 404,      'expired trial': 403, developer: 200,     admin: 200 },
  cancel:               { guest: 403, trial: 404,      'expired trial': 403, developer: 200,     admin: 200 },
  delete:               { guest: 403, trial: 403,      'expired trial': 403, developer: 200,     admin: 200 },
  'run crawl task':     { guest: 403, trial: 403,      'expired trial': 403, developer: 403,     admin: 201 },
  'run transform task': { guest: 403, trial: 403,      'expired trial': 403, developer: 403,     admin: 201 },
  'list tasks':         { guest: 403, trial: 403,      'expired trial': 403, developer: 403,     admin: 'shown' },
  'job ideas':          { guest: 403, trial: 404,      'expired trial': 403, developer: 200,     admin: 200 },
  'read schedule':      { guest: 403, trial: 404,      'expired trial': 403, developer: 200,     admin: 200 },
  'list schedules':     { guest: 403, trial: 'hidden', 'expired trial': 403, developer: 'shown', admin: 'shown' },
  'update schedule':    { guest: 403, trial: 403,      'expired trial': 403, developer: 200,     admin: 200 },
  'delete schedule':    { guest: 403, trial: 403,      'expired trial': 403, developer: 200,     admin: 200 },
};

/** The job and schedule as stored: what a refused call must leave as it was. */
async function stateOf(t: Target) {
  const db = server.app.db;
  const job = await db
    .selectFrom('jobs')
    .select(['tag', 'status', 'cancelled_at'])
    .where('id', '=', t.job)
    .executeTakeFirst();
  const crawl = await db.selectFrom('crawl_tasks').select('status').where('id', '=', t.crawlTask).executeTakeFirst();
  const schedule = await db
    .selectFrom('schedules')
    .select(['name', 'is_active'])
    .where('id', '=', t.schedule)
    .executeTakeFirst();
  return { job, crawl, schedule };
}

describe.each(['trial user', 'operator'] as const)("another user's job and schedule (a %s's)", (ownerKind) => {
  for (const caller of CALLERS) {
    it.each(Object.keys(CALLS))(`as %s, for ${caller}`, async (callName) => {
      const call = CALLS[callName]!;
      const expected = EXPECTED[callName]![caller];
      const target = await targetOf(owners[ownerKind].id);
      const before = await stateOf(target);
      const res = await call.send(target, tokens[caller]);
      const label = `${call.name} as ${caller}: ${JSON.stringify(res.body).slice(0, 300)}`;
      if (expected === 'shown' || expected === 'hidden') {
        expect(res.status, label).toBe(200);
        expect(call.shows!(res, target), label).toBe(expected === 'shown');
        return;
      }
      expect(res.status, label).toBe(expected);
      if (expected >= 400) {
        // Refused: nothing changed, and a 404 says no more than an unknown id would.
        expect(await stateOf(target), label).toEqual(before);
        expect(JSON.stringify(res.body), label).not.toContain(target.mark);
        if (expected === 404) {
          const unknown = await call.send({ ...target, job: 2_000_000_000, schedule: 2_000_000_000 }, tokens[caller]);
          expect(res.body, label).toEqual(unknown.body);
        }
      }
    });
  }
});

describe('operators see whose job it is', () => {
  it('lists and shows the owner, and the owner is the caller who started the job', async () => {
    const t = await targetOf(owners['trial user'].id);
    for (const caller of ['developer', 'admin'] as const) {
      const list = await http.get(api(`/jobs?search=${t.mark}`), { token: tokens[caller] });
      expect(list.body.data).toEqual([
        expect.objectContaining({
          id: t.job,
          created_by: owners['trial user'].id,
          created_by_username: owners['trial user'].username,
        }),
      ]);
      const one = await http.get(api(`/jobs/${t.job}`), { token: tokens[caller] });
      expect(one.body.data.created_by_username).toBe(owners['trial user'].username);
      const schedule = await http.get(api(`/schedules/${t.schedule}`), { token: tokens[caller] });
      expect(schedule.body.data.created_by).toBe(owners['trial user'].id);
    }
    const started = await http.post(
      api('/jobs'),
      { initial_url: 'https://example.test/mine', max_pages: 1 },
      { token: tokens.developer },
    );
    expect(started.status).toBe(201);
    expect(started.body.data.created_by_username).toMatch(/^user_/);
  });
});

describe("a trial user's own jobs and schedules", () => {
  it('are theirs to see, retag and cancel (deleting and re-running tasks stay operator work)', async () => {
    const me = await signedInUser(server.app, { role: 'trial' });
    const t = await targetOf(me.user.id);
    const other = await targetOf(owners.operator.id);
    const token = me.token;

    const list = await http.get(api('/jobs?page_size=100'), { token });
    expect(list.status).toBe(200);
    expect(list.body.data.map((j: { id: number }) => j.id)).toEqual([t.job]);
    expect(list.body.meta.pagination.total).toBe(1);
    expect(listed(list, other.job)).toBe(false);

    expect((await http.get(api(`/jobs/${t.job}`), { token })).body.data).toMatchObject({
      id: t.job,
      created_by: me.user.id,
      created_by_username: me.user.username,
    });
    expect((await http.get(api(`/jobs/${t.job}/detail`), { token })).body.data.crawl_tasks).toHaveLength(1);
    expect((await http.put(api(`/jobs/${t.job}`), { tag: 'mine' }, { token })).body.data.tag).toBe('mine');
    const cancelled = await http.put(api(`/jobs/${t.job}`), { action: 'cancel' }, { token });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.cancelled_at).not.toBeNull();
    expect((await http.del(api(`/jobs/${t.job}`), { token })).status).toBe(403);
    expect((await http.post(api(`/tasks/crawl/${t.crawlTask}/run`), undefined, { token })).status).toBe(403);

    const schedules = await http.get(api('/schedules?page_size=100'), { token });
    expect(schedules.body.data.map((s: { id: number }) => s.id)).toEqual([t.schedule]);
    expect((await http.get(api(`/schedules/${t.schedule}`), { token })).status).toBe(200);
    expect((await http.put(api(`/schedules/${t.schedule}`), { name: 'x' }, { token })).status).toBe(403);
    expect((await http.del(api(`/schedules/${t.schedule}`), { token })).status).toBe(403);
  });
});
