import { z } from 'zod';
import { idParam, MAX_ID, messageSchema, pageQuery } from '@ideamine/shared/contract/common';
import {
  crawlTaskSchema,
  droppedItemSchema,
  keepAsIdeasBody,
  taskStatusSchema,
  transformTaskSchema,
} from '@ideamine/shared/contract/jobs';
import { paginate } from '@ideamine/shared/envelope';
import { permission } from '@ideamine/shared/permissions';
import { keepAsIdeas, rerunTask } from '@ideamine/server/commands/job-control';
import { notFound } from '@ideamine/server/errors';
import { presentCrawlTask, presentTransformTask } from '../../presenters/job';
import { pageOf } from '@ideamine/server/queries/paging';
import { defineRoute, ok } from '../define';

const tag = 'Tasks';

const listTasksQuery = z.strictObject({
  ...pageQuery,
  job_id: z.coerce.number({ error: 'job_id must be a number' }).int().positive().max(MAX_ID).optional(),
  status: taskStatusSchema.optional(),
});

export const taskRoutes = [
  defineRoute({
    id: 'tasks.crawl.list',
    method: 'GET',
    path: '/tasks/crawl',
    summary: 'Crawl tasks, by job and status',
    tag,
    requirement: permission('tasks', 'read'),
    query: listTasksQuery,
    response: z.array(crawlTaskSchema),
    handler: async ({ app, query }) => {
      let base = app.db.selectFrom('crawl_tasks');
      if (query.job_id) base = base.where('job_id', '=', query.job_id);
      if (query.status) base = base.where('status', '=', query.status);
      const { rows, total } = await pageOf(base, (b) => b.selectAll().orderBy('id', 'desc'), query);
      return ok(rows.map(presentCrawlTask), { pagination: paginate(total, query.page, query.page_size) });
    },
  }),

  defineRoute({
    id: 'tasks.transform.list',
    method: 'GET',
    path: '/tasks/transform',
    summary: 'Transform tasks, by job and status',
    tag,
    requirement: permission('tasks', 'read'),
    query: listTasksQuery,
    response: z.array(transformTaskSchema),
    handler: async ({ app, query }) => {
      let base = app.db.selectFrom('transform_tasks');
      if (query.job_id) base = base.where('job_id', '=', query.job_id);
      if (query.status) base = base.where('status', '=', query.status);
      const { rows, total } = await pageOf(base, (b) => b.selectAll().orderBy('id', 'desc'), query);
      return ok(rows.map(presentTransformTask), { pagination: paginate(total, query.page, query.page_size) });
    },
  }),

  defineRoute({
    id: 'tasks.transform.dropped_items',
    method: 'GET',
    path: '/tasks/transform/:id/dropped-items',
    summary: "Every item the pre-filter dropped from a transform task's page, in page order, each with its reason",
    tag,
    requirement: permission('tasks', 'read'),
    params: idParam,
    query: z.strictObject(pageQuery),
    response: z.array(droppedItemSchema),
    handler: async ({ app, params, query }) => {
      const task = await app.db
        .selectFrom('transform_tasks')
        .select('dropped_count')
        .where('id', '=', params.id)
        .executeTakeFirst();
      if (!task) throw notFound('Transform task');
      const { rows, total } = await pageOf(
        app.db.selectFrom('transform_dropped_items').where('task_id', '=', params.id),
        (b) => b.select(['position', 'title', 'url', 'reason']).orderBy('position'),
        query,
        // The task row counts them as they are written; counting again would read them all.
        async () => task.dropped_count,
      );
      return ok(rows, { pagination: paginate(total, query.page, query.page_size) });
    },
  }),

  ...(['crawl', 'transform'] as const).map((kind) =>
    defineRoute({
      id: `tasks.${kind}.run`,
      method: 'POST',
      path: `/tasks/${kind}/:id/run`,
      summary: `Run one ${kind} task again (its job reopens)`,
      tag,
      requirement: permission('tasks', 'write'),
      params: idParam,
      response: messageSchema,
      successStatus: 201,
      handler: async ({ app, auth, params, client, requestId }) => {
        await rerunTask(app.db, app.boss, { id: auth!.user.id, ip: client.ip, requestId }, kind, params.id);
        return ok({ message: `${kind === 'crawl' ? 'Crawl' : 'Transform'} task queued` });
      },
    }),
  ),

  defineRoute({
    id: 'tasks.transform.keep_as_ideas',
    method: 'POST',
    path: '/tasks/transform/:id/keep-as-ideas',
    summary:
      'Overrule the pre-filter: run the task again keeping the named dropped items (all, if none named) as ideas',
    tag,
    requirement: permission('tasks', 'write'),
    params: idParam,
    body: keepAsIdeasBody,
    response: messageSchema,
    successStatus: 201,
    handler: async ({ app, auth, params, body, client, requestId }) => {
      const actor = { id: auth!.user.id, ip: client.ip, requestId };
      const kept = await keepAsIdeas(app.db, app.boss, actor, params.id, body.urls);
      return ok({ message: `Transform task queued: ${kept.length} item(s) will be kept as ideas` });
    },
  }),
];
