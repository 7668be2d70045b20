// The maths of training: L2-regularised logistic regression (idea or noise) and ridge regression
// (the sub-scores) over sparse feature vectors, fitted by full-batch gradient descent with Adam
// steps. Deterministic: no random start, no sampling, so the same data gives the same weights.
//
// Written here rather than taken from a package: ml-logistic-regression, the maintained option on
// npm, has no intercept and no regularisation and takes dense batch steps (50,000 by default),
// which on a vocabulary of thousands of words is slow and overfits. These ~80 lines are checked
// against known solutions in fit.test.ts.

/** One example: feature indices with their values, and the target. */
export interface Example {
  indices: number[];
  values: number[];
  target: number;
  /** How much this example counts (class balance); 1 by default. */
  weight?: number;
}

export interface Linear {
  bias: number;
  weights: Float64Array;
}

export interface FitOptions {
  features: number;
  /** L2 penalty on the weights (not the bias). */
  l2: number;
  /** A factor on the penalty per feature (intents are few and meant to count: they get less). */
  penaltyScale?: Float64Array;
  /**
   * Per feature, the sign its weight must keep: 1 never below zero, -1 never above, 0 free (the
   * default). Kept by projecting each step back onto the allowed side.
   */
  signs?: Int8Array;
  loss: 'logistic' | 'squared';
  iterations?: number;
  learningRate?: number;
}

export function dot(model: Linear, indices: number[], values: number[]): number {
  let s = model.bias;
  for (let i = 0; i < indices.length; i++) s += model.weights[indices[i]!]! * values[i]!;
  return s;
}

export const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

export function fit(examples: Example[], o: FitOptions): Linear {
  const iterations = o.iterations ?? 600;
  const rate = o.learningRate ?? 0.05;
  const n = o.features + 1; // the last slot is the bias
  const params = new Float64Array(n);
  const m = new Float64Array(n);
  const v = new Float64Array(n);
  const grad = new Float64Array(n);
  const total = examples.reduce((s, e) => s + (e.weight ?? 1), 0);
  const model: Linear = { bias: 0, weights: params.subarray(0, o.features) };
  const [b1, b2, eps] = [0.9, 0.999, 1e-8];
  for (let t = 1; t <= iterations; t++) {
    grad.fill(0);
    model.bias = params[o.features]!;
    for (const e of examples) {
      const z = dot(model, e.indices, e.values);
      const err = ((o.loss === 'logistic' ? sigmoid(z) : z) - e.target) * ((e.weight ?? 1) / total);
      for (let i = 0; i < e.indices.length; i++) grad[e.indices[i]!]! += err * e.values[i]!;
      grad[o.features]! += err;
    }
    for (let i = 0; i < o.features; i++) grad[i]! += o.l2 * (o.penaltyScale?.[i] ?? 1) * params[i]!;
    for (let i = 0; i < n; i++) {
      m[i] = b1 * m[i]! + (1 - b1) * grad[i]!;
      v[i] = b2 * v[i]! + (1 - b2) * grad[i]! * grad[i]!;
      const mHat = m[i]! / (1 - b1 ** t);
      const vHat = v[i]! / (1 - b2 ** t);
      params[i]! -= (rate * mHat) / (Math.sqrt(vHat) + eps);
      const sign = i < o.features ? (o.signs?.[i] ?? 0) : 0;
      if (sign * params[i]! < 0) params[i] = 0;
    }
  }
  return { bias: params[o.features]!, weights: Float64Array.from(params.subarray(0, o.features)) };
}

/**
 * Ordinary least squares with an intercept, solved exactly (normal equations, Gaussian
 * elimination with partial pivoting): for a handful of dense inputs such as the profit's four
 * sub-scores. Gradient steps crawl along a valley when two inputs move together (monetization and
 * implementation do, -0.77), and 3,000 of them stopped far from the answer.
 */
export function leastSquares(rows: number[][], targets: number[]): Linear {
  const k = (rows[0]?.length ?? 0) + 1; // the last unknown is the intercept
  const a = Array.from({ length: k }, () => new Float64Array(k + 1));
  rows.forEach((row, r) => {
    const x = [...row, 1];
    for (let i = 0; i < k; i++) {
      for (let j = 0; j < k; j++) a[i]![j]! += x[i]! * x[j]!;
      a[i]![k]! += x[i]! * targets[r]!;
    }
  });
  for (let col = 0; col < k; col++) {
    let pivot = col;
    for (let r = col + 1; r < k; r++) if (Math.abs(a[r]![col]!) > Math.abs(a[pivot]![col]!)) pivot = r;
    if (Math.abs(a[pivot]![col]!) < 1e-12) throw new Error('least squares: the inputs are collinear');
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    for (let r = 0; r < k; r++) {
      if (r === col) continue;
      const factor = a[r]![col]! / a[col]![col]!;
      for (let j = col; j <= k; j++) a[r]![j]! -= factor * a[col]![j]!;
    }
  }
  const solution = a.map((row, i) => row[k]! / row[i]!);
  return { bias: solution[k - 1]!, weights: Float64Array.from(solution.slice(0, k - 1)) };
}
