import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllowList } from '@ideamine/server/net/address-policy';
import { buildJob, buildUser } from '@ideamine/server/test/factories';
import { startTestContext, type TestContext } from '@ideamine/server/test/context';
import { handleScheduleTick } from './schedule-tick';

// A schedule's jobs belong to its creator and count against the creator's crawl budget like the
// jobs they start by hand: a run over budget is skipped with a warning saying why, the schedule
// moves on to its next time, and the other due schedules still run.

let context: TestContext;

beforeAll(async () => {
  context = await startTestContext();
});
afterAll(() => context?.close());

const dueSchedule = (name: string, createdBy: number, template: Record<string, unknown> = {}) =>
  context.app.db
    .insertInto('schedules')
    .values({
      name,
      cron: '0 * * * *',
      is_active: true,
      next_run_at: new Date(Date.now() - 1000),
      job_template: JSON.stringify({ initial_url: `https://example.test/${name}`, ...template }),
      created_by: createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

describe('the schedule tick and crawl budgets', () => {
  it("skips a run its creator's budget does not allow, and still runs the others", async () => {
    const app = context.app;
    const trial = await buildUser(app, { role: 'trial' });
    const developer = await buildUser(app, { role: 'developer' });
    // The trial user already has two jobs running, the most a trial account may (the default).
    for (let i = 0; i < 2; i++) await buildJob(app, { createdBy: trial.id });
    const busy = await dueSchedule('busy', trial.id);
    const large = await dueSchedule('large', developer.id, { max_pages: 10_000 });
    const warnings: { scheduleId: number; issue: string }[] = [];
    const log = { ...app.log, warn: (o: { scheduleId: number; issue: string }) => void warnings.push(o) };
    await handleScheduleTick({ db: app.db, boss: app.boss, log, allow: parseAllowList('') } as never);

    const rows = await app.db
      .selectFrom('schedules')
      .select(['id', 'last_job_id', 'last_run_at', 'next_run_at'])
      .where('id', 'in', [busy.id, large.id])
      .orderBy('id')
      .execute();
    expect(rows[0]).toMatchObject({ id: busy.id, last_job_id: null });
    expect(rows[0]!.next_run_at!.getTime()).toBeGreaterThan(Date.now());
    expect(warnings).toEqual([
      expect.objectContaining({
        scheduleId: busy.id,
        issue: expect.stringContaining('(setting crawl.budget.trial.concurrent_jobs) and you have 2'),
      }),
    ]);
    // A developer has no budget by default: their schedule's job runs, as large as it asks.
    const job = await app.db
      .selectFrom('jobs')
      .select(['created_by', 'max_pages', 'origin'])
      .where('id', '=', rows[1]!.last_job_id!)
      .executeTakeFirstOrThrow();
    expect(job).toEqual({ created_by: developer.id, max_pages: 10_000, origin: 'scheduled' });
  });
});
