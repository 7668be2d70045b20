import type { Db } from '../db/database';
import type { ProfitLabel } from '../db/schema';
import { recordedCall } from './call-log';
import type { Analysis, CategoryOption, IdeaText, LlmProvider } from './provider';
import { adviceBars } from './idea-model/advice';
import { ideaModel, SUB_SCORES, type SubScore } from './idea-model/model';
import { scoreColumns, subScoresOf } from './scoring';

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
  /**
   * Each factor's weighted share of the profit score, so a reader sees why it came out so; then
   * the model's baseline (its bias) and the calibration onto the labels' scale, which have no
   * score or weight of their own. The contributions add up to the profit score.
   */
  profit_breakdown: { factor: string; score: number | null; weight: number | null; contribution: number }[];
  /** Per sub-score, the sentences of the idea that drove it: the same evidence a mined idea shows. */
  evidence: Record<(typeof SUB_SCORES)[number], string[]>;
  recommendations: string[];
  provider: string;
  model: string;
}

const ADVICE: [SubScore, keyof Analysis, string][] = [
  [
    'severity',
    'problem_severity_score',
    'The pain is less clear than in most ideas: find customers who already spend time or money on this problem.',
  ],
  [
    'demand',
    'market_demand_score',
    'Demand looks thinner than for most ideas: look for forums, searches or competitors that show people want this.',
  ],
  [
    'monetization',
    'monetization_score',
    'The revenue model is weaker than in most ideas: decide who pays, how often and how much, and test it with a pre-sale.',
  ],
  [
    'implementation',
    'implementation_score',
    'The build looks harder than most: cut the first version down to one workflow you can ship in weeks.',
  ],
];

/** Advice on each sub-score below its bar (advice.ts: the lower third of kept ideas, for the local model). */
export function recommendationsFor(a: Analysis, bars: Record<SubScore, number>): string[] {
  const tips = ADVICE.filter(([k, column]) => (a[column] as number) < bars[k]).map(([, , tip]) => tip);
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
  return { ...evaluation(e, cats, a, adviceBars(provider.name)), provider: provider.name, model: provider.model };
}

const FACTOR_NAMES = {
  severity: 'problem_severity',
  demand: 'market_demand',
  monetization: 'monetization',
  implementation: 'implementation',
} as const;

const round2 = (v: number) => Math.round(v * 100) / 100;

function evaluation(
  e: { summary: string; keywords: string[]; key_strengths: string[] },
  cats: string[],
  a: Analysis,
  bars: Record<SubScore, number>,
): Omit<IdeaEvaluation, 'provider' | 'model'> {
  const model = ideaModel();
  const profit = model.file.profit;
  const scores = subScoresOf(a);
  const columns = scoreColumns(a);
  return {
    summary: e.summary,
    categories: cats,
    keywords: e.keywords,
    key_strengths: [...new Set([...e.key_strengths, ...a.key_strengths])].slice(0, 6),
    ...columns,
    profit_breakdown: [
      ...SUB_SCORES.map((k) => ({
        factor: FACTOR_NAMES[k],
        score: scores[k],
        weight: profit.weights[k],
        contribution: round2(scores[k] * profit.weights[k]),
      })),
      { factor: 'baseline', score: null, weight: null, contribution: round2(profit.bias) },
      // What placing the weighted sum on the labels' scale added or took away, so the rows add up.
      {
        factor: 'calibration',
        score: null,
        weight: null,
        contribution: round2(columns.profit_score - model.rawProfit(scores)),
      },
    ],
    evidence: a.evidence ?? { severity: [], demand: [], monetization: [], implementation: [] },
    recommendations: recommendationsFor(a, bars),
  };
}
