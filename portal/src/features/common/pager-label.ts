import type { Pagination } from '@ideamine/shared/envelope';
import { formatCount } from '@ideamine/shared/format';

/** What the list holds, singular then plural: ['match', 'matches']. */
export type PagerUnit = readonly [one: string, many: string];

/**
 * "Page 2 of 18 · 175 ideas". A broad search is counted exactly only up to a cap; past it the
 * server estimates the total, and the label says "about".
 */
export function pagerLabel(p: Pagination, unit: PagerUnit = ['idea', 'ideas']): string {
  const about = p.total_estimated ? 'about ' : '';
  const total = `${about}${formatCount(p.total)} ${p.total === 1 && !about ? unit[0] : unit[1]}`;
  return p.total_pages <= 1 ? total : `Page ${formatCount(p.page)} of ${about}${formatCount(p.total_pages)} · ${total}`;
}
