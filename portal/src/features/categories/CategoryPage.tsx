import { H2 } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { categoryDescription, categoryTitle } from '@ideamine/shared/page-meta';
import { setPageDescription } from '../../layout/use-page-meta';
import { useAuth } from '../../auth/AuthProvider';
import { categoriesQuery, ideaListQuery } from '../../queries/ideas';
import { Pager } from '../common/Pager';
import { Empty, QueryState } from '../common/QueryState';
import { IdeaGrid } from '../ideas/IdeaGrid';
import { useIdeaPageSize } from '../ideas/idea-view';
import { WatchSearchButton } from '../watchlists/WatchSearchButton';

/** One category: found by slug (or by name, for links typed by hand), with its ideas paged. */
export function CategoryPage(props: { slug: string; page: number }) {
  const { client } = useAuth();
  const navigate = useNavigate();
  const categories = useQuery(categoriesQuery(client));
  const wanted = props.slug.toLowerCase();
  const pageSize = useIdeaPageSize();
  const category = categories.data?.find((c) => c.slug === wanted || c.name.toLowerCase() === wanted);
  const ideas = useQuery({
    ...ideaListQuery(client, 'all', { category: category?.slug, page: props.page, page_size: pageSize }),
    enabled: Boolean(category),
  });
  // The same title and description the server gives this page (api/src/seo/page-head.ts).
  useEffect(() => {
    if (!category) return;
    document.title = categoryTitle(category.name);
    setPageDescription(categoryDescription(category));
  }, [category]);
  return (
    <QueryState query={categories}>
      {() =>
        !category ? (
          <Empty message={`There is no category called “${props.slug}”.`} icon="search" />
        ) : (
          <div>
            <div className="im-section-head">
              <H2>{category.name}</H2>
              <WatchSearchButton search={{ categories: [category.slug] }} />
            </div>
            <p className="im-muted">{category.description}</p>
            <QueryState
              query={ideas}
              isEmpty={(d) => d.items.length === 0}
              emptyMessage="No ideas in this category yet."
            >
              {(data) => (
                <>
                  <IdeaGrid ideas={data.items} switchable />
                  <Pager
                    pagination={data.pagination}
                    onPage={(page) =>
                      navigate({ to: '/categories/$slug', params: { slug: props.slug }, search: { page } })
                    }
                  />
                </>
              )}
            </QueryState>
          </div>
        )
      }
    </QueryState>
  );
}
