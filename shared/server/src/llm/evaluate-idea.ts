import type { Db } from '../db/database';
import type { ProfitLabel } from '../db/schema';
import { recordedCall } from './call-log';
import type { Analysis, CategoryOption, IdeaText, LlmProvider } from './provider';
import { PROFIT_WEIGHTS, scoreColumns } from './scoring';

// One idea through enrichment and analysis, outside the crawl pipeline: Idea Storm and profit
// analysis use it. Every provider call is recorded like the pipeline's.

export interface IdeaEvaluation {
  summary: string;
  categories: string[];
  keywords: string[];
  key_strengths: string[];
  problem_severity_score: number;
  market_demand_score: number;
  monetization_score: number;
  implementation_score: number;
  profit_score: number;
  profit_potential: ProfitLabel;
  business_model_innovation_score: number;
  technology_innovation_score: number;
  market_disruption_potential_score: number;
  approach_novelty_score: number;
  overall_score: number;
  /** Each factor's weighted share of the profit score, so a reader sees why it came out so. */
  profit_breakdown: { factor: string; score: number; weight: number; contribution: number }[];
  recommendations: string[];
  provider: string;
  model: string;
}

const ADVICE: [keyof Analysis, number, string][] = [
  [
    'problem_severity_score',
    5,
    'The pain is not yet clear: find customers who already spend time or money on this problem.',
  ],
  [
    'market_demand_score',
    5,
    'Demand is unproven: look for forums, searches or competitors that show people want this.',
  ],
  [
    'monetization_score',
    5,
    'The revenue model is weak: decide who pays, how often and how much, and test it with a pre-sale.',
  ],
  [
    'implementation_score',
    5,
    'The build looks hard: cut the first version down to one workflow you can ship in weeks.',
  ],
];

export function recommendationsFor(a: Analysis): string[] {
  const tips = ADVICE.filter(([k, below]) => (a[k] as number) < below).map(([, , tip]) => tip);
  if (!tips.length) tips.push('Strong on every factor: move to customer interviews and a paid pilot.');
  return tips;
}

export async function evaluateIdea(
  db: Db,
  provider: LlmProvider,
  idea: IdeaText,
  purpose: string,
  knowledgeId: number | null = null,
): Promise<IdeaEvaluation> {
  const categories: CategoryOption[] = await db.selectFrom('categories').select(['slug', 'name', 'keywords']).execute();
  const e = await recordedCall(db, provider, `${purpose}.enrich`, knowledgeId, () => provider.enrich(idea, categories));
  const known = new Set(categories.map((c) => c.slug));
  const cats = e.categories.filter((c) => known.has(c));
  const a = await recordedCall(db, provider, `${purpose}.analyse`, knowledgeId, () =>
    provider.analyse({ ...idea, summary: e.summary, categories: cats, keywords: e.keywords }),
  );
  const factors = [
    ['problem_severity', a.problem_severity_score, PROFIT_WEIGHTS.problem_severity],
    ['market_demand', a.market_demand_score, PROFIT_WEIGHTS.market_demand],
    ['monetization', a.monetization_score, PROFIT_WEIGHTS.monetization],
    ['implementation', a.implementation_score, PROFIT_WEIGHTS.implementation],
  ] as const;
  return {
    summary: e.summary,
    categories: cats,
    keywords: e.keywords,
    key_strengths: [...new Set([...e.key_strengths, ...a.key_strengths])].slice(0, 6),
    ...scoreColumns(a),
    profit_breakdown: factors.map(([factor, score, weight]) => ({
      factor,
      score,
      weight,
      contribution: Math.round(score * weight * 100) / 100,
    })),
    recommendations: recommendationsFor(a),
    provider: provider.name,
    model: provider.model,
  };
}
