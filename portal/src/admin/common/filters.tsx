import { Button, HTMLSelect } from '@blueprintjs/core';

// Filter controls of the operator lists (their values live in the URL, see useSearchState).

/** One filter: "any" (the empty choice, no filter) or one of `options`. */
export function FilterSelect<V extends string>(props: {
  /** The accessible name, e.g. "Status". */
  label: string;
  /** The text of the empty choice, e.g. "Any status". */
  anyText: string;
  value: V | undefined;
  options: readonly V[];
  optionText?(value: NoInfer<V>): string;
  onChange(value: NoInfer<V> | undefined): void;
}) {
  return (
    <HTMLSelect
      aria-label={props.label}
      value={props.value ?? ''}
      onChange={(e) => props.onChange((e.currentTarget.value || undefined) as V | undefined)}
    >
      <option value="">{props.anyText}</option>
      {props.options.map((v) => (
        <option key={v} value={v}>
          {props.optionText ? props.optionText(v) : v}
        </option>
      ))}
    </HTMLSelect>
  );
}

/** Shown while any filter is set; clears them all at once. */
export function ClearFilters(props: { active: boolean; onClear(): void }) {
  if (!props.active) return null;
  return <Button variant="minimal" icon="filter-remove" text="Clear filters" onClick={props.onClear} />;
}
