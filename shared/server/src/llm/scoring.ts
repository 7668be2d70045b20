import type { ProfitLabel } from '../db/schema';
import type { Analysis } from './provider';

// Turning sub-scores into the profit score and its label (spec s9 categories), and deciding
// what counts as a high-potential idea. Shared by every provider.

export const PROFIT_WEIGHTS = { problem_severity: 0.3, market_demand: 0.3, monetization: 0.25, implementation: 0.15 };

export function profitScore(a: Analysis): number {
  const s =
    a.problem_severity_score * PROFIT_WEIGHTS.problem_severity +
    a.market_demand_score * PROFIT_WEIGHTS.market_demand +
    a.monetization_score * PROFIT_WEIGHTS.monetization +
    a.implementation_score * PROFIT_WEIGHTS.implementation;
  return Math.round(s * 100) / 100;
}

export function profitLabel(score: number): ProfitLabel {
  if (score >= 8) return 'Very High';
  if (score >= 6.5) return 'High';
  if (score >= 5) return 'Medium';
  if (score >= 3.5) return 'Low';
  return 'Speculative';
}

export function overallScore(a: Analysis): number {
  const s =
    (a.business_model_innovation_score +
      a.technology_innovation_score +
      a.market_disruption_potential_score +
      a.approach_novelty_score) /
    4;
  return Math.round(s * 100) / 100;
}

/** The scores an analysis gives an idea, as stored on it: sub-scores, profit, innovation, overall. */
export function scoreColumns(a: Analysis) {
  const profit = profitScore(a);
  return {
    problem_severity_score: a.problem_severity_score,
    market_demand_score: a.market_demand_score,
    monetization_score: a.monetization_score,
    implementation_score: a.implementation_score,
    profit_score: profit,
    profit_potential: profitLabel(profit),
    business_model_innovation_score: a.business_model_innovation_score,
    technology_innovation_score: a.technology_innovation_score,
    market_disruption_potential_score: a.market_disruption_potential_score,
    approach_novelty_score: a.approach_novelty_score,
    overall_score: overallScore(a),
  };
}
