import { Button, H2 } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useAuth } from '../../auth/AuthProvider';
import { watchlistListQuery } from '../../queries/watchlists';
import { Pager } from '../common/Pager';
import { Empty, QueryState } from '../common/QueryState';
import { AlertsPerDay } from './AlertsPerDay';
import { WatchlistCard } from './WatchlistCard';

// /my/watchlists: the searches a user watches, each with its new matches, a weekly series of
// matches over 12 weeks, its top sources, its private feed and its webhook.

export function WatchlistsPage(props: { page: number; onPage(page: number): void }) {
  const { client } = useAuth();
  const watchlists = useQuery(watchlistListQuery(client, props.page));
  const limits = watchlists.data?.limits;
  return (
    <div>
      <div className="im-section-head">
        <H2>My watchlists</H2>
      </div>
      <p className="im-muted">
        Watch a search, a category or the ideas list (the “Watch this search” button there) and every new idea that
        matches reaches you: under the bell, in a private feed for your feed reader, or at a webhook.
        {limits && ` You use ${limits.used_watchlists} of ${limits.watchlists} watchlists.`}
      </p>
      <QueryState query={watchlists} errorFallback="Failed to load your watchlists">
        {(data) =>
          data.items.length === 0 ? (
            <Empty
              icon="search"
              message={
                props.page > 1
                  ? 'This page is empty.'
                  : 'No watchlists yet. Search for what you care about, then choose “Watch this search”.'
              }
              action={
                props.page > 1 ? (
                  <Button text="First page" onClick={() => props.onPage(1)} />
                ) : (
                  <Link to="/search">Go to search</Link>
                )
              }
            />
          ) : (
            <>
              <AlertsPerDay />
              <div className="im-watchlists">
                {data.items.map((w) => (
                  <WatchlistCard key={w.id} watchlist={w} emailEnabled={data.emailEnabled} />
                ))}
              </div>
              <Pager pagination={data.pagination} onPage={props.onPage} unit={['watchlist', 'watchlists']} />
            </>
          )
        }
      </QueryState>
    </div>
  );
}
