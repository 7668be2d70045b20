import { describe, expect, it } from 'vitest';
import { formatUptime } from './uptime';

describe('formatUptime', () => {
  it('names the two largest units', () => {
    expect(formatUptime(42)).toBe('42 s');
    expect(formatUptime(5 * 60 + 3)).toBe('5 min 3 s');
    expect(formatUptime(5 * 3600 + 12 * 60)).toBe('5 h 12 min');
    expect(formatUptime(3 * 86_400 + 4 * 3600 + 59)).toBe('3 d 4 h');
  });
  it('treats negative or fractional input sanely', () => {
    expect(formatUptime(-3)).toBe('0 s');
    expect(formatUptime(59.9)).toBe('59 s');
  });
});
