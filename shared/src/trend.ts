import { TREND_THRESHOLD_PERCENT } from './limits';

export type Trend = 'increasing' | 'decreasing' | 'stable';

/** Change of a count against the previous window, in percent with one decimal. From zero, any rise is +100%. */
export function changePercentage(current: number, previous: number): number {
  if (previous === 0) return current > 0 ? 100 : 0;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** `part` as a percent of `whole`, one decimal; 0 when `whole` is 0. */
export function percentOf(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;
}

export function trendOf(changePercent: number): Trend {
  if (changePercent >= TREND_THRESHOLD_PERCENT) return 'increasing';
  if (changePercent <= -TREND_THRESHOLD_PERCENT) return 'decreasing';
  return 'stable';
}
