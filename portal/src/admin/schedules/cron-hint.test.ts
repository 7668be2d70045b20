import { describe, expect, it } from 'vitest';
import { describeCron, formatUntil } from './cron-hint';

describe('describeCron', () => {
  it.each([
    ['* * * * *', 'Every minute'],
    ['*/15 * * * *', 'Every 15 minutes'],
    ['0 * * * *', 'Every hour, on the hour'],
    ['30 */6 * * *', 'Every 6 hours at minute 30'],
    ['0 3 * * *', 'At 03:00'],
    ['15 9 * * 1-5', 'At 09:15, on Monday to Friday'],
    ['0 12 1 * *', 'At 12:00, on the 1st of the month'],
    ['0 12 1,15 * *', 'At 12:00, on the 1st and 15th of the month'],
    ['0 0 * 1,7 sun', 'At 00:00, on Sunday, in January and July'],
    ['5 4,16 * * *', 'At minute 5 past hour 4 and 16'],
  ])('reads %s', (cron, text) => {
    expect(describeCron(cron)).toBe(text);
  });

  it('gives null unless there are five fields', () => {
    expect(describeCron('not a cron')).toBeNull();
    expect(describeCron('')).toBeNull();
    expect(describeCron('* * * * * *')).toBeNull();
  });
});

describe('formatUntil', () => {
  const now = new Date('2030-01-01T00:00:00Z');
  it.each([
    ['2030-01-01T00:00:30Z', 'due now'],
    ['2029-12-31T23:00:00Z', 'due now'],
    ['2030-01-01T00:05:00Z', 'in 5 minutes'],
    ['2030-01-01T01:00:00Z', 'in 1 hour'],
    ['2030-01-03T06:00:00Z', 'in 2 days'],
  ])('%s', (when, text) => expect(formatUntil(when, now)).toBe(text));
});
