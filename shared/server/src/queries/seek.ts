import { sql, type RawBuilder } from 'kysely';
import { ApiError } from '../errors';

// Seek (keyset) pagination: the next page starts after the last row of this one, found by the
// sort's index, however deep the list goes (an OFFSET reads and drops every row before it). The
// cursor is opaque to clients: the sort and order it was made for, the last row's sort value as
// PostgreSQL prints it (exact for numeric and microsecond timestamps, which a JSON number or a JS
// Date would round) and its id, the tie-breaker every sort ends with.

export interface SeekSort {
  expr: RawBuilder<unknown>;
  /** The SQL type the printed value is read back as. */
  type: 'timestamptz' | 'numeric' | 'integer' | 'text';
  /** Sorted with its gaps (NULLs) last in either order. */
  nullable: boolean;
}

export interface Cursor {
  /** The last row's sort value as text, or null for a gap. */
  value: string | null;
  id: number;
}

/** ORDER BY a sort then id, the gaps of a nullable sort last in either order (the indexes' order). */
export function seekOrder(spec: SeekSort, order: 'asc' | 'desc', id: RawBuilder<unknown> = sql`id`) {
  return sql`${spec.expr} ${sql.raw(order)}${sql.raw(spec.nullable ? ' nulls last' : '')}, ${id} ${sql.raw(order)}`;
}

type Parts = [sort: string, order: string, value: string | null, id: number];

export function encodeCursor(sort: string, order: 'asc' | 'desc', cursor: Cursor): string {
  const parts: Parts = [sort, order, cursor.value, cursor.id];
  return Buffer.from(JSON.stringify(parts)).toString('base64url');
}

/** The cursor a list gave out for this sort and order; a 400 naming `cursor` for anything else. */
export function decodeCursor(text: string, sort: string, order: 'asc' | 'desc'): Cursor {
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    parts = null;
  }
  const valid =
    Array.isArray(parts) &&
    parts.length === 4 &&
    typeof parts[0] === 'string' &&
    typeof parts[1] === 'string' &&
    (parts[2] === null || (typeof parts[2] === 'string' && parts[2].length <= 1000)) &&
    Number.isSafeInteger(parts[3]) &&
    (parts[3] as number) > 0;
  if (!valid) {
    throw new ApiError(
      'VALIDATION_ERROR',
      'cursor is not one this list gave out; start again from the first page without it',
      'cursor',
    );
  }
  const [cSort, cOrder, value, id] = parts as Parts;
  if (cSort !== sort || cOrder !== order) {
    throw new ApiError(
      'VALIDATION_ERROR',
      `cursor belongs to sort=${cSort}&order=${cOrder}, not sort=${sort}&order=${order}; start again without it`,
      'cursor',
    );
  }
  return { value, id };
}

/**
 * The rows after the cursor in `order`, as two index ranges: `before` the gaps, the rows whose
 * (value, id) comes after the cursor's, a row comparison the sort's (expr, id) index seeks to;
 * then `gaps`, the NULLs of a nullable sort (which sort last), after the cursor's id when the
 * cursor is itself in the gaps. An OR of the two would make PostgreSQL filter the index from its
 * start; two ranges read only the rows they return.
 */
export function seekAfter(
  spec: SeekSort,
  order: 'asc' | 'desc',
  cursor: Cursor,
): { before: RawBuilder<boolean> | null; gaps: RawBuilder<boolean> | null } {
  const cmp = sql.raw(order === 'desc' ? '<' : '>');
  const { expr } = spec;
  if (cursor.value === null) return { before: null, gaps: sql<boolean>`(${expr} IS NULL AND id ${cmp} ${cursor.id})` };
  const value = sql`CAST(${cursor.value} AS ${sql.raw(spec.type)})`;
  return {
    before: sql<boolean>`((${expr}, id) ${cmp} (${value}, ${cursor.id}))`,
    gaps: spec.nullable ? sql<boolean>`(${expr} IS NULL)` : null,
  };
}
