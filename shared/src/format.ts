import { TRIAL_WARNING_DAYS } from './limits';
import type { Role } from './permissions';
import type { Trend } from './trend';

// Display rules of spec s4, s5 and s9 as pure functions, so the portal and the desktop console
// show the same numbers, colours and labels, and vitest can pin them down.

/** Colours in Blueprint's vocabulary: success green, primary info blue, warning amber, danger red. */
export type Intent = 'none' | 'primary' | 'success' | 'warning' | 'danger';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** Numbers with 2 decimals (charts pass 0), an optional plus sign for positives, 'N/A' for non-numbers. */
export function formatNumber(value: unknown, options: { decimals?: number; sign?: boolean } = {}): string {
  if (!isNumber(value)) return 'N/A';
  const decimals = options.decimals ?? 2;
  const text = value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  return options.sign && value > 0 ? `+${text}` : text;
}

/** Percentages with 1 decimal. */
export function formatPercent(value: unknown, options: { sign?: boolean } = {}): string {
  const text = formatNumber(value, { decimals: 1, sign: options.sign });
  return text === 'N/A' ? text : `${text}%`;
}

/** Whole counts with thousands separators ("1,234"), 'N/A' for non-numbers. */
export function formatCount(value: unknown): string {
  return formatNumber(value, { decimals: 0 });
}

/** A count and its noun, singular for one: "1 idea", "1,204 ideas"; `plural` for nouns that do not just add an s. */
export function formatCountOf(value: number, noun: string, plural = `${noun}s`): string {
  return `${formatCount(value)} ${value === 1 ? noun : plural}`;
}

/** "Nov 21, 14:05:09" in local time; 'Unknown' when the value is not a date. */
export function formatTimestamp(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'Unknown';
  const date = value instanceof Date ? value : new Date(value as string | number);
  if (Number.isNaN(date.getTime())) return 'Unknown';
  const two = (n: number) => String(n).padStart(2, '0');
  const time = `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${time}`;
}

/** "Nov 21" (short month and day), for daily chart labels and card dates. */
export function formatShortDate(value: unknown): string {
  const date = new Date(value as string);
  if (Number.isNaN(date.getTime())) return 'Unknown';
  return `${MONTHS[date.getMonth()]} ${date.getDate()}`;
}

/** "14:00", the label of an hourly chart point. */
export function formatHour(value: unknown): string {
  const date = new Date(value as string);
  if (Number.isNaN(date.getTime())) return 'Unknown';
  return `${String(date.getHours()).padStart(2, '0')}:00`;
}

/** "3 minutes ago" style relative time for lists; falls back to the timestamp beyond a week. */
export function formatRelative(value: unknown, now: Date = new Date()): string {
  const date = new Date(value as string);
  if (Number.isNaN(date.getTime())) return 'Unknown';
  const seconds = Math.round((now.getTime() - date.getTime()) / 1000);
  if (seconds < 60) return 'just now';
  const units: [number, string][] = [
    [60, 'minute'],
    [3600, 'hour'],
    [86_400, 'day'],
  ];
  if (seconds >= 7 * 86_400) return formatShortDate(date);
  let label = '';
  for (const [size, name] of units) {
    if (seconds >= size) {
      const n = Math.floor(seconds / size);
      label = `${n} ${name}${n === 1 ? '' : 's'} ago`;
    }
  }
  return label;
}

/** The sub-scores an idea card averages when it has no profit score. */
export interface IdeaScores {
  profit_score: number | null;
  problem_severity_score: number | null;
  market_demand_score: number | null;
  monetization_score: number | null;
  implementation_score: number | null;
}

/** An idea's score out of 10: its profit score, else the one-decimal average of its four sub-scores. */
export function ideaScore(idea: IdeaScores): number | null {
  if (isNumber(idea.profit_score)) return idea.profit_score;
  const subs = [
    idea.problem_severity_score,
    idea.market_demand_score,
    idea.monetization_score,
    idea.implementation_score,
  ].filter(isNumber);
  if (subs.length === 0) return null;
  return Math.round((subs.reduce((a, b) => a + b, 0) / subs.length) * 10) / 10;
}

