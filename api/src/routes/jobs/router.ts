import { z } from 'zod';
import { idParam, messageSchema } from '@ideamine/shared/contract/common';
import {
  createJobBody,
  JOB_DETAIL_LIMIT,
  jobDetailSchema,
  jobSchema,
  listJobsQuery,
  updateJobBody,
} from '@ideamine/shared/contract/jobs';
import { paginate } from '@ideamine/shared/envelope';
import { permission } from '@ideamine/shared/permissions';
import { writeAudit } from '@ideamine/server/commands/audit';
import { createJob } from '@ideamine/server/commands/create-job';
import { cancelJob } from '@ideamine/server/commands/job-control';
import { crawlAllowList } from '@ideamine/server/net/crawl-allow-list';
import { notFound } from '@ideamine/server/errors';
import { presentCrawlTask, presentJob, presentTransformTask } from '../../presenters/job';
import { presentKnowledgeListItem } from '../../presenters/knowledge';
import { findJob, jobCounts, listJobs } from '@ideamine/server/queries/jobs';
import { createdWithin, ownerScopeOf } from '@ideamine/server/queries/owner-scope';
import { KNOWLEDGE_COLUMNS } from '@ideamine/server/queries/knowledge';
import { visibleTo } from '@ideamine/server/queries/knowledge-visibility';
import { defineRoute, ok } from '../define';

// Whose jobs: operators (developers, admins) reach every job; a trial user only the jobs they
// created, and another user's job answers 404 in every call that names one (owner-scope.ts).

const tag = 'Jobs';
const DETAIL_LIMIT = JOB_DETAIL_LIMIT;

export const jobRoutes = [
  defineRoute({
    id: 'jobs.create',
    method: 'POST',
    path: '/jobs',
    summary:
      "Start a crawl job from a URL, within a page, depth and time budget and the caller's crawl budget (429 when it is used up)",
    tag,
    requirement: permission('jobs', 'write'),
    body: createJobBody,
    response: jobSchema,
    successStatus: 201,
    handler: async ({ app, auth, body }) => {
      const allow = await crawlAllowList(app.db, app.config.crawlAllowPrivate);
      const job = await createJob(app.db, app.boss, body, { userId: auth!.user.id, allow });
      return ok(presentJob({ ...job, created_by_username: auth!.user.username }));
    },
  }),

  defineRoute({
    id: 'jobs.list',
    method: 'GET',
    path: '/jobs',
    summary: "List jobs by status, tag or URL text, newest first (a trial user's own; operators' every job)",
    tag,
    requirement: permission('jobs', 'read'),
    query: listJobsQuery,
    response: z.array(jobSchema),
    handler: async ({ app, auth, query }) => {
      const { rows, total } = await listJobs(app.db, ownerScopeOf(auth!.user), query);
      return ok(rows.map(presentJob), { pagination: paginate(total, query.page, query.page_size) });
    },
  }),

  defineRoute({
    id: 'jobs.get',
    method: 'GET',
    path: '/jobs/:id',
    summary: 'One job',
    tag,
    requirement: permission('jobs', 'read'),
    params: idParam,
    response: jobSchema,
    handler: async ({ app, auth, params }) => {
      const job = await findJob(app.db, ownerScopeOf(auth!.user), params.id);
      if (!job) throw notFound('Job');
      return ok(presentJob(job));
    },
  }),

  defineRoute({
    id: 'jobs.update',
    method: 'PUT',
    path: '/jobs/:id',
    summary: "Rename a job's tag, or cancel it with action 'cancel'",
    tag,
    requirement: permission('jobs', 'write'),
    params: idParam,
    body: updateJobBody,
    response: jobSchema,
    handler: async ({ app, auth, params, body, client, requestId }) => {
      const scope = ownerScopeOf(auth!.user);
      if (!(await findJob(app.db, scope, params.id))) throw notFound('Job');
      if (body.tag !== undefined) {
        await app.db
          .updateTable('jobs')
          .set({ tag: body.tag, updated_at: new Date() })
          .where('id', '=', params.id)
          .where(createdWithin(scope, 'jobs'))
          .execute();
      }
      if (body.action === 'cancel')
        await cancelJob(app.db, { id: auth!.user.id, ip: client.ip, requestId }, params.id, scope);
      const job = await findJob(app.db, scope, params.id);
      if (!job) throw notFound('Job');
      return ok(presentJob(job));
    },
  }),

  defineRoute({
    id: 'jobs.delete',
    method: 'DELETE',
    path: '/jobs/:id',
    summary: 'Delete a job with its tasks and raw pages (ideas it produced stay)',
    tag,
    requirement: permission('jobs', 'delete'),
    params: idParam,
    response: messageSchema,
    handler: async ({ app, auth, params, client, requestId }) => {
      await app.db.transaction().execute(async (trx) => {
        const gone = await trx
          .deleteFrom('jobs')
          .where('id', '=', params.id)
          .where(createdWithin(ownerScopeOf(auth!.user), 'jobs'))
          .returningAll()
          .executeTakeFirst();
        if (!gone) throw notFound('Job');
        await writeAudit(trx, {
          actorId: auth!.user.id,
          action: 'job.delete',
          entityType: 'job',
          entityId: params.id,
          before: presentJob(gone),
          ip: client.ip,
          requestId,
        });
      });
      return ok({ message: 'Job deleted' });
    },
  }),

  defineRoute({
    id: 'jobs.detail',
    method: 'GET',
    path: '/jobs/:id/detail',
    summary: `A job with counts and the first ${DETAIL_LIMIT} crawl tasks, transform tasks, raw pages and ideas`,
    tag,
    requirement: permission('jobs', 'read'),
    params: idParam,
    response: jobDetailSchema,
    handler: async ({ app, auth, params }) => {
      const job = await findJob(app.db, ownerScopeOf(auth!.user), params.id);
      if (!job) throw notFound('Job');
      const [counts, crawl, transform, raw, knowledge] = await Promise.all([
        jobCounts(app.db, job.id),
        app.db
          .selectFrom('crawl_tasks')
          .selectAll()
          .where('job_id', '=', job.id)
          .orderBy('id')
          .limit(DETAIL_LIMIT)
          .execute(),
        app.db
          .selectFrom('transform_tasks')
          .selectAll()
          .where('job_id', '=', job.id)
          .orderBy('id')
          .limit(DETAIL_LIMIT)
          .execute(),
        app.db
          .selectFrom('raw_data')
          .select(['id', 'url', 'content_type', 'http_status', 'size_bytes', 'fetched_at'])
          .where('job_id', '=', job.id)
          .orderBy('id')
          .limit(DETAIL_LIMIT)
          .execute(),
        app.db
          .selectFrom('knowledge')
          .select(KNOWLEDGE_COLUMNS)
          .where('job_id', '=', job.id)
          .where('deleted_at', 'is', null)
          .where(visibleTo(auth!.user))
          .orderBy('id')
          .limit(DETAIL_LIMIT)
          .execute(),
      ]);
      return ok({
        job: presentJob(job),
        counts,
        crawl_tasks: crawl.map(presentCrawlTask),
        transform_tasks: transform.map(presentTransformTask),
        raw_data: raw.map((r) => ({ ...r, fetched_at: r.fetched_at.toISOString() })),
        knowledge_data: knowledge.map(presentKnowledgeListItem),
      });
    },
  }),
];
