import { describe, expect, it } from 'vitest';
import { sortRows } from './local-sort';

const rows = [
  { model: 'b', calls: 10, cost: null as number | null },
  { model: 'a', calls: 2, cost: 1.5 },
  { model: 'C', calls: 30, cost: 0.5 },
];
const value = (r: (typeof rows)[number], column: string) => r[column as keyof typeof r];

describe('sortRows', () => {
  it('sorts numbers numerically in either order', () => {
    expect(sortRows(rows, { column: 'calls', order: 'desc' }, value).map((r) => r.calls)).toEqual([30, 10, 2]);
    expect(sortRows(rows, { column: 'calls', order: 'asc' }, value).map((r) => r.calls)).toEqual([2, 10, 30]);
  });
  it('sorts text by locale, ignoring case differences in order', () => {
    expect(sortRows(rows, { column: 'model', order: 'asc' }, value).map((r) => r.model)).toEqual(['a', 'b', 'C']);
  });
  it('puts missing values last whatever the order, and leaves the input alone', () => {
    expect(sortRows(rows, { column: 'cost', order: 'asc' }, value).map((r) => r.cost)).toEqual([0.5, 1.5, null]);
    expect(sortRows(rows, { column: 'cost', order: 'desc' }, value).map((r) => r.cost)).toEqual([1.5, 0.5, null]);
    expect(rows[0]!.model).toBe('b');
  });
});