/** Idea score colour on the 0-5 scale: 4.5+ green, 3.5+ info, 2.5+ amber, else red. */
export function ideaScoreIntent(score: number | null): Intent {
  if (!isNumber(score)) return 'none';
  if (score >= 4.5) return 'success';
  if (score >= 3.5) return 'primary';
  if (score >= 2.5) return 'warning';
  return 'danger';
}

/** The same colour for a score out of 10 (the card's score), by halving it onto the 0-5 scale. */
export function ideaScoreIntentOutOfTen(score: number | null): Intent {
  return ideaScoreIntent(isNumber(score) ? score / 2 : null);
}

/** Score chips (innovation scores, 0-5): 4+ success, 3+ info, 2+ warning, below 2 error. */
export function scoreChipIntent(score: number | null): Intent {
  if (!isNumber(score)) return 'none';
  if (score >= 4) return 'success';
  if (score >= 3) return 'primary';
  if (score >= 2) return 'warning';
  return 'danger';
}

/**
 * The floor of an innovation score: what the local scorer gives when nothing in the text speaks
 * to it. A chip at the floor says nothing about the idea, and a row of "0.5/5" read as a verdict.
 */
export const INNOVATION_FLOOR = 0.5;

/** Innovation chips show only for scores above the floor, as "x/5". */
export function innovationChipLabel(score: number | null): string | null {
  return isNumber(score) && score > INNOVATION_FLOOR ? `${formatNumber(score, { decimals: 1 })}/5` : null;
}

/** The first `max` items and how many more there are, for "+N" overflow chips. */
export function withOverflow<T>(items: readonly T[], max: number): { shown: T[]; more: number } {
  return { shown: items.slice(0, max), more: Math.max(0, items.length - max) };
}

/** Storage bar: 90% or more red, 70% or more amber, else green. */
export function storageIntent(percentage: number): Intent {
  if (percentage >= 90) return 'danger';
  if (percentage >= 70) return 'warning';
  return 'success';
}

/** Megabytes as gigabytes with one decimal: "12.3 GB". */
export function formatGigabytes(megabytes: number): string {
  return `${formatNumber(megabytes / 1024, { decimals: 1 })} GB`;
}

export const enrichmentRateIntent = (rate: number): Intent => (rate > 70 ? 'success' : 'warning');
export const analysisRateIntent = (rate: number): Intent => (rate > 60 ? 'success' : 'warning');

/** Average profit out of 10: above 7 green, above 5 amber, else red. */
export function averageProfitIntent(score: number): Intent {
  if (score > 7) return 'success';
  if (score > 5) return 'warning';
  return 'danger';
}

/** Domain health success rate: 90+ green, 70+ amber, else red. */
export function successRateIntent(rate: number): Intent {
  if (rate >= 90) return 'success';
  if (rate >= 70) return 'warning';
  return 'danger';
}

/** Retry chips: over 10 red, over 5 amber, else green. */
export function retryCountIntent(count: number): Intent {
  if (count > 10) return 'danger';
  if (count > 5) return 'warning';
  return 'success';
}

export type ErrorRateLevel = 'critical' | 'warning' | 'fine';

/** At or above the threshold is critical, at or above 75% of it a warning. */
export function errorRateLevel(rate: number, threshold: number): ErrorRateLevel {
  if (rate >= threshold) return 'critical';
  if (rate >= threshold * 0.75) return 'warning';
  return 'fine';
}

/** How full the error-rate bar is: rate over threshold, capped at 1. */
export function errorRateFill(rate: number, threshold: number): number {
  if (threshold <= 0) return rate > 0 ? 1 : 0;
  return Math.min(1, Math.max(0, rate / threshold));
}

/** Anything but increasing or decreasing shows as stable. */
export function normaliseTrend(value: unknown): Trend {
  return value === 'increasing' || value === 'decreasing' ? value : 'stable';
}

