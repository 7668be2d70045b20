import { HTMLSelect } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { PROFIT_LABELS, type ProfitLabel } from '@ideamine/shared/contract/knowledge';
import { useAuth } from '../../auth/AuthProvider';
import { categoriesQuery } from '../../queries/ideas';

// The category and profit-level pickers of the idea lists and search; empty means "any".

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
        <option key={c.slug} value={c.name}>
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
