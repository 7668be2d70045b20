import { H2, HTMLTable, Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { formatCount, formatRelative } from '@ideamine/shared/format';
import { useAuth } from '@ideamine/portal/auth/AuthProvider';
import { Empty, QueryState } from '@ideamine/portal/features/common/QueryState';
import { TableScroll } from '@ideamine/portal/features/common/TableScroll';
import { AlertsPerDay } from '@ideamine/portal/features/watchlists/AlertsPerDay';
import { describeWatch } from '@ideamine/portal/features/watchlists/describe-watch';
import { watchlistListQuery } from '@ideamine/portal/queries/watchlists';

// The console's view of the signed-in operator's own watchlists: alert volume per day over the
// last 30 days and each watchlist's numbers. They are managed in the portal (/my/watchlists).

export function WatchlistsPage() {
  const { client } = useAuth();
  const watchlists = useQuery(watchlistListQuery(client, 1, 100));
  return (
    <div>
      <H2>My watchlists</H2>
      <p className="im-muted">
        Alerts your watchlists made per day, and what each watches. Create and change them in the web portal under My
        watchlists.
      </p>
      <AlertsPerDay />
      <QueryState query={watchlists} errorFallback="Failed to load your watchlists">
        {(data) =>
          data.items.length === 0 ? (
            <Empty message="No watchlists yet. In the web portal, search for what you care about, then choose “Watch this search”." />
          ) : (
            <TableScroll label="Watchlists table">
              <HTMLTable striped aria-label="Watchlists" style={{ width: '100%' }}>
                <thead>
                  <tr>
                    <th>Name</th>
                    <th>Watches</th>
                    <th>Matches</th>
                    <th>New</th>
                    <th>Last match</th>
                    <th>Status</th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((w) => (
                    <tr key={w.id}>
                      <td>{w.name}</td>
                      <td className="im-muted">{describeWatch(w)}</td>
                      <td>{formatCount(w.match_count)}</td>
                      <td>{formatCount(w.new_match_count)}</td>
                      <td>{w.last_matched_at ? formatRelative(w.last_matched_at) : 'None yet'}</td>
                      <td>
                        {w.paused ? (
                          <Tag minimal>Paused</Tag>
                        ) : (
                          <Tag minimal intent="success">
                            Active
                          </Tag>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            </TableScroll>
          )
        }
      </QueryState>
    </div>
  );
}
