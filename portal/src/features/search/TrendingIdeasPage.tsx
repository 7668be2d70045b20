import { H2 } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useAuth } from '../../auth/AuthProvider';
import { searchQuery } from '../../queries/ideas';
import { Pager } from '../common/Pager';
import { QueryState } from '../common/QueryState';
import { IdeaGrid } from '../ideas/IdeaGrid';
import { useIdeaPageSize } from '../ideas/idea-view';

const WINDOW_DAYS = 7;

/** Trending ideas: the most voted ideas found in the last 7 days. */
export function TrendingIdeasPage(props: { page: number; path: string }) {
  const { client } = useAuth();
  const navigate = useNavigate();
  const pageSize = useIdeaPageSize();
  const since = new Date(Date.now() - WINDOW_DAYS * 86_400_000).toISOString().slice(0, 10);
  const query = useQuery(
    searchQuery(client, {
      date_from: since,
      sort: 'vote_score',
      order: 'desc',
      page: props.page,
      page_size: pageSize,
    }),
  );
  return (
    <div>
      <H2>Trending ideas</H2>
      <p className="im-muted">The most voted ideas found in the last {WINDOW_DAYS} days.</p>
      <QueryState query={query} isEmpty={(d) => d.items.length === 0} emptyMessage="No trending ideas this week yet.">
        {(data) => (
          <>
            <IdeaGrid ideas={data.items} switchable />
            <Pager pagination={data.pagination} onPage={(page) => navigate({ to: props.path, search: { page } })} />
          </>
        )}
      </QueryState>
    </div>
  );
}
