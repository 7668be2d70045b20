import { describe, expect, it } from 'vitest';
import {
  formatCountOf,
  averageProfitIntent,
  errorRateFill,
  errorRateLevel,
  formatGigabytes,
  formatNumber,
  formatPercent,
  formatTimestamp,
  formatHour,
  formatShortDate,
  ideaScore,
  ideaScoreIntent,
  ideaScoreIntentOutOfTen,
  innovationChipLabel,
  paragraphsOf,
  summaryRepeatsBody,
  normaliseTrend,
  queueTrendIntent,
  retryCountIntent,
  scoreChipIntent,
  sortByTrend,
  storageIntent,
  successRateIntent,
  tagChipSize,
  tagCloudFontSize,
  trialNotice,
  wholePercent,
  withOverflow,
} from './format';
import { matchPortalRoute } from './routes';

const noScores = {
  profit_score: null,
  problem_severity_score: null,
  market_demand_score: null,
  monetization_score: null,
  implementation_score: null,
};

describe('number and time formatting (spec s9)', () => {
  it('formats numbers with 2 decimals, percentages with 1, signs on request, N/A otherwise', () => {
    expect(formatNumber(1234.5)).toBe('1,234.50');
    expect(formatNumber(3, { sign: true })).toBe('+3.00');
    expect(formatNumber(-3, { sign: true })).toBe('-3.00');
    expect(formatNumber(0, { sign: true })).toBe('0.00');
    expect(formatNumber(7.6, { decimals: 0 })).toBe('8');
    expect(formatNumber('7')).toBe('N/A');
    expect(formatNumber(Number.NaN)).toBe('N/A');
    expect(formatPercent(12.345, { sign: true })).toBe('+12.3%');
    expect(formatPercent(undefined)).toBe('N/A');
  });

  it('shows timestamps as short month, day and time, Unknown when unformattable', () => {
    const date = new Date(2026, 10, 21, 9, 5, 7);
    expect(formatTimestamp(date.toISOString())).toBe('Nov 21, 09:05:07');
    expect(formatTimestamp('not a date')).toBe('Unknown');
    expect(formatTimestamp(null)).toBe('Unknown');
    expect(formatShortDate(date.toISOString())).toBe('Nov 21');
    expect(formatHour(date.toISOString())).toBe('09:00');
  });

  it('shows storage in GB with one decimal', () => {
    expect(formatGigabytes(1536)).toBe('1.5 GB');
  });

  it('rounds rates to whole percent, 0 when undefined', () => {
    expect(wholePercent(1, 3)).toBe(33);
    expect(wholePercent(5, 0)).toBe(0);
  });
});

describe('idea scores (spec s2, s5, s9)', () => {
  it('uses the profit score, else the one-decimal average of the four sub-scores', () => {
    expect(ideaScore({ ...noScores, profit_score: 7.25, market_demand_score: 1 })).toBe(7.25);
    expect(
      ideaScore({
        profit_score: null,
        problem_severity_score: 7,
        market_demand_score: 8,
        monetization_score: 6,
        implementation_score: 6,
      }),
    ).toBe(6.8);
    expect(ideaScore({ ...noScores, market_demand_score: 5, monetization_score: 6 })).toBe(5.5);
    expect(ideaScore(noScores)).toBeNull();
  });

  it('colours idea scores at 4.5, 3.5 and 2.5 (out of 5), and halves scores out of 10', () => {
    expect([4.5, 4.49, 3.5, 2.5, 2.49].map(ideaScoreIntent)).toEqual([
      'success',
      'primary',
      'primary',
      'warning',
      'danger',
    ]);
    expect(ideaScoreIntent(null)).toBe('none');
    expect(ideaScoreIntentOutOfTen(9)).toBe('success');
    expect(ideaScoreIntentOutOfTen(4.9)).toBe('danger');
  });

  it('colours score chips at 4, 3 and 2, and shows innovation chips only above 0', () => {
    expect([4, 3.9, 3, 2, 1.9].map(scoreChipIntent)).toEqual(['success', 'primary', 'primary', 'warning', 'danger']);
    expect(innovationChipLabel(0)).toBeNull();
    expect(innovationChipLabel(0.5)).toBeNull(); // the floor: nothing in the text spoke to it
    expect(innovationChipLabel(null)).toBeNull();
    expect(innovationChipLabel(3.25)).toBe('3.3/5');
  });

  it('keeps at most N chips and counts the rest', () => {
    expect(withOverflow(['a', 'b', 'c', 'd', 'e'], 3)).toEqual({ shown: ['a', 'b', 'c'], more: 2 });
    expect(withOverflow(['a'], 2)).toEqual({ shown: ['a'], more: 0 });
  });
});

