import { describe, expect, it } from 'vitest';
import { pearson, precisionRecall, ranks, rocAuc, spearman } from './metrics';

describe('evaluation metrics', () => {
  it('computes ROC AUC, ties counting half', () => {
    expect(rocAuc([0.9, 0.8, 0.3, 0.1], [true, true, false, false])).toBe(1);
    expect(rocAuc([0.1, 0.2, 0.8, 0.9], [true, true, false, false])).toBe(0);
    expect(rocAuc([0.5, 0.5], [true, false])).toBe(0.5);
    expect(rocAuc([0.9, 0.4, 0.6, 0.1], [true, true, false, false])).toBe(0.75);
  });

  it('ranks with ties and correlates', () => {
    expect(ranks([10, 20, 20, 5])).toEqual([2, 3.5, 3.5, 1]);
    expect(pearson([1, 2, 3], [2, 4, 6])).toBeCloseTo(1);
    expect(spearman([1, 2, 3, 4], [1, 4, 9, 100])).toBeCloseTo(1);
    expect(spearman([1, 2, 3, 4], [4, 3, 2, 1])).toBeCloseTo(-1);
  });

  it('counts precision, recall and F1', () => {
    const r = precisionRecall([true, true, false, false], [true, false, true, false]);
    expect(r).toEqual({ precision: 0.5, recall: 0.5, f1: 0.5 });
    // The kept noise post weighs three times as much: precision 1 / (1 + 3).
    const weighed = precisionRecall([true, true, false, false], [true, false, true, false], [1, 3, 1, 1]);
    expect(weighed.precision).toBe(0.25);
    expect(weighed.recall).toBe(0.5);
  });
});
