import { Button, H2, InputGroup, Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { SEARCH_SORTS, type DidYouMean } from '@ideamine/shared/contract/public';
import { useAuth } from '../../auth/AuthProvider';
import { searchQuery, trendingQuery } from '../../queries/ideas';
import { Pager } from '../common/Pager';
import { QueryState } from '../common/QueryState';
import { CategorySelect, ProfitLevelSelect, SortSelect } from '../ideas/FilterSelects';
import { IdeaGrid } from '../ideas/IdeaGrid';
import { useIdeaPageSize } from '../ideas/idea-view';
import { formatCountOf } from '@ideamine/shared/format';
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
  const filtered = Object.keys(NO_FILTERS).some((k) => search[k as keyof SearchParams] !== undefined);

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
        <DateFilter
          label="Found from"
          value={search.date_from}
          max={search.date_to}
          onChange={(date_from) => update({ date_from })}
        />
        <DateFilter
          label="Found until"
          value={search.date_to}
          min={search.date_from}
          onChange={(date_to) => update({ date_to })}
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
        emptyMessage={nothingFoundMessage(search, filtered)}
        emptyAction={
          <NothingFoundHelp
            search={search}
            didYouMean={results.data?.didYouMean ?? null}
            filtered={filtered}
            onClearFilters={() => update(NO_FILTERS)}
          />
        }
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

/** The filters beside the words, all cleared. */
const NO_FILTERS = {
  categories: undefined,
  profit_level: undefined,
  date_from: undefined,
  date_to: undefined,
} satisfies Partial<SearchParams>;

function nothingFoundMessage(search: SearchParams, filtered: boolean): string {
  if (!search.q) return 'No ideas match these filters.';
  return `No ideas match “${search.q}”${filtered ? ' with these filters' : ''}.`;
}

/** What to try next when a search finds nothing: its respelling, the filters cleared, or other words. */
function NothingFoundHelp(props: {
  search: SearchParams;
  didYouMean: DidYouMean | null;
  filtered: boolean;
  onClearFilters(): void;
}) {
  const { didYouMean } = props;
  return (
    <div className="im-nothing-found">
      {didYouMean && (
        <p>
          Did you mean{' '}
          <Link to="/search" search={{ ...props.search, q: didYouMean.q, page: undefined }}>
            {didYouMean.q}
          </Link>
          ? It finds {formatCountOf(didYouMean.total, 'idea')}.
        </p>
      )}
      <p className="im-muted">
        {props.search.q ? 'Try fewer or other words, or watch this search' : 'Watch this search'} to be told when an
        idea matches.
      </p>
      {props.filtered && <Button icon="filter-remove" text="Clear the filters" onClick={props.onClearFilters} />}
    </div>
  );
}

/** A date the ideas were found on or after (or before), its label on screen beside it. */
function DateFilter(props: {
  label: string;
  value: string | undefined;
  min?: string;
  max?: string;
  onChange(date: string | undefined): void;
}) {
  return (
    <label className="im-date-filter">
      <span>{props.label}</span>
      <InputGroup
        type="date"
        value={props.value ?? ''}
        min={props.min}
        max={props.max}
        onChange={(e) => props.onChange(e.currentTarget.value || undefined)}
      />
    </label>
  );
}
