import { AnchorButton, Card, H1, H4 } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { formatCountOf } from '@ideamine/shared/format';
import { useAuth } from '../../auth/AuthProvider';
import { ideaListQuery } from '../../queries/ideas';
import { IdeaGrid } from '../ideas/IdeaGrid';

export function LandingPage() {
  const { client } = useAuth();
  const picks = useQuery(ideaListQuery(client, 'editor-picks', { page: 1, page_size: 3 }));
  const all = useQuery(ideaListQuery(client, 'all', { page: 1, page_size: 1 }));
  return (
    <div>
      <div className="im-hero im-section">
        <H1>Find the product idea worth building</H1>
        <p className="im-lead">
          Ideamine reads the web for problems people want solved
          {all.data ? `, and has scored ${formatCountOf(all.data.pagination.total, 'idea')} so far` : ''}.
        </p>
        <div className="im-row">
          <AnchorButton href="/ideas" intent="primary" size="large" text="Browse ideas" />
          <AnchorButton href="/register" size="large" text="Create a free account" />
        </div>
      </div>
      {picks.data && picks.data.items.length > 0 && (
        <Card className="im-section">
          <H4>Editor&apos;s picks</H4>
          <IdeaGrid ideas={picks.data.items} />
        </Card>
      )}
    </div>
  );
}
