import { describe, expect, it } from 'vitest';
import { dot, fit, leastSquares, sigmoid, type Example } from './fit';

// The training maths against cases whose answer is known.

describe('fit', () => {
  it('recovers a linear function with squared loss and no penalty', () => {
    // y = 2 + 3 x0 - 1.5 x1 on a small grid.
    const examples: Example[] = [];
    for (const x0 of [0, 0.5, 1, 1.5, 2])
      for (const x1 of [0, 1, 2]) examples.push({ indices: [0, 1], values: [x0, x1], target: 2 + 3 * x0 - 1.5 * x1 });
    const model = fit(examples, { features: 2, l2: 0, loss: 'squared', iterations: 3000, learningRate: 0.05 });
    expect(model.bias).toBeCloseTo(2, 2);
    expect(model.weights[0]).toBeCloseTo(3, 2);
    expect(model.weights[1]).toBeCloseTo(-1.5, 2);
  });

  it('separates two classes with logistic loss, and the penalty shrinks the weights', () => {
    // Feature 0 marks class 1, feature 1 marks class 0, feature 2 is noise seen in both.
    const examples: Example[] = [
      ...Array.from({ length: 20 }, (_, i) => ({
        indices: i % 2 ? [0, 2] : [0],
        values: i % 2 ? [1, 1] : [1],
        target: 1,
      })),
      ...Array.from({ length: 20 }, (_, i) => ({
        indices: i % 2 ? [1, 2] : [1],
        values: i % 2 ? [1, 1] : [1],
        target: 0,
      })),
    ];
    const loose = fit(examples, { features: 3, l2: 0.001, loss: 'logistic' });
    const tight = fit(examples, { features: 3, l2: 0.5, loss: 'logistic' });
    expect(sigmoid(dot(loose, [0], [1]))).toBeGreaterThan(0.9);
    expect(sigmoid(dot(loose, [1], [1]))).toBeLessThan(0.1);
    expect(Math.abs(loose.weights[2]!)).toBeLessThan(0.5);
    expect(Math.abs(tight.weights[0]!)).toBeLessThan(Math.abs(loose.weights[0]!));
  });

  it('keeps a weight on the side its sign allows, and fits the rest around it', () => {
    // y = 1 - 2 x0 + x1, but x0's weight may not go below zero: it stays at zero.
    const examples: Example[] = [];
    for (const x0 of [0, 1, 2])
      for (const x1 of [0, 1, 2]) examples.push({ indices: [0, 1], values: [x0, x1], target: 1 - 2 * x0 + x1 });
    const free = fit(examples, { features: 2, l2: 0, loss: 'squared', iterations: 3000 });
    const kept = fit(examples, {
      features: 2,
      l2: 0,
      loss: 'squared',
      iterations: 3000,
      signs: Int8Array.from([1, 0]),
    });
    expect(free.weights[0]).toBeCloseTo(-2, 1);
    expect(kept.weights[0]).toBe(0);
    expect(kept.weights[1]).toBeCloseTo(1, 1);
    // A sign of -1 keeps a weight that wants to be positive at zero too.
    const below = fit(examples, {
      features: 2,
      l2: 0,
      loss: 'squared',
      iterations: 3000,
      signs: Int8Array.from([0, -1]),
    });
    expect(below.weights[1]).toBe(0);
  });

  it('is deterministic', () => {
    const examples: Example[] = [
      { indices: [0], values: [1], target: 1 },
      { indices: [1], values: [1], target: 0 },
    ];
    const a = fit(examples, { features: 2, l2: 0.01, loss: 'logistic' });
    const b = fit(examples, { features: 2, l2: 0.01, loss: 'logistic' });
    expect([...a.weights, a.bias]).toEqual([...b.weights, b.bias]);
  });

  it('weighs examples', () => {
    const examples: Example[] = [
      { indices: [], values: [], target: 1, weight: 3 },
      { indices: [], values: [], target: 0, weight: 1 },
    ];
    const model = fit(examples, { features: 0, l2: 0, loss: 'logistic', iterations: 2000 });
    expect(sigmoid(model.bias)).toBeCloseTo(0.75, 2);
  });
});

describe('leastSquares', () => {
  it('solves an exact linear function', () => {
    const rows: number[][] = [];
    const targets: number[] = [];
    for (const x0 of [0, 0.5, 1, 1.5, 2])
      for (const x1 of [0, 1, 2]) {
        rows.push([x0, x1]);
        targets.push(2 + 3 * x0 - 1.5 * x1);
      }
    const model = leastSquares(rows, targets);
    expect(model.bias).toBeCloseTo(2, 9);
    expect(model.weights[0]).toBeCloseTo(3, 9);
    expect(model.weights[1]).toBeCloseTo(-1.5, 9);
  });

  it('finds the best fit where two inputs move together, as the closed form gives it', () => {
    // Two inputs on 0-10 that nearly mirror each other, and a noisy target: the answer is the
    // one that zeroes the residuals' correlation with every input (and their sum).
    const rows: number[][] = [];
    const targets: number[] = [];
    for (let i = 0; i < 40; i++) {
      const m = i % 10;
      const impl = 10 - m + ((i * 7) % 3);
      rows.push([m, impl]);
      targets.push(3 + 0.4 * m + ((i * 13) % 5) / 5);
    }
    const model = leastSquares(rows, targets);
    const residuals = rows.map((x, r) => targets[r]! - dot(model, [0, 1], x));
    expect(residuals.reduce((s, e) => s + e, 0)).toBeCloseTo(0, 9);
    for (const j of [0, 1]) expect(residuals.reduce((s, e, r) => s + e * rows[r]![j]!, 0)).toBeCloseTo(0, 9);
  });

  it('says so when an input repeats another', () => {
    expect(() =>
      leastSquares(
        [
          [1, 2],
          [2, 4],
          [3, 6],
        ],
        [1, 2, 3],
      ),
    ).toThrow(/collinear/);
  });
});
