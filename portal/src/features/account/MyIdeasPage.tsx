import { Button, H2 } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../../auth/AuthProvider';
import { ideaListQuery } from '../../queries/ideas';
import { Pager } from '../common/Pager';
import { Empty, QueryState } from '../common/QueryState';
import { IdeaGrid } from '../ideas/IdeaGrid';
import { useIdeaPageSize } from '../ideas/idea-view';
import { ButtonLink } from './ButtonLink';

// /my/ideas: the ideas the signed-in user submitted, newest first, one page at a time.

export function MyIdeasPage(props: { page: number; onPage(page: number): void }) {
  const { client } = useAuth();
  const pageSize = useIdeaPageSize();
  const ideas = useQuery(
    ideaListQuery(client, 'all', {
      user_filter: 'mine',
      page: props.page,
      page_size: pageSize,
      sort: 'created_at',
      order: 'desc',
    }),
  );
  return (
    <div>
      <div className="im-section-head">
        <H2>My ideas</H2>
        <ButtonLink to="/dashboard/idea-storm" icon="lightbulb" intent="primary" text="New idea in Idea Storm" />
      </div>
      <QueryState query={ideas} errorFallback="Failed to load your ideas">
        {(data) =>
          data.items.length === 0 ? (
            <Empty
              icon="lightbulb"
              message={
                props.page > 1
                  ? 'This page is empty.'
                  : 'You have not submitted any ideas yet. Analyse one in Idea Storm and keep it as your idea.'
              }
              action={
                props.page > 1 ? (
                  <Button text="First page" onClick={() => props.onPage(1)} />
                ) : (
                  <ButtonLink to="/dashboard/idea-storm" intent="primary" icon="lightbulb" text="Open Idea Storm" />
                )
              }
            />
          ) : (
            <>
              <IdeaGrid ideas={data.items} switchable />
              <Pager pagination={data.pagination} onPage={props.onPage} />
            </>
          )
        }
      </QueryState>
    </div>
  );
}
