import {
  llmModelDetailSchema,
  llmModelParams,
  llmModelQuery,
  llmMonitoringQuery,
  llmMonitoringSchema,
  SERIES_GRANULARITY,
} from '@ideamine/shared/contract/llm-monitoring';
import { paginate } from '@ideamine/shared/envelope';
import { role } from '@ideamine/shared/permissions';
import { notFound } from '@ideamine/server/errors';
import {
  llmModelProviders,
  llmModelStats,
  llmRecentCalls,
  llmRecentErrors,
  llmSeries,
  llmTotals,
} from '@ideamine/server/queries/llm-monitoring';
import { defineRoute, ok } from '../define';

// /admin/llm-monitoring (spec s2, admin only): the cost, speed and failures of LLM calls.

const tag = 'LLM monitoring';
const requirement = role('admin');

export const llmMonitoringRoutes = [
  defineRoute({
    id: 'admin.llm_monitoring',
    method: 'GET',
    path: '/admin/llm-monitoring',
    summary: 'LLM calls of the period per provider and model (tokens, latency p50/p95, errors, cost) and over time',
    tag,
    requirement,
    query: llmMonitoringQuery,
    response: llmMonitoringSchema,
    sharedCache: true,
    handler: async ({ app, query }) => {
      const [totals, models, series] = await Promise.all([
        llmTotals(app.db, query.period),
        llmModelStats(app.db, query.period),
        llmSeries(app.db, query.period),
      ]);
      return ok({ period: query.period, granularity: SERIES_GRANULARITY[query.period], totals, models, series });
    },
  }),

  defineRoute({
    id: 'admin.llm_monitoring.model',
    method: 'GET',
    path: '/admin/llm-monitoring/models/:modelName',
    summary: 'One model (URL-encode names with slashes): period aggregate and series, recent calls (paged) and errors',
    tag,
    requirement,
    params: llmModelParams,
    query: llmModelQuery,
    response: llmModelDetailSchema,
    sharedCache: true,
    handler: async ({ app, params, query }) => {
      const model = params.modelName;
      const providers = await llmModelProviders(app.db, model);
      if (providers.length === 0) throw notFound('Model');
      const [stats, series, calls, errors] = await Promise.all([
        llmTotals(app.db, query.period, model),
        llmSeries(app.db, query.period, model),
        llmRecentCalls(app.db, model, query),
        llmRecentErrors(app.db, model),
      ]);
      return ok(
        {
          model,
          providers,
          period: query.period,
          granularity: SERIES_GRANULARITY[query.period],
          stats,
          series,
          recent_calls: calls.rows,
          recent_errors: errors,
        },
        { pagination: paginate(calls.total, query.page, query.page_size) },
      );
    },
  }),
];
