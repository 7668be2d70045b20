import { HTMLSelect } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { PROFIT_LABELS, type ProfitLabel } from '@ideamine/shared/contract/knowledge';
import type { PUBLIC_IDEA_SORTS, SEARCH_SORTS } from '@ideamine/shared/contract/public';
import { useAuth } from '../../auth/AuthProvider';
import { categoriesQuery } from '../../queries/ideas';

// The category, profit-level and sort pickers of the idea lists and search; empty means "any".

export function CategorySelect(props: { value: string | undefined; onChange(value: string | undefined): void }) {
  const { client } = useAuth();
  const categories = useQuery(categoriesQuery(client));
  return (
    <HTMLSelect
      aria-label="Category"
      value={props.value ?? ''}
      onChange={(e) => props.onChange(e.currentTarget.value || undefined)}
    >
      <option value="">All categories</option>
      {(categories.data ?? []).map((c) => (
        <option key={c.slug} value={c.slug}>
          {c.name} ({c.count})
        </option>
      ))}
    </HTMLSelect>
  );
}

export function ProfitLevelSelect(props: {
  value: ProfitLabel | undefined;
  onChange(value: ProfitLabel | undefined): void;
}) {
  return (
    <HTMLSelect
      aria-label="Profit level"
      value={props.value ?? ''}
      onChange={(e) => props.onChange((e.currentTarget.value || undefined) as ProfitLabel | undefined)}
    >
      <option value="">Any profit level</option>
      {PROFIT_LABELS.map((l) => (
        <option key={l} value={l}>
          {l}
        </option>
      ))}
    </HTMLSelect>
  );
}

type IdeaSort = (typeof PUBLIC_IDEA_SORTS)[number] | (typeof SEARCH_SORTS)[number];

const SORT_LABELS: Record<IdeaSort, string> = {
  relevance: 'Relevance',
  created_at: 'Newest',
  profit_score: 'Profit score',
  vote_score: 'Votes',
  overall_score: 'Innovation',
  title: 'Title',
};

export function SortSelect<T extends IdeaSort>(props: { options: readonly T[]; value: T; onChange(value: T): void }) {
  return (
    <HTMLSelect aria-label="Sort" value={props.value} onChange={(e) => props.onChange(e.currentTarget.value as T)}>
      {props.options.map((v) => (
        <option key={v} value={v}>
          {SORT_LABELS[v]}
        </option>
      ))}
    </HTMLSelect>
  );
}
