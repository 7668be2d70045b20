import type { ProfitLabel } from '@ideamine/api/db/schema';
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
