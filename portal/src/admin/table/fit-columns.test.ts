import { describe, expect, it } from 'vitest';
import { fitColumns, MIN_COLUMN_WIDTH } from './fit-columns';

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('fitColumns', () => {
  it('shrinks columns wider than the box to fill it exactly, keeping their proportions', () => {
    const widths = fitColumns([36, 300, 200, 160, 160, 160, 280], 1, 1130);
    expect(sum(widths)).toBe(1130);
    expect(widths[0]).toBe(36);
    expect(widths[1]! / widths[2]!).toBeCloseTo(1.5, 1);
  });

  it('widens columns narrower than the box', () => {
    const widths = fitColumns([160, 160], 0, 1000);
    expect(widths).toEqual([500, 500]);
  });

  it('keeps a least width and lets a narrow box scroll', () => {
    const widths = fitColumns([36, 300, 200, 160, 160], 1, 300);
    expect(widths.slice(1).every((w) => w >= MIN_COLUMN_WIDTH)).toBe(true);
    expect(sum(widths)).toBeGreaterThan(300);
  });

  it('leaves widths alone until the box is measured', () => {
    expect(fitColumns([160, 90], 0, 0)).toEqual([160, 90]);
  });
});

describe('fitColumns with narrow columns', () => {
  it('fits exactly although some columns stay at the least width', () => {
    const widths = fitColumns([60, 260, 150, 150, 60, 120, 130, 130, 130], 0, 1128);
    expect(sum(widths)).toBe(1128);
    expect(widths[0]).toBe(MIN_COLUMN_WIDTH);
    expect(widths.every((w) => w >= MIN_COLUMN_WIDTH)).toBe(true);
  });
});
