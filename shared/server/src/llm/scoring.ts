import type { ProfitLabel } from '../db/schema';
import { ideaModel, type SubScore } from './idea-model/model';
import type { Analysis } from './provider';

// Turning sub-scores into the profit score and its label (spec s9 categories), and deciding
// what counts as a high-potential idea. Shared by every provider: whoever gave the sub-scores,
// they are combined by the weights the idea model fitted on labelled posts, so every idea is
// measured on one scale.

/** An analysis's four sub-scores under the idea model's names. */
export function subScoresOf(a: Analysis): Record<SubScore, number> {
  return {
    severity: a.problem_severity_score,
    demand: a.market_demand_score,
    monetization: a.monetization_score,
    implementation: a.implementation_score,
  };
}

export function profitScore(a: Analysis): number {
  return ideaModel().profit(subScoresOf(a));
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
