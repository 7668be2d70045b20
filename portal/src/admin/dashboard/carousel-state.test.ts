import { describe, expect, it } from 'vitest';
import { clampSlide, nextAutoplaySlide } from './carousel-state';

describe('high-potential carousel', () => {
  it('autoplays forward and stops at the last slide instead of wrapping', () => {
    expect(nextAutoplaySlide(0, 3, false)).toBe(1);
    expect(nextAutoplaySlide(1, 3, false)).toBe(2);
    expect(nextAutoplaySlide(2, 3, false)).toBeNull();
  });
  it('does not move while hovered or with one slide', () => {
    expect(nextAutoplaySlide(0, 3, true)).toBeNull();
    expect(nextAutoplaySlide(0, 1, false)).toBeNull();
    expect(nextAutoplaySlide(0, 0, false)).toBeNull();
  });
  it('keeps arrows and dots inside the slides', () => {
    expect(clampSlide(-1, 5)).toBe(0);
    expect(clampSlide(7, 5)).toBe(4);
    expect(clampSlide(3, 0)).toBe(0);
  });
});
