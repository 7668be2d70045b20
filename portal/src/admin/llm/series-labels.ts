import { formatHour, formatShortDate } from '@ideamine/shared/format';

/** Chart labels of a series: hour:00 for hourly buckets, short month and day for daily ones. */
export const seriesLabels = (points: { timestamp: string }[], granularity: 'hour' | 'day') =>
  points.map((p) => (granularity === 'hour' ? formatHour(p.timestamp) : formatShortDate(p.timestamp)));
