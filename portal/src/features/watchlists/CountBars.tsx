import { formatCount } from '@ideamine/shared/format';

// Counts over time as small bars (matches per week, alerts per day), with the figures in words
// for screen readers and each bar's tooltip, and the trend of the second half against the first.

const GAP = 3;
const HEIGHT = 36;

export interface CountBar {
  /** What the bar counts, e.g. "Week of 2026-11-23". */
  label: string;
  count: number;
}

export function trendOf(bars: CountBar[]): { earlier: number; later: number; trend: string } {
  const half = Math.floor(bars.length / 2);
  const earlier = bars.slice(0, half).reduce((s, b) => s + b.count, 0);
  const later = bars.slice(half).reduce((s, b) => s + b.count, 0);
  return { earlier, later, trend: later > earlier ? 'growing' : later < earlier ? 'shrinking' : 'steady' };
}

export function CountBars(props: {
  bars: CountBar[];
  unit: string;
  period: string;
  barWidth?: number;
  /** Said instead of a row of empty bars when nothing was counted. */
  empty: string;
}) {
  const width = props.barWidth ?? 10;
  const most = Math.max(1, ...props.bars.map((b) => b.count));
  const total = props.bars.reduce((sum, b) => sum + b.count, 0);
  if (total === 0) return <p className="im-muted">{props.empty}</p>;
  const { earlier, later, trend } = trendOf(props.bars);
  const halves = Math.floor(props.bars.length / 2);
  const summary =
    `${formatCount(total)} ${props.unit} in ${props.period}, ${trend} ` +
    `(${formatCount(earlier)} in the first ${halves}, ${formatCount(later)} in the last ${props.bars.length - halves})`;
  return (
    <figure className="im-weekly">
      <svg
        width={props.bars.length * (width + GAP)}
        height={HEIGHT}
        role="img"
        aria-label={`${props.unit}: ${props.bars.map((b) => `${b.label}: ${b.count}`).join(', ')}`}
      >
        {props.bars.map((b, i) => {
          const h = b.count ? Math.max(2, Math.round((b.count / most) * HEIGHT)) : 1;
          return (
            <rect
              key={b.label}
              x={i * (width + GAP)}
              y={HEIGHT - h}
              width={width}
              height={h}
              className={b.count ? 'im-weekly-bar' : 'im-weekly-empty'}
            >
              <title>{`${b.label}: ${b.count} ${props.unit}`}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption className="im-muted">{summary}</figcaption>
    </figure>
  );
}
