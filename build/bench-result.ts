// One line per headline figure of a benchmark, for `npm run bench` to collect into
// BENCHMARKS.md beside its goal: `BENCH-RESULT {"measure":...,"value":...,"goal":...}`.

export interface BenchGoal {
  /** The figure meets the goal when `value <op> goal.value`. */
  op: '<' | '<=' | '>=' | '>';
  value: number;
}

export interface BenchResult {
  measure: string;
  value: number;
  unit: string;
  goal?: BenchGoal;
}

export const RESULT_PREFIX = 'BENCH-RESULT ';

export function reportResult(result: BenchResult): void {
  console.log(`${RESULT_PREFIX}${JSON.stringify(result)}`);
}

export function meetsGoal(value: number, goal: BenchGoal): boolean {
  switch (goal.op) {
    case '<':
      return value < goal.value;
    case '<=':
      return value <= goal.value;
    case '>=':
      return value >= goal.value;
    case '>':
      return value > goal.value;
  }
}

/** How far a figure is from its goal, as the ratio the benchmarks print (value / goal). */
export const ratioToGoal = (value: number, goal: BenchGoal) => (goal.value === 0 ? Number.NaN : value / goal.value);
