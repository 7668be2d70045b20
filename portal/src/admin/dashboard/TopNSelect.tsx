import { HTMLSelect } from '@blueprintjs/core';

/** Spec s2: Top 5 (default), 10, 20 or All. "All" asks for the API's cap of 100 rows. */
export const TOP_CHOICES = [5, 10, 20, 100] as const;

export function TopNSelect(props: { value: number; onChange(value: number): void }) {
  return (
    <HTMLSelect aria-label="Show" value={props.value} onChange={(e) => props.onChange(Number(e.currentTarget.value))}>
      {TOP_CHOICES.map((n) => (
        <option key={n} value={n}>
          {n === 100 ? 'All' : `Top ${n}`}
        </option>
      ))}
    </HTMLSelect>
  );
}
