import { z } from 'zod';
import { idParam, pageQuery } from '@ideamine/shared/contract/common';
import {
  profitAnalysisBody,
  profitAnalysisSchema,
  profitBatchBody,
  profitBatchSchema,
} from '@ideamine/shared/contract/idea-storm';
import { paginate } from '@ideamine/shared/envelope';
import { permission } from '@ideamine/shared/permissions';
import { analyseOne, startBatch } from '@ideamine/server/commands/profit-analysis';
import { notFound } from '@ideamine/server/errors';
import { presentBatch, presentProfitAnalysis } from '../../presenters/profit-analysis';
import { pageOf } from '@ideamine/server/queries/paging';
import { defineRoute, ok } from '../define';

// Spec s2: /dashboard/profit-analysis needs knowledge:read; so do these calls.

const tag = 'Profit analysis';
const read = permission('knowledge', 'read');

export const profitAnalysisRoutes = [
  defineRoute({
    id: 'profit_analysis.run',
    method: 'POST',
    path: '/profit-analysis',
    summary: 'Analyse the profit potential of one idea now: sub-scores, weighted breakdown, label, advice',
    tag,
    requirement: read,
    body: profitAnalysisBody,
    response: profitAnalysisSchema,
    successStatus: 201,
    handler: async ({ app, auth, body }) =>
      ok(presentProfitAnalysis(await analyseOne(app, auth!.user, body.knowledge_id))),
  }),

  defineRoute({
    id: 'profit_analysis.batch.start',
    method: 'POST',
    path: '/profit-analysis/batch',
    summary:
      'Queue a profit analysis of up to 100 ideas; poll GET /profit-analysis/batch/{id} for progress and results',
    tag,
    requirement: read,
    body: profitBatchBody,
    response: profitBatchSchema,
    successStatus: 201,
    handler: async ({ app, auth, body }) => ok(presentBatch(await startBatch(app, auth!.user, body.knowledge_ids))),
  }),

  defineRoute({
    id: 'profit_analysis.batch.list',
    method: 'GET',
    path: '/profit-analysis/batch',
    summary: 'Your batch analyses with their progress, newest first',
    tag,
    requirement: read,
    query: z.strictObject(pageQuery),
    response: z.array(profitBatchSchema),
    handler: async ({ app, auth, query }) => {
      const base = app.db.selectFrom('profit_analysis_batches').where('user_id', '=', auth!.user.id);
      const { rows, total } = await pageOf(base, (b) => b.selectAll().orderBy('id', 'desc'), query);
      return ok(rows.map(presentBatch), { pagination: paginate(total, query.page, query.page_size) });
    },
  }),

  defineRoute({
    id: 'profit_analysis.batch.get',
    method: 'GET',
    path: '/profit-analysis/batch/:id',
    summary: 'One of your batch analyses: progress and the result for every idea analysed so far',
    tag,
    requirement: read,
    params: idParam,
    response: profitBatchSchema,
    handler: async ({ app, auth, params }) => {
      const batch = await app.db
        .selectFrom('profit_analysis_batches')
        .selectAll()
        .where('id', '=', params.id)
        .where('user_id', '=', auth!.user.id)
        .executeTakeFirst();
      if (!batch) throw notFound('Batch');
      const results = await app.db
        .selectFrom('profit_analyses as p')
        .innerJoin('knowledge as k', 'k.id', 'p.knowledge_id')
        .selectAll('p')
        .select('k.title')
        .where('p.batch_id', '=', batch.id)
        .orderBy('p.id')
        .execute();
      return ok({ ...presentBatch(batch), results: results.map(presentProfitAnalysis) });
    },
  }),
];
