import { sql } from 'kysely';
import { createJob } from '@ideamine/server/commands/create-job';
import { ApiError } from '@ideamine/server/errors';
import { nextRunAt } from '@ideamine/server/commands/schedule-times';
import { runScheduledBackup } from '@ideamine/server/commands/scheduled-backup';
import { pruneSearchSliceLog, trimSearchRecent } from '@ideamine/server/queries/search-recent';
import { pruneListingChangeLog } from '@ideamine/server/queries/public-listing';
import { foldIdeaRollups } from '@ideamine/server/queries/idea-rollups';
import { refreshTaskRollups } from '@ideamine/server/queries/task-rollups';
import { createJobBody } from '@ideamine/shared/contract/jobs';
import { patternProblem } from '@ideamine/shared/pattern';
import type { WorkerContext } from '../context';
import { refileCategories } from './refile-categories';
import { queueRescores } from './rescore';

// Runs every minute (a pg-boss cron schedule): each active schedule that is due creates a job
// from its template and moves on to its next time. SKIP LOCKED lets many workers tick at once.
// Then it refreshes the operations dashboard's hourly task rollups, queues ideas scored by an
// older idea model to be scored again, files ideas again under changed category rules, and folds
// the idea rollups' changes.

/**
 * A stored template as a job to create. Patterns saved before they were checked for the
 * linear-time engine do not stop the schedule: the rest of the template is checked as usual,
 * and the job keeps those patterns, where the crawler skips them and the job page lists them.
 */
export function templateOf(stored: unknown): ReturnType<typeof createJobBody.safeParse> {
  const raw = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  const runnable = (list: unknown) =>
    Array.isArray(list) ? list.filter((p) => typeof p !== 'string' || !patternProblem(p)) : list;
  const parsed = createJobBody.safeParse({
    ...raw,
    include_patterns: runnable(raw.include_patterns),
    exclude_patterns: runnable(raw.exclude_patterns),
  });
  if (!parsed.success) return parsed;
  const keep = (list: unknown, fallback: string[] | undefined) =>
    Array.isArray(list) ? list.map((p) => String(p).trim()) : fallback;
  return {
    ...parsed,
    data: {
      ...parsed.data,
      include_patterns: keep(raw.include_patterns, parsed.data.include_patterns),
      exclude_patterns: keep(raw.exclude_patterns, parsed.data.exclude_patterns),
    },
  };
}

/** Refusals of one run's job that leave the schedule as it is, to try again at its next time. */
const SKIPS_RUN = new Set<string>(['VALIDATION_ERROR', 'RATE_LIMITED']);

export async function handleScheduleTick(w: WorkerContext): Promise<void> {
  await w.db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('schedules')
      .selectAll()
      .where('is_active', '=', true)
      .where('next_run_at', '<=', sql<Date>`now()`)
      .forUpdate()
      .skipLocked()
      .execute();
    for (const s of due) {
      let jobId: number | null = null;
      const template = templateOf(s.job_template);
      if (template.success) {
        try {
          jobId = (
            await createJob(trx, w.boss, template.data, { userId: s.created_by, scheduleId: s.id, allow: w.allow })
          ).id;
        } catch (err) {
          // A refused template (a target that now resolves to a private address, a schema since
          // deleted) or a creator whose crawl budget is used up skips this run only: both are
          // checked before anything is written, and the other due schedules still run.
          if (!(err instanceof ApiError) || !SKIPS_RUN.has(err.code)) throw err;
          w.log.warn({ scheduleId: s.id, issue: err.message }, 'schedule run refused; skipped');
        }
      } else {
        w.log.warn(
          { scheduleId: s.id, issue: template.error.issues[0]?.message },
          'schedule template is invalid; skipped',
        );
      }
      await trx
        .updateTable('schedules')
        .set({
          last_run_at: new Date(),
          last_job_id: jobId ?? s.last_job_id,
          next_run_at: nextRunAt(s.cron, s.timezone),
          updated_at: new Date(),
        })
        .where('id', '=', s.id)
        .execute();
    }
  });
  // Scheduled backups ride on the same tick; a failed backup is logged, never a failed tick.
  if (w.backups)
    await runScheduledBackup(w.backups, w.log).catch((err: unknown) => w.log.error({ err }, 'scheduled backup failed'));
  // The dashboard's hourly task rollups: missing closed hours and the last two (late updates).
  await refreshTaskRollups(w.db).catch((err: unknown) => w.log.error({ err }, 'task rollup refresh failed'));
  // Ideas scored by an older idea model are queued to be scored again.
  await queueRescores(w).catch((err: unknown) => w.log.error({ err }, 're-scoring could not be queued'));
  // Ideas filed under categories by earlier rules are filed again, a batch a tick.
  await refileCategories(w).catch((err: unknown) => w.log.error({ err }, 'category re-filing failed'));
  // The idea rollups are exact without it; folding keeps their change tables short.
  await foldIdeaRollups(w.db).catch((err: unknown) => w.log.error({ err }, 'idea rollup fold failed'));
  // Search's slice of the newest ideas back to its size (its triggers only ever add).
  await trimSearchRecent(w.db).catch((err: unknown) => w.log.error({ err }, 'search slice trim failed'));
  await pruneSearchSliceLog(w.db).catch((err: unknown) => w.log.error({ err }, 'search slice log prune failed'));
  await pruneListingChangeLog(w.db).catch((err: unknown) =>
    w.log.error({ err }, 'public list change log prune failed'),
  );
}
