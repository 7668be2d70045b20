import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';

/** How a caller may reuse a count (e.g. from a short-lived cache); by default it is always counted. */
export type CountSource<T = number> = (count: () => Promise<T>) => Promise<T>;
export const countNow = <T>(count: () => Promise<T>): Promise<T> => count();

/** Runs a filtered query for one page and its total count, side by side. */
export async function pageOf<DB, TB extends keyof DB, O>(
  base: SelectQueryBuilder<DB, TB, object>,
  page: (q: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, O>,
  p: { page: number; page_size: number },
  counts: CountSource = countNow,
): Promise<{ rows: O[]; total: number }> {
  const count = async () => {
    const r = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number((r as { n: number }).n);
  };
  const [rows, total] = await Promise.all([
    page(base)
      .limit(p.page_size)
      .offset((p.page - 1) * p.page_size)
      .execute(),
    counts(count),
  ]);
  return { rows, total };
}

/** A total, exact or (past the cap) the planner's estimate. */
export interface Total {
  total: number;
  estimated: boolean;
}

/** Past this many times the cap in the planner's estimate, the rows are not counted at all. */
export const TRUST_ESTIMATE_PAST = 3;

/**
 * Counts the rows of a filtered query up to `cap` (reading at most that many); when there are
 * more, estimates them from the planner's row count, rounded to two significant digits. When the
 * planner already expects several times the cap (a common word), nothing is counted: reading the
 * cap's rows would be the dearest part of the answer and end in an estimate anyway.
 */
export async function countUpTo<DB, TB extends keyof DB>(
  db: Kysely<DB>,
  base: SelectQueryBuilder<DB, TB, object>,
  cap: number,
): Promise<Total> {
  const matching = base.select(sql`1`.as('one'));
  const [plan] = (await matching.explain('json')) as { 'QUERY PLAN': { Plan: { 'Plan Rows': number } }[] }[];
  const planned = plan?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0;
  if (planned > cap * TRUST_ESTIMATE_PAST) return { total: roundEstimate(planned), estimated: true };
  const counted = await sql<{ n: number }>`SELECT count(*)::int AS n FROM (${matching.limit(cap + 1)}) m`.execute(db);
  const n = counted.rows[0]!.n;
  if (n <= cap) return { total: n, estimated: false };
  return { total: roundEstimate(Math.max(planned, cap + 1)), estimated: true };
}

/** An estimate rounded to two significant digits (it claims no more). */
export function roundEstimate(n: number): number {
  const unit = 10 ** Math.max(0, Math.floor(Math.log10(n)) - 1);
  return Math.round(n / unit) * unit;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** ILIKE/LIKE pattern: contains the text, taken literally. */
export function likePattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** LIKE pattern: starts with the text, taken literally. */
export function likePrefix(text: string): string {
  return `${escapeLike(text)}%`;
}
