// The figures the evaluation reports, each the textbook definition.

/** Area under the ROC curve: the chance that a random positive scores above a random negative (ties count half). */
export function rocAuc(scores: number[], positive: boolean[]): number {
  const ranked = ranks(scores);
  const nPos = positive.filter(Boolean).length;
  const nNeg = positive.length - nPos;
  if (!nPos || !nNeg) return NaN;
  const rankSum = ranked.reduce((s, r, i) => (positive[i] ? s + r : s), 0);
  return (rankSum - (nPos * (nPos + 1)) / 2) / (nPos * nNeg);
}

/** 1-based ranks, ties sharing their mean rank. */
export function ranks(values: number[]): number[] {
  const order = values.map((v, i) => ({ v, i })).sort((a, b) => a.v - b.v);
  const out = new Array<number>(values.length);
  for (let start = 0; start < order.length;) {
    let end = start;
    while (end + 1 < order.length && order[end + 1]!.v === order[start]!.v) end++;
    const mean = (start + end) / 2 + 1;
    for (let k = start; k <= end; k++) out[order[k]!.i] = mean;
    start = end + 1;
  }
  return out;
}

export function pearson(x: number[], y: number[]): number {
  const n = x.length;
  const mx = x.reduce((a, b) => a + b, 0) / n;
  const my = y.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    sxy += (x[i]! - mx) * (y[i]! - my);
    sxx += (x[i]! - mx) ** 2;
    syy += (y[i]! - my) ** 2;
  }
  return sxx && syy ? sxy / Math.sqrt(sxx * syy) : NaN;
}

export const spearman = (x: number[], y: number[]) => pearson(ranks(x), ranks(y));

/** Each post counts 1, or its weight when `weights` are given. */
export function precisionRecall(predicted: boolean[], actual: boolean[], weights?: number[]) {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (let i = 0; i < predicted.length; i++) {
    const w = weights ? weights[i]! : 1;
    if (predicted[i] && actual[i]) tp += w;
    else if (predicted[i]) fp += w;
    else if (actual[i]) fn += w;
  }
  const precision = tp + fp ? tp / (tp + fp) : NaN;
  const recall = tp + fn ? tp / (tp + fn) : NaN;
  return { precision, recall, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : NaN };
}

export const round3 = (v: number) => (Number.isFinite(v) ? Math.round(v * 1000) / 1000 : null);
