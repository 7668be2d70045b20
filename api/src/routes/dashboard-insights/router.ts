import { z } from 'zod';
import {
  adminHighPotentialIdeaSchema,
  adminHighPotentialQuery,
  domainHealthQuery,
  domainHealthSchema,
  emergingTrendsQuery,
  emergingTrendsSchema,
  ideaPipelineSchema,
  knowledgeMetricsSchema,
  profitDistributionQuery,
  profitDistributionSchema,
  sourcePerformanceQuery,
  sourcePerformanceSchema,
  tagActivityQuery,
  tagActivitySchema,
} from '@ideamine/shared/contract/dashboard-insights';
import { paginate } from '@ideamine/shared/envelope';
import { role } from '@ideamine/shared/permissions';
import { presentHighPotentialIdea } from '../../presenters/public-idea';
import {
  adminHighPotentialIdeas,
  ideaPipeline,
  knowledgeMetrics,
  profitDistribution,
  tagActivity,
} from '@ideamine/server/queries/insights/knowledge';
import { domainHealth, sourcePerformance } from '@ideamine/server/queries/insights/sources';
import { emergingKeywords, emergingThemes } from '@ideamine/server/queries/insights/trends';
import { defineRoute, ok } from '../define';

// The admin dashboard's Knowledge & Insights and Data Sources tabs (spec s2). /admin is
// admin-only, so every widget is too.

const tag = 'Dashboard insights';
const requirement = role('admin');

export const dashboardInsightsRoutes = [
  defineRoute({
    id: 'dashboard.knowledge_metrics',
    method: 'GET',
    path: '/dashboard/knowledge-metrics',
    summary: 'Live ideas: totals, new in 24h and 7d, growth, enrichment and analysis counts, mean profit, top domains',
    tag,
    requirement,
    response: knowledgeMetricsSchema,
    sharedCache: true,
    handler: async ({ app }) => ok(await knowledgeMetrics(app.db)),
  }),

  defineRoute({
    id: 'dashboard.tag_activity',
    method: 'GET',
    path: '/dashboard/tag-activity',
    summary:
      'Most used tags (keywords for untagged ideas) of new ideas in the period, with trend against the period before',
    tag,
    requirement,
    query: tagActivityQuery,
    response: tagActivitySchema,
    sharedCache: true,
    handler: async ({ app, query }) => ok(await tagActivity(app.db, query.period, query.limit)),
  }),

  defineRoute({
    id: 'dashboard.idea_pipeline',
    method: 'GET',
    path: '/dashboard/idea-pipeline',
    summary: 'Raw pages, ideas, enriched and analysed ideas, with conversion rates in percent',
    tag,
    requirement,
    response: ideaPipelineSchema,
    sharedCache: true,
    handler: async ({ app }) => ok(await ideaPipeline(app.db)),
  }),

  defineRoute({
    id: 'dashboard.profit_distribution',
    method: 'GET',
    path: '/dashboard/profit-distribution',
    summary:
      "Ideas per profit category in the period, with the change against the period before ('all': last 30 days vs the 30 before)",
    tag,
    requirement,
    query: profitDistributionQuery,
    response: profitDistributionSchema,
    sharedCache: true,
    handler: async ({ app, query }) => ok(await profitDistribution(app.db, query.period)),
  }),

  defineRoute({
    id: 'dashboard.high_potential_ideas',
    method: 'GET',
    path: '/dashboard/high-potential-ideas',
    summary: 'Live ideas with an overall score, public or private, best first; limit is the page size',
    tag,
    requirement,
    query: adminHighPotentialQuery,
    response: z.array(adminHighPotentialIdeaSchema),
    sharedCache: true,
    handler: async ({ app, query }) => {
      const p = { page: query.page, page_size: query.limit };
      const { rows, total } = await adminHighPotentialIdeas(app.db, p);
      return ok(
        rows.map((r) => ({ ...presentHighPotentialIdea(r), visibility: r.visibility })),
        { pagination: paginate(total, p.page, p.page_size) },
      );
    },
  }),

  defineRoute({
    id: 'dashboard.emerging_trends',
    method: 'GET',
    path: '/dashboard/emerging-trends',
    summary: 'Keywords and themes (categories) of the last 7 days against the 7 before; rising ones first',
    tag,
    requirement,
    query: emergingTrendsQuery,
    response: emergingTrendsSchema,
    sharedCache: true,
    handler: async ({ app, query }) => {
      const [keywords, themes] = await Promise.all([
        emergingKeywords(app.db, query.limit),
        emergingThemes(app.db, query.limit),
      ]);
      return ok({ keywords, themes });
    },
  }),

  defineRoute({
    id: 'dashboard.source_performance',
    method: 'GET',
    path: '/dashboard/source-performance',
    summary: 'Per crawled domain: pages, extraction and idea rates, mean profit score and volume trend',
    tag,
    requirement,
    query: sourcePerformanceQuery,
    response: sourcePerformanceSchema,
    sharedCache: true,
    handler: async ({ app, query }) => ok(await sourcePerformance(app.db, query)),
  }),

  defineRoute({
    id: 'dashboard.domain_health',
    method: 'GET',
    path: '/dashboard/domain-health',
    summary: 'Per crawled domain (last 7 days): success rate, error types, retries, persistent issues first',
    tag,
    requirement,
    query: domainHealthQuery,
    response: domainHealthSchema,
    sharedCache: true,
    handler: async ({ app, query }) => ok(await domainHealth(app.db, query.limit, query.issues_only)),
  }),
];
