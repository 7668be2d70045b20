import { sql } from 'kysely';
import { z } from 'zod';
import { messageSchema } from '@ideamine/shared/contract/common';
import {
  bulkTaskBody,
  bulkTaskResultSchema,
  queueParams,
  queueStateSchema,
  reasonBody,
  replayBody,
  replayResultSchema,
  taskRefParams,
  taskSearchHitSchema,
  taskSearchQuery,
} from '@ideamine/shared/contract/queue-control';
import { paginate } from '@ideamine/shared/envelope';
import { role } from '@ideamine/shared/permissions';
import { rerunTask } from '@ideamine/server/commands/job-control';
import {
  actOnTask,
  bulkTasks,
  queueStates,
  replayDeadLetters,
  setQueuePaused,
  taskWhere,
} from '@ideamine/server/commands/queue-control';
import { defineRoute, ok, type RouteInput } from '../define';

// Operator queue control under /admin/queues (issue 5, beyond the spec). Admin only.

const tag = 'Queue control';
const ADMIN = role('admin');
const actorOf = (i: Pick<RouteInput<unknown, unknown, unknown>, 'auth' | 'client' | 'requestId'>) => ({
  id: i.auth!.user.id,
  ip: i.client.ip,
  requestId: i.requestId,
});

export const queueControlRoutes = [
  defineRoute({
    id: 'queues.list',
    method: 'GET',
    path: '/admin/queues',
    summary: 'Every pipeline queue: paused or not, waiting and dead-letter messages',
    tag,
    requirement: ADMIN,
    response: z.array(queueStateSchema),
    handler: async ({ app }) => ok(await queueStates(app.db)),
  }),

  ...(['pause', 'resume'] as const).map((verb) =>
    defineRoute({
      id: `queues.${verb}`,
      method: 'POST',
      path: `/admin/queues/:queue/${verb}`,
      summary:
        verb === 'pause'
          ? 'Pause a queue: workers stop fetching its messages (within about a second) until resumed'
          : 'Resume a paused queue',
      tag,
      requirement: ADMIN,
      params: queueParams,
      body: reasonBody,
      response: queueStateSchema,
      handler: async (input) => {
        const queue = input.params.queue;
        await setQueuePaused(input.app.db, actorOf(input), queue, verb === 'pause', input.body.reason ?? '');
        return ok((await queueStates(input.app.db)).find((q) => q.queue === queue)!);
      },
    }),
  ),

  defineRoute({
    id: 'queues.dead_letter.replay',
    method: 'POST',
    path: '/admin/queues/:queue/dead-letter/replay',
    summary: `Send dead-letter messages back to their queue (one by message_id, or up to limit); at most 3 replays per message`,
    tag,
    requirement: ADMIN,
    params: queueParams,
    body: replayBody,
    response: replayResultSchema,
    handler: async (input) => {
      const queue = input.params.queue;
      return ok(await replayDeadLetters(input.app.db, input.app.boss, actorOf(input), queue, input.body));
    },
  }),

  defineRoute({
    id: 'queues.tasks.search',
    method: 'GET',
    path: '/admin/queues/tasks',
    summary: 'Search crawl and transform tasks by url, error and skip reason (q), status, job and kind',
    tag,
    requirement: ADMIN,
    query: taskSearchQuery,
    response: z.array(taskSearchHitSchema),
    handler: async ({ app, query }) => {
      const kinds = query.kind ? [query.kind] : (['crawl', 'transform'] as const);
      const part = (kind: 'crawl' | 'transform') => {
        const where = taskWhere({ kind, job_id: query.job_id, status: query.status, error_contains: query.q });
        return kind === 'crawl'
          ? sql`SELECT 'crawl' AS kind, t.id, t.job_id, t.status, t.url, t.error, t.skip_reason, t.attempts,
                       t.finished_at, t.updated_at FROM crawl_tasks t WHERE ${where}`
          : sql`SELECT 'transform' AS kind, t.id, t.job_id, t.status, r.url, t.error, t.skip_reason, t.attempts,
                       t.finished_at, t.updated_at
                FROM transform_tasks t LEFT JOIN raw_data r ON r.id = t.raw_data_id WHERE ${where}`;
      };
      const union = sql.join(kinds.map(part), sql` UNION ALL `);
      const [rows, total] = await Promise.all([
        sql<{
          kind: 'crawl' | 'transform';
          id: number;
          job_id: number | null;
          status: 'pending' | 'active' | 'completed' | 'failed' | 'skipped';
          url: string | null;
          error: string | null;
          skip_reason: string | null;
          attempts: number;
          finished_at: Date | null;
          updated_at: Date;
        }>`SELECT * FROM (${union}) s ORDER BY updated_at DESC, kind, id DESC
           LIMIT ${query.page_size} OFFSET ${(query.page - 1) * query.page_size}`.execute(app.db),
        sql<{ n: number }>`SELECT count(*) AS n FROM (${union}) s`.execute(app.db),
      ]);
      return ok(
        rows.rows.map((r) => ({
          ...r,
          id: Number(r.id),
          finished_at: r.finished_at ? new Date(r.finished_at).toISOString() : null,
          updated_at: new Date(r.updated_at).toISOString(),
        })),
        { pagination: paginate(Number(total.rows[0]?.n ?? 0), query.page, query.page_size) },
      );
    },
  }),

  defineRoute({
    id: 'queues.tasks.bulk',
    method: 'POST',
    path: '/admin/queues/tasks/bulk',
    summary:
      'Retry, cancel or delete the tasks a filter matches: confirm=false counts them, confirm=true acts and audits the reason',
    tag,
    requirement: ADMIN,
    body: bulkTaskBody,
    response: bulkTaskResultSchema,
    handler: async (input) => ok(await bulkTasks(input.app.db, input.app.boss, actorOf(input), input.body)),
  }),

  defineRoute({
    id: 'queues.tasks.retry',
    method: 'POST',
    path: '/admin/queues/tasks/:kind/:id/retry',
    summary: 'Run one finished crawl or transform task again (its job reopens; audited as task.rerun)',
    tag,
    requirement: ADMIN,
    params: taskRefParams,
    response: messageSchema,
    handler: async (input) => {
      await rerunTask(input.app.db, input.app.boss, actorOf(input), input.params.kind, input.params.id);
      return ok({ message: 'Task queued' });
    },
  }),

  defineRoute({
    id: 'queues.tasks.cancel',
    method: 'POST',
    path: '/admin/queues/tasks/:kind/:id/cancel',
    summary: 'Cancel one pending task (it becomes skipped)',
    tag,
    requirement: ADMIN,
    params: taskRefParams,
    body: reasonBody,
    response: messageSchema,
    handler: async (input) => {
      const { kind, id } = input.params;
      await actOnTask(input.app.db, input.app.boss, actorOf(input), kind, id, 'cancel', input.body.reason ?? '');
      return ok({ message: 'Task cancelled' });
    },
  }),

  defineRoute({
    id: 'queues.tasks.delete',
    method: 'DELETE',
    path: '/admin/queues/tasks/:kind/:id',
    summary: 'Delete one task that is not in flight',
    tag,
    requirement: ADMIN,
    params: taskRefParams,
    response: messageSchema,
    handler: async (input) => {
      const { kind, id } = input.params;
      await actOnTask(input.app.db, input.app.boss, actorOf(input), kind, id, 'delete', '');
      return ok({ message: 'Task deleted' });
    },
  }),
];
