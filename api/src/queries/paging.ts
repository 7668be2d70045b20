import type { SelectQueryBuilder } from 'kysely';

/** Runs a filtered query for one page and its total count, side by side. */
export async function pageOf<DB, TB extends keyof DB, O>(
  base: SelectQueryBuilder<DB, TB, object>,
  page: (q: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, O>,
  p: { page: number; page_size: number },
): Promise<{ rows: O[]; total: number }> {
  const [rows, count] = await Promise.all([
    page(base)
      .limit(p.page_size)
      .offset((p.page - 1) * p.page_size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number((count as { n: number }).n) };
}

export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
