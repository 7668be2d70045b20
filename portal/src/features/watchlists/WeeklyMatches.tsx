import type { Watchlist } from '@ideamine/shared/contract/watchlists';
import { CountBars } from './CountBars';

/** A watchlist's matches per week over the last 12 weeks: is this need growing? */
export function WeeklyMatches(props: { weekly: Watchlist['weekly'] }) {
  return (
    <CountBars
      bars={props.weekly.map((w) => ({ label: `Week of ${w.week_start}`, count: w.matches }))}
      unit="matches"
      period={`${props.weekly.length} weeks`}
      empty={`No matches in the last ${props.weekly.length} weeks.`}
    />
  );
}