describe('dashboard thresholds (spec s4, s9)', () => {
  it('colours storage, profit, success rates and retries', () => {
    expect([90, 89.9, 70, 69.9].map(storageIntent)).toEqual(['danger', 'warning', 'warning', 'success']);
    expect([7.1, 7, 5.1, 5].map(averageProfitIntent)).toEqual(['success', 'warning', 'warning', 'danger']);
    expect([90, 89, 70, 69].map(successRateIntent)).toEqual(['success', 'warning', 'warning', 'danger']);
    expect([11, 10, 6, 5].map(retryCountIntent)).toEqual(['danger', 'warning', 'warning', 'success']);
  });

  it('grades error rates against the threshold and fills the bar', () => {
    expect(errorRateLevel(10, 10)).toBe('critical');
    expect(errorRateLevel(7.5, 10)).toBe('warning');
    expect(errorRateLevel(7.4, 10)).toBe('fine');
    expect(errorRateFill(5, 10)).toBe(0.5);
    expect(errorRateFill(50, 10)).toBe(1);
  });

  it('reads unknown trends as stable; a rising queue is bad', () => {
    expect(normaliseTrend('sideways')).toBe('stable');
    expect(queueTrendIntent('increasing')).toBe('danger');
    expect(queueTrendIntent('decreasing')).toBe('success');
    expect(queueTrendIntent(undefined)).toBe('none');
  });

  it('sorts tags increasing, stable, decreasing, then by change descending', () => {
    const sorted = sortByTrend([
      { tag: 'a', trend: 'decreasing', change_percentage: -5 },
      { tag: 'b', trend: 'stable', change_percentage: 2 },
      { tag: 'c', trend: 'increasing', change_percentage: 20 },
      { tag: 'd', trend: 'increasing', change_percentage: 50 },
      { tag: 'e', trend: 'odd', change_percentage: 9 },
    ]);
    expect(sorted.map((t) => t.tag)).toEqual(['d', 'c', 'e', 'b', 'a']);
  });

  it('sizes tag chips and tag-cloud words', () => {
    expect(tagChipSize(71, 100)).toBe('medium');
    expect(tagChipSize(70, 100)).toBe('small');
    expect(tagCloudFontSize(100, 100, 14, 30)).toBe(30);
    expect(tagCloudFontSize(0, 100, 16, 36)).toBe(16);
    expect(tagCloudFontSize(5, 0, 14, 30)).toBe(14);
  });
});

describe('trial notice (spec s4)', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  it('warns when expired or 7 or fewer days remain, for trial users only', () => {
    expect(trialNotice({ role: 'trial', trial_expires_at: '2026-11-20T12:00:00Z' }, now)).toEqual({ kind: 'expired' });
    expect(trialNotice({ role: 'trial', trial_expires_at: '2026-11-28T12:00:00Z' }, now)).toEqual({
      kind: 'ending',
      daysLeft: 7,
    });
    expect(trialNotice({ role: 'trial', trial_expires_at: '2026-11-29T12:00:00Z' }, now)).toBeNull();
    expect(trialNotice({ role: 'developer', trial_expires_at: '2026-11-20T12:00:00Z' }, now)).toBeNull();
  });
});

describe('portal route table', () => {
  it('matches concrete paths, static segments before params', () => {
    expect(matchPortalRoute('/ideas/high-potential')?.path).toBe('/ideas/high-potential');
    expect(matchPortalRoute('/ideas/42')?.path).toBe('/ideas/$id');
    expect(matchPortalRoute('/ideas/42/a-slug')?.path).toBe('/ideas/$id/$slug');
    expect(matchPortalRoute('/my/projects/new')?.requirement).toEqual({ kind: 'role', role: 'trial' });
    expect(matchPortalRoute('/admin/knowledge/3/edit')?.requirement).toEqual({
      kind: 'permission',
      resource: 'knowledge',
      action: 'write',
    });
    expect(matchPortalRoute('/nowhere/at/all')).toBeUndefined();
  });
});

describe('paragraphsOf', () => {
  it('splits on blank lines and joins hard-wrapped lines', () => {
    expect(paragraphsOf('One line\nwrapped here.\n\nSecond  one.\n')).toEqual([
      'One line wrapped here.',
      'Second  one.',
    ]);
    expect(paragraphsOf('   ')).toEqual([]);
  });
});

describe('summaryRepeatsBody', () => {
  it('is true when every sentence of the summary is in the body', () => {
    const body = 'People waste hours on invoices.\nA tool could match them.\n\nI would pay for it.';
    expect(summaryRepeatsBody('People waste hours on invoices. I would pay for it.', body)).toBe(true);
    expect(summaryRepeatsBody('A new summary written by a model.', body)).toBe(false);
    expect(summaryRepeatsBody('', body)).toBe(false);
  });
});

describe('formatCountOf', () => {
  it('says one thing in the singular and any other count in the plural, with separators', () => {
    expect(formatCountOf(1, 'live worker')).toBe('1 live worker');
    expect(formatCountOf(0, 'message')).toBe('0 messages');
    expect(formatCountOf(1204, 'idea')).toBe('1,204 ideas');
  });

  it('takes the plural of a noun that does not just add an s', () => {
    expect(formatCountOf(1, 'match', 'matches')).toBe('1 match');
    expect(formatCountOf(3, 'match', 'matches')).toBe('3 matches');
  });
});
