import type { Trend } from '@ideamine/shared/trend';

// How a keyword or tag trend looks wherever it is shown: rising green, falling red.
export const TREND_INTENT = { increasing: 'success', decreasing: 'danger', stable: 'none' } as const satisfies Record<
  Trend,
  string
>;
export const TREND_ICON = {
  increasing: 'trending-up',
  decreasing: 'trending-down',
  stable: 'minus',
} as const satisfies Record<Trend, string>;
