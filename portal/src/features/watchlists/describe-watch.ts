import type { ProfitLabel } from '@ideamine/shared/contract/knowledge';

/** What a watchlist watches, in words: “invoice” in SaaS, High or better. */
export function describeWatch(w: {
  words?: string;
  categories?: string[];
  min_profit_label?: ProfitLabel | null;
  sources?: string[];
}): string {
  const parts: string[] = [];
  if (w.words?.trim()) parts.push(`“${w.words.trim()}”`);
  if (w.categories?.length) parts.push(`in ${w.categories.join(', ')}`);
  if (w.min_profit_label) parts.push(`${w.min_profit_label} profit potential or better`);
  if (w.sources?.length) parts.push(`from ${w.sources.join(', ')}`);
  return parts.length ? parts.join(' ') : 'every new idea';
}
