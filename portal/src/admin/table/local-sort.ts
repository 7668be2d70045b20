import type { SortState } from './DataTable';

// Sorting rows the API sent whole (not paged): by a column's value, numbers as numbers, text
// by locale, missing values last.

type Value = string | number | null | undefined;

export function sortRows<T>(
  rows: readonly T[],
  sort: SortState | undefined,
  valueOf: (row: T, column: string) => Value,
): T[] {
  if (!sort) return [...rows];
  const dir = sort.order === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = valueOf(a, sort.column);
    const y = valueOf(b, sort.column);
    if (x === y) return 0;
    if (x === null || x === undefined) return 1;
    if (y === null || y === undefined) return -1;
    if (typeof x === 'number' && typeof y === 'number') return (x - y) * dir;
    return String(x).localeCompare(String(y)) * dir;
  });
}
