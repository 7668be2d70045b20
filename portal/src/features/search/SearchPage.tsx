import { H2, InputGroup, Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { SEARCH_SORTS } from '@ideamine/shared/contract/public';
import { useAuth } from '../../auth/AuthProvider';
import { searchQuery, trendingQuery } from '../../queries/ideas';
import { Pager } from '../common/Pager';
import { QueryState } from '../common/QueryState';
import { CategorySelect, ProfitLevelSelect, SortSelect } from '../ideas/FilterSelects';
import { IdeaGrid } from '../ideas/IdeaGrid';
import { useIdeaPageSize } from '../ideas/idea-view';
import { SearchBox } from './SearchBox';
import type { SearchParams } from './search-params';
import { WatchSearchButton } from '../watchlists/WatchSearchButton';

export function SearchPage({ search }: { search: SearchParams }) {
  const { client } = useAuth();
  const navigate = useNavigate();
  const update = (patch: Partial<SearchParams>) =>
    navigate({ to: '/search', search: { ...search, ...patch, page: patch.page ?? undefined } });
  const pageSize = useIdeaPageSize();
  const results = useQuery(
    searchQuery(client, {
      q: search.q,
      categories: search.categories,
      profit_level: search.profit_level,
      date_from: search.date_from,
      date_to: search.date_to,
      sort: search.sort,
      order: search.order,
      page: search.page ?? 1,
      page_size: pageSize,
    }),
  );
  const trending = useQuery(trendingQuery(client, { time_filter: '7d', page_size: 10 }));

  return (
    <div>
      <div className="im-section-head">
        <H2>Search</H2>
        <WatchSearchButton
          search={{
            words: search.q,
            categories: search.categories
              ?.split(',')
              .map((c) => c.trim())
              .filter(Boolean),
            min_profit_label: search.profit_level,
          }}
        />
      </div>
      <div className="im-section">
        <SearchBox initial={search.q ?? ''} onSearch={(q) => update({ q: q || undefined })} />
      </div>
      <div className="im-filters">
        <CategorySelect value={search.categories} onChange={(categories) => update({ categories })} />
        <ProfitLevelSelect value={search.profit_level} onChange={(profit_level) => update({ profit_level })} />
        <InputGroup
          type="date"
          aria-label="From date"
          value={search.date_from ?? ''}
          onChange={(e) => update({ date_from: e.currentTarget.value || undefined })}
        />
        <InputGroup
          type="date"
          aria-label="To date"
          value={search.date_to ?? ''}
          onChange={(e) => update({ date_to: e.currentTarget.value || undefined })}
        />
        <SortSelect options={SEARCH_SORTS} value={search.sort ?? 'relevance'} onChange={(sort) => update({ sort })} />
      </div>
      {!search.q && (trending.data?.items.length ?? 0) > 0 && (
        <div className="im-chips im-section" aria-label="Trending searches">
          <span className="im-muted">Trending:</span>
          {trending.data!.items.map((t) => (
            <Link key={t.keyword} to="/search" search={{ q: t.keyword }} className="im-chip-link">
              <Tag minimal round>
                {t.keyword}
              </Tag>
            </Link>
          ))}
        </div>
      )}
      <QueryState
        query={results}
        isEmpty={(d) => d.items.length === 0}
        emptyMessage={search.q ? `No ideas match “${search.q}”.` : 'No ideas match these filters.'}
      >
        {(data) => (
          <>
            <IdeaGrid ideas={data.items} switchable />
            <Pager pagination={data.pagination} onPage={(page) => update({ page })} />
          </>
        )}
      </QueryState>
    </div>
  );
}
