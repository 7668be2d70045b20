import type { MemorySort } from './listing-index';

// A cursor carries the last row's sort value as PostgreSQL prints it (queries/seek.ts). The
// in-memory list compares numbers: microseconds for created_at, hundredths for the scores. A
// value it cannot read exactly (another DateStyle, more decimals) is left to PostgreSQL.

const TIMESTAMPTZ =
  /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?([+-])(\d{2})(?::(\d{2}))?(?::(\d{2}))?$/;
const HUNDREDTHS = /^(-?)(\d{1,6})(?:\.(\d{1,2}))?$/;
const INTEGER = /^-?\d{1,10}$/;

/** A timestamptz as PostgreSQL prints it in DateStyle ISO, in microseconds since 1970; undefined otherwise. */
export function timestamptzMicros(text: string): number | undefined {
  const m = TIMESTAMPTZ.exec(text);
  // Date.UTC reads years below 100 as 19xx.
  if (!m || Number(m[1]) < 100) return undefined;
  const [, y, mo, d, h, mi, s, frac = '', sign, oh, om = '0', os = '0'] = m;
  const ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  const offsetSeconds = (sign === '-' ? -1 : 1) * (Number(oh) * 3600 + Number(om) * 60 + Number(os));
  return (ms / 1000 - offsetSeconds) * 1_000_000 + Number(frac.padEnd(6, '0'));
}

/** The in-memory key of a cursor's value for a sort: null for a gap, undefined when unreadable. */
export function sortKeyOf(sort: MemorySort, value: string | null): number | null | undefined {
  if (value === null) return null;
  // A title's place is PostgreSQL's to say (title-keys.ts): the cursor's idea may have moved.
  if (sort === 'title') return undefined;
  if (sort === 'created_at') return timestamptzMicros(value);
  if (sort === 'vote_score') return INTEGER.test(value) ? Number(value) : undefined;
  const m = HUNDREDTHS.exec(value);
  if (!m) return undefined;
  const [, minus, whole, decimals = ''] = m;
  const hundredths = Number(whole) * 100 + Number(decimals.padEnd(2, '0'));
  return minus ? -hundredths : hundredths;
}

/**
 * The sort value of an in-memory key as a cursor carries it: PostgreSQL's text for it, which
 * sortKeyOf reads back to the same key. Undefined for a title (its key is a place, not the text)
 * and for a time PostgreSQL would print otherwise (a year outside 100-9999).
 */
export function sortValueText(sort: MemorySort, key: number | null): string | null | undefined {
  if (key === null) return null;
  if (sort === 'title') return undefined;
  if (sort === 'vote_score') return String(key);
  if (sort !== 'created_at') return (key / 100).toFixed(2);
  const seconds = Math.floor(key / 1_000_000);
  const iso = new Date(seconds * 1000).toISOString();
  if (!/^\d{4}-/.test(iso) || iso < '0100') return undefined;
  // As PostgreSQL prints a fraction of a second: without trailing zeros, none when whole.
  let micros = String(key - seconds * 1_000_000).padStart(6, '0');
  while (micros.endsWith('0')) micros = micros.slice(0, -1);
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${micros ? `.${micros}` : ''}+00`;
}
