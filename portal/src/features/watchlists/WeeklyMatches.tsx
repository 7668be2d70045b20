import type { Watchlist } from '@ideamine/shared/contract/watchlists';
import { formatCount } from '@ideamine/shared/format';

// Matches per week over the last 12 weeks as small bars (is this need growing?), with the
// numbers in words for screen readers and in each bar's tooltip.

const BAR_WIDTH = 10;
const GAP = 3;
const HEIGHT = 36;

export function WeeklyMatches(props: { weekly: Watchlist['weekly'] }) {
  const most = Math.max(1, ...props.weekly.map((w) => w.matches));
  const total = props.weekly.reduce((sum, w) => sum + w.matches, 0);
  const half = props.weekly.length / 2;
  const earlier = props.weekly.slice(0, half).reduce((s, w) => s + w.matches, 0);
  const later = total - earlier;
  const trend = later > earlier ? 'growing' : later < earlier ? 'shrinking' : 'steady';
  const summary = `${formatCount(total)} matches in ${props.weekly.length} weeks, ${trend} (${formatCount(earlier)} in the first six weeks, ${formatCount(later)} in the last six)`;
  return (
    <figure className="im-weekly" aria-label={summary}>
      <svg
        width={props.weekly.length * (BAR_WIDTH + GAP)}
        height={HEIGHT}
        role="img"
        aria-label={`Matches per week: ${props.weekly.map((w) => `${w.week_start}: ${w.matches}`).join(', ')}`}
      >
        {props.weekly.map((w, i) => {
          const h = w.matches ? Math.max(2, Math.round((w.matches / most) * HEIGHT)) : 1;
          return (
            <rect
              key={w.week_start}
              x={i * (BAR_WIDTH + GAP)}
              y={HEIGHT - h}
              width={BAR_WIDTH}
              height={h}
              className={w.matches ? 'im-weekly-bar' : 'im-weekly-empty'}
            >
              <title>{`Week of ${w.week_start}: ${w.matches} matches`}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption className="im-muted">{summary}</figcaption>
    </figure>
  );
}
