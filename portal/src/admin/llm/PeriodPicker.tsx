import { SegmentedControl } from '@blueprintjs/core';

/** The 24h / 7d / 30d window of the monitoring and analytics screens. */
export function PeriodPicker<P extends string>(props: { periods: readonly P[]; value: P; onChange(p: P): void }) {
  return (
    <SegmentedControl
      aria-label="Period"
      options={props.periods.map((p) => ({ label: p, value: p }))}
      value={props.value}
      onValueChange={(v) => props.onChange(v as P)}
    />
  );
}
