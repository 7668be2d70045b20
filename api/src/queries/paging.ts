import type { SelectQueryBuilder } from 'kysely';

/** How a caller may reuse a count (e.g. from a short-lived cache); by default it is always counted. */
export type CountSource = (count: () => Promise<number>) => Promise<number>;
const countNow: CountSource = (count) => count();

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

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** ILIKE/LIKE pattern: contains the text, taken literally. */
export function likePattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** LIKE pattern: starts with the text, taken literally. */
export function likePrefix(text: string): string {
  return `${escapeLike(text)}%`;
}
