import type {
  EmergingTrends,
  IdeaPipeline,
  KnowledgeMetrics,
  ProfitDistribution,
  TagActivity,
} from '@ideamine/shared/contract/dashboard-insights';

// Sample data of the Knowledge & Insights widgets, shown under the warning banner on failure.

export const SAMPLE_KNOWLEDGE_METRICS: KnowledgeMetrics = {
  total_items: 1000,
  new_items_24h: 20,
  new_items_7d: 140,
  growth_rate_percentage: 5,
  enriched_count: 800,
  non_enriched_count: 200,
  analyzed_count: 600,
  non_analyzed_count: 400,
  avg_profit_potential: 6.2,
  by_domain: [{ domain: 'sample.example', count: 1000, percentage: 100 }],
};

export const SAMPLE_TAG_ACTIVITY: TagActivity = {
  period: '7d',
  top_tags: [
    { tag: 'sample-saas', count: 40, trend: 'increasing', change_percentage: 25 },
    { tag: 'sample-ai', count: 30, trend: 'stable', change_percentage: 2 },
  ],
};

export const SAMPLE_IDEA_PIPELINE: IdeaPipeline = {
  raw_data_items: 2000,
  knowledge_items: 1000,
  enriched_ideas: 800,
  analyzed_ideas: 600,
  conversion_rates: { raw_to_knowledge: 50, knowledge_to_enriched: 80, enriched_to_analyzed: 75 },
};

export const SAMPLE_PROFIT_DISTRIBUTION: ProfitDistribution = {
  period: 'all',
  distribution: (['Very High', 'High', 'Medium', 'Low', 'Speculative'] as const).map((category, i) => ({
    category,
    count: 100 - i * 15,
    percentage: 20,
  })),
  previous_period_change: [],
};

export const SAMPLE_EMERGING_TRENDS: EmergingTrends = {
  keywords: [{ keyword: 'sample keyword', frequency: 10, trend: 'increasing' }],
  themes: [{ theme: 'sample theme', frequency: 5, trend: 'stable' }],
};