export type HealthStatus = 'healthy' | 'degraded' | 'down' | 'unknown';

export function normaliseStatus(value: unknown): HealthStatus {
  return value === 'healthy' || value === 'degraded' || value === 'down' ? value : 'unknown';
}

/** Queue depth rising is bad, falling is good. */
export function queueTrendIntent(trend: unknown): Intent {
  const t = normaliseTrend(trend);
  return t === 'increasing' ? 'danger' : t === 'decreasing' ? 'success' : 'none';
}

const TREND_ORDER: Record<Trend, number> = { increasing: 0, stable: 1, decreasing: 2 };

/** Tag trend sort: increasing, stable, decreasing, then change percentage descending. */
export function sortByTrend<T extends { trend: unknown; change_percentage: number }>(items: readonly T[]): T[] {
  return [...items].sort(
    (a, b) =>
      TREND_ORDER[normaliseTrend(a.trend)] - TREND_ORDER[normaliseTrend(b.trend)] ||
      b.change_percentage - a.change_percentage,
  );
}

/** Tag chips are medium above 70% of the largest count, else small. */
export function tagChipSize(count: number, maxCount: number): 'medium' | 'small' {
  return maxCount > 0 && count > maxCount * 0.7 ? 'medium' : 'small';
}

/** Font size of a tag-cloud word between `min` and `max` px by its share of the largest count. */
export function tagCloudFontSize(count: number, maxCount: number, min: number, max: number): number {
  if (maxCount <= 0) return min;
  return Math.round(min + (max - min) * Math.min(1, Math.max(0, count / maxCount)));
}

/** Role badge colours: guest default, trial warning, developer primary, admin error. */
export const ROLE_BADGE_INTENT: Record<Role, Intent> = {
  guest: 'none',
  trial: 'warning',
  developer: 'primary',
  admin: 'danger',
};

export type TrialNotice = { kind: 'expired' } | { kind: 'ending'; daysLeft: number } | null;

/** Trial users are warned when the trial has expired or 7 or fewer days remain. */
export function trialNotice(
  user: { role: Role; trial_expires_at?: string | null },
  now: Date = new Date(),
): TrialNotice {
  if (user.role !== 'trial' || !user.trial_expires_at) return null;
  const msLeft = new Date(user.trial_expires_at).getTime() - now.getTime();
  if (Number.isNaN(msLeft)) return null;
  if (msLeft < 0) return { kind: 'expired' };
  const daysLeft = Math.ceil(msLeft / 86_400_000);
  return daysLeft <= TRIAL_WARNING_DAYS ? { kind: 'ending', daysLeft } : null;
}

/** Whole percent of `count` in `total`, 0 when undefined (job rates and completion rate). */
export function wholePercent(count: number, total: number): number {
  return total > 0 ? Math.round((count / total) * 100) : 0;
}

/**
 * A post's text as paragraphs: blank lines separate them; a single line break inside one is a
 * source's hard wrap (feeds and mail wrap at 72 columns), so it joins the words around it.
 */
export function paragraphsOf(text: string): string[] {
  const paragraphs: string[] = [];
  let lines: string[] = [];
  for (const line of [...text.split('\n'), '']) {
    const trimmed = line.trim();
    if (trimmed) lines.push(trimmed);
    else if (lines.length) {
      paragraphs.push(lines.join(' '));
      lines = [];
    }
  }
  return paragraphs;
}

/** Whether a summary only repeats sentences of the body it was drawn from. */
export function summaryRepeatsBody(summary: string, body: string): boolean {
  const flat = (t: string) => t.replace(/\s+/g, ' ').trim().toLowerCase();
  const b = flat(body);
  const sentences = flat(summary)
    .split(/(?<=[.!?]) /) // flat() left single spaces
    .map((x) => x.replace(/\.\.\.$/, ''))
    .filter(Boolean);
  return sentences.length > 0 && sentences.every((x) => b.includes(x));
}
