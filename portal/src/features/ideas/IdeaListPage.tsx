import { Button, ControlGroup, H2, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { PUBLIC_IDEA_SORTS } from '@ideamine/shared/contract/public';
import type { Query } from '../../api/client';
import { useAuth } from '../../auth/AuthProvider';
import { ideaListQuery, type IdeaListKind } from '../../queries/ideas';
import { Pager } from '../common/Pager';
import { QueryState } from '../common/QueryState';
import { CategorySelect, ProfitLevelSelect, SortSelect } from './FilterSelects';
import { IdeaGrid } from './IdeaGrid';
import { useIdeaPageSize } from './idea-view';
import type { IdeaListSearch } from './list-search';
import { WatchSearchButton } from '../watchlists/WatchSearchButton';

// Every idea list of the portal: all ideas, high potential, editor picks and community
// favourites, with the filters each API call supports. Filters, sort and page live in the URL.

interface ListConfig {
  title: string;
  intro: string;
  empty: string;
  filters: boolean;
  defaults: Partial<IdeaListSearch>;
}

export const LIST_CONFIG: Record<Exclude<IdeaListKind, 'trending'>, ListConfig> = {
  all: {
    title: 'Ideas',
    intro: 'Every public idea Ideamine has mined and scored.',
    empty: 'No ideas match these filters.',
    filters: true,
    defaults: {},
  },
  'high-potential': {
    title: 'High-potential ideas',
    intro: 'Ideas with a High or Very High profit potential, best first.',
    empty: 'No high potential ideas available yet.',
    filters: true,
    defaults: { min_profit_level: 'High', sort: 'profit_score', order: 'desc' },
  },
  'editor-picks': {
    title: "Editor's picks",
    intro: 'Ideas our editors picked, with their reasons.',
    empty: "No editor's picks available yet.",
    filters: false,
    defaults: {},
  },
  'community-favorites': {
    title: 'Community favourites',
    intro: 'The ideas the community voted highest.',
    empty: 'No community favorites available yet.',
    filters: false,
    defaults: {},
  },
};

export function IdeaListPage(props: {
  kind: Exclude<IdeaListKind, 'trending'>;
  search: IdeaListSearch;
  /** Where the list lives, so filter changes stay on the same page (public or dashboard twin). */
  path: string;
  pageSize?: number;
}) {
  const config = LIST_CONFIG[props.kind];
  const { client, user } = useAuth();
  const navigate = useNavigate();
  const s = { ...config.defaults, ...props.search };
  const viewPageSize = useIdeaPageSize();
  const pageSize = props.pageSize ?? viewPageSize;
  const params: Query = config.filters
    ? {
        page: s.page ?? 1,
        page_size: pageSize,
        search: s.search,
        category: s.category,
        profit_level: s.profit_level,
        min_profit_level: s.min_profit_level,
        user_filter: s.user_filter,
        sort: s.sort,
        order: s.order,
        cursor: s.after,
      }
    : { page: s.page ?? 1, page_size: pageSize };
  const list = useQuery(ideaListQuery(client, props.kind, params));
  const [text, setText] = useState(s.search ?? '');
  useEffect(() => setText(s.search ?? ''), [s.search]);

  // A change of filter or sort starts again at page 1; a cursor only ever comes with its page.
  const update = (patch: Partial<IdeaListSearch>) =>
    navigate({
      to: props.path,
      search: { ...props.search, ...patch, page: patch.page ?? undefined, after: patch.after ?? undefined },
    });

  return (
    <div>
      <div className="im-section-head">
        <H2>{config.title}</H2>
        {config.filters && (
          <WatchSearchButton
            search={{
              words: s.search,
              categories: s.category ? [s.category] : [],
              min_profit_label: s.profit_level ?? s.min_profit_level,
            }}
          />
        )}
      </div>
      <p className="im-muted">{config.intro}</p>
      {config.filters && (
        <div className="im-filters" role="search">
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void update({ search: text.trim() || undefined });
            }}
          >
            <ControlGroup>
              <InputGroup
                leftIcon="search"
                placeholder="Search ideas"
                value={text}
                onChange={(e) => setText(e.currentTarget.value)}
                aria-label="Search ideas"
              />
              <Button type="submit" text="Search" />
            </ControlGroup>
          </form>
          <CategorySelect value={s.category} onChange={(category) => update({ category })} />
          <ProfitLevelSelect value={s.profit_level} onChange={(profit_level) => update({ profit_level })} />
          {user && (
            <HTMLSelect
              aria-label="Submitted by"
              value={s.user_filter ?? 'all'}
              onChange={(e) => update({ user_filter: e.currentTarget.value as IdeaListSearch['user_filter'] })}
            >
              <option value="all">All ideas</option>
              <option value="mine">My ideas</option>
              <option value="community">Community ideas</option>
              <option value="crawled">Crawled ideas</option>
            </HTMLSelect>
          )}
          <SortSelect
            options={PUBLIC_IDEA_SORTS}
            value={s.sort ?? 'created_at'}
            onChange={(sort) => update({ sort })}
          />
          <Button
            icon={(s.order ?? 'desc') === 'desc' ? 'sort-desc' : 'sort-asc'}
            aria-label={(s.order ?? 'desc') === 'desc' ? 'Descending' : 'Ascending'}
            onClick={() => update({ order: (s.order ?? 'desc') === 'desc' ? 'asc' : 'desc' })}
          />
        </div>
      )}
      <QueryState
        query={list}
        isEmpty={(d) => d.items.length === 0}
        emptyMessage={
          props.kind === 'all' && !s.search && !s.category && !s.profit_level && !s.user_filter
            ? 'No ideas yet: Ideamine publishes ideas here once it has crawled sources and found posts that state a need.'
            : config.empty
        }
        errorFallback="Failed to load ideas"
      >
        {(data) => (
          <>
            <IdeaGrid ideas={data.items} switchable />
            <Pager
              pagination={data.pagination}
              onPage={(page, after) => update({ page, after: config.filters ? after : undefined })}
            />
          </>
        )}
      </QueryState>
    </div>
  );
}
