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
  rescoring: { model_version: 'idea-model-sample', stale: 0, analysed: 600 },
  refiling: null,
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

/** Shown under the banner when /dashboard/high-potential-ideas fails. */
export const SAMPLE_HIGH_POTENTIAL = [1, 2, 3].map((n) => ({
  id: -n,
  slug: `sample-idea-${n}`,
  title: `Sample idea ${n} (sample)`,
  summary: 'A sample idea shown because the high-potential ideas could not be loaded.',
  overall_score: 4.6 - n * 0.3,
  business_model_innovation_score: 4,
  technology_innovation_score: 3.5,
  market_disruption_potential_score: 3,
  approach_novelty_score: 0,
  key_strengths: ['Recurring revenue', 'Clear pain point', 'Small team can build it', 'Growing market'],
  profit_potential: 'High' as const,
  profit_score: 8,
  source_url: '',
  created_at: new Date(0).toISOString(),
  visibility: 'public' as const,
}));
