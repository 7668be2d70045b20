import { H3 } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../../auth/AuthProvider';
import { alertsPerDayQuery } from '../../queries/watchlists';
import { QueryState } from '../common/QueryState';
import { CountBars } from './CountBars';

// How many alerts all of a user's watchlists made per day over the last 30 days.

export const ALERT_DAYS = 30;

export function AlertsPerDay() {
  const { client } = useAuth();
  const days = useQuery(alertsPerDayQuery(client, ALERT_DAYS));
  return (
    <section aria-label="Alerts per day" className="im-section">
      <H3>Alerts per day, all your watchlists</H3>
      <QueryState query={days} errorFallback="Failed to load the alerts per day">
        {(data) => (
          <CountBars
            bars={data.map((d) => ({ label: d.day, count: d.matches }))}
            unit="alerts"
            period={`the last ${ALERT_DAYS} days`}
            barWidth={8}
            empty={`No alerts in the last ${ALERT_DAYS} days. One arrives when a new idea matches a watchlist.`}
          />
        )}
      </QueryState>
    </section>
  );
}
