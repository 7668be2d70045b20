import { Button, Callout, Card, H2, H4, Tag } from '@blueprintjs/core';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { IdeaCard } from '@ideamine/shared/contract/public';
import { hasRole } from '@ideamine/shared/permissions';
import { formatCount, formatNumber } from '@ideamine/shared/format';
import { messageOf } from '../../api/errors';
import { useAuth } from '../../auth/AuthProvider';
import { ideaListQuery, trendingQuery } from '../../queries/ideas';
import type { Page } from '../../queries/paged';
import { keys } from '../../queries/keys';
import { Pager } from '../common/Pager';
import { Empty, Loading } from '../common/QueryState';
import { IdeaGrid } from '../ideas/IdeaGrid';

// The user dashboard of spec s2 (every non-admin, visitors included): welcome, statistics,
// emerging trends, editor's pick, community favourites, potential ideas with paging, and for
// visitors a call to action. Any failure shows one alert whose Retry reloads the page.

const PAGE_SIZE = 6;
const TRENDS_SHOWN = 12;

interface PersonalStats {
  total_submissions: number;
  high_potential_ideas: number;
  average_score: number;
  net_vote_score: number;
}

export function UserDashboard() {
  const { client, user } = useAuth();
  const navigate = useNavigate();
  const [potentialPage, setPotentialPage] = useState(1);
  const [lists, trends, overview] = useQueries({
    queries: [
      ideaListQuery(client, 'editor-picks', { page: 1, page_size: PAGE_SIZE }),
      trendingQuery(client, { time_filter: '7d', limit: 10, page_size: TRENDS_SHOWN }),
      {
        queryKey: keys.userDashboard.overview,
        queryFn: async () => (await client.get<{ personal_stats: PersonalStats }>('/dashboard/user-overview')).data,
        enabled: Boolean(user),
      },
    ],
  });
  const favourites = useQuery(ideaListQuery(client, 'community-favorites', { page: 1, page_size: PAGE_SIZE }));
  const potential = useQuery(
    ideaListQuery(client, 'high-potential', {
      min_profit_level: 'High',
      page: potentialPage,
      page_size: PAGE_SIZE,
      sort: 'profit_score',
      order: 'desc',
    }),
  );
  const all = useQuery(ideaListQuery(client, 'all', { page: 1, page_size: 1 }));

  const failed = [lists, trends, favourites, potential, all, ...(user ? [overview] : [])].find((q) => q.error);
  if (failed)
    return (
      <Callout intent="danger" title="Failed to load dashboard data" icon="error">
        <p>{messageOf(failed.error, 'Failed to load dashboard data')}</p>
        <Button text="Retry" icon="refresh" onClick={() => window.location.reload()} />
      </Callout>
    );

  const stats = overview.data?.personal_stats;
  return (
    <div>
      <div className="im-section">
        <H2>{user ? `Welcome back, ${user.first_name || user.username}` : 'Welcome to Ideamine'}</H2>
        <p className="im-muted">Product ideas mined from the web, scored for profit potential.</p>
      </div>

      {all.data?.pagination.total === 0 && (
        <Callout intent="primary" icon="lightbulb" title="No ideas yet" className="im-section">
          <p>
            Ideamine reads public posts (forums, feeds, Hacker News, subreddits where people ask for tools), keeps those
            that state a need a product could meet, and scores their profit potential. Ideas appear here once sources
            have been crawled.
          </p>
          {hasRole(user, 'admin') && (
            <p>
              <Link to="/admin">Open the operations dashboard</Link> to load the demo or switch sources on.
            </p>
          )}
        </Callout>
      )}

      <div className="im-stat-grid im-section" aria-label="Statistics">
        <Stat label="Public ideas" value={all.data?.pagination.total} />
        <Stat label="High-potential ideas" value={potential.data?.pagination.total} />
        <Stat label="Editor's picks" value={lists.data?.pagination.total} />
        <Stat label="Trending keywords (7 days)" value={trends.data?.pagination.total} />
        {stats && (
          <>
            <Stat label="Your ideas" value={stats.total_submissions} />
            <Stat label="Your high-potential ideas" value={stats.high_potential_ideas} />
            {/* An average of no ideas is not 0: it is not there yet. */}
            <Stat
              label="Your average profit score"
              value={stats.total_submissions > 0 ? stats.average_score : undefined}
              decimals
              outOf={10}
              note={stats.total_submissions > 0 ? undefined : 'No ideas of yours yet'}
            />
            <Stat label="Net votes on your ideas" value={stats.net_vote_score} />
          </>
        )}
      </div>

      {!user && (
        <Callout intent="primary" className="im-section" title="Have an idea of your own?">
          <p>Get an instant AI analysis of its profit potential, or create a free account to vote and keep projects.</p>
          <div className="im-row">
            <Button intent="primary" text="Submit Idea" onClick={() => navigate({ to: '/dashboard/idea-storm' })} />
            <Button text="Create Account" onClick={() => navigate({ to: '/register' })} />
          </div>
        </Callout>
      )}

      <Section title="Emerging trends" more={{ to: '/trending', label: 'All trends' }}>
        {trends.isPending ? (
          <Loading />
        ) : (trends.data?.items.length ?? 0) === 0 ? (
          <Empty message="No trending keywords available yet." />
        ) : (
          <div className="im-chips">
            {trends.data!.items.slice(0, TRENDS_SHOWN).map((t) => (
              <Link key={t.keyword} to="/" search={{ search: t.keyword }} className="im-chip-link">
                <Tag round size="large" intent={t.trend === 'increasing' ? 'success' : 'none'} minimal>
                  {t.keyword} · {formatCount(t.count)}
                </Tag>
              </Link>
            ))}
          </div>
        )}
      </Section>

      <IdeaSection
        title="Editor's Pick"
        query={lists}
        empty="No editor's picks available yet."
        more={{ to: '/editor-picks', label: 'View All' }}
      />
      <IdeaSection
        title="Community Favorites"
        query={favourites}
        empty="No community favorites available yet."
        more={{ to: user ? '/dashboard/community-favorites' : '/ideas/community-favorites', label: 'View All' }}
      />
      <IdeaSection
        title="Potential Ideas"
        query={potential}
        empty="No high potential ideas available yet."
        more={{ to: user ? '/dashboard/high-potential-ideas' : '/ideas/high-potential', label: 'View All' }}
        onPage={setPotentialPage}
      />
    </div>
  );
}

function Stat(props: { label: string; value: number | undefined; decimals?: boolean; outOf?: number; note?: string }) {
  return (
    <Card compact>
      <div className="im-muted">{props.label}</div>
      <div className="im-stat-value">
        {props.value === undefined
          ? '–'
          : props.decimals
            ? formatNumber(props.value, { decimals: 1 })
            : formatCount(props.value)}
        {props.value !== undefined && props.outOf !== undefined && <span className="im-muted"> / {props.outOf}</span>}
      </div>
      {props.note && <div className="im-muted">{props.note}</div>}
    </Card>
  );
}

function Section(props: { title: string; more?: { to: string; label: string }; children: React.ReactNode }) {
  return (
    <section className="im-section">
      <div className="im-section-head">
        <H4>{props.title}</H4>
        {props.more && (
          <Link to={props.more.to} className="bp6-button bp6-minimal">
            {props.more.label}
          </Link>
        )}
      </div>
      {props.children}
    </section>
  );
}

function IdeaSection(props: {
  title: string;
  query: { data?: Page<IdeaCard>; isPending: boolean };
  empty: string;
  more: { to: string; label: string };
  onPage?: (page: number) => void;
}) {
  const { data, isPending } = props.query;
  return (
    <Section title={props.title} more={props.more}>
      {isPending ? (
        <Loading />
      ) : !data || data.items.length === 0 ? (
        <Empty message={props.empty} icon="lightbulb" />
      ) : (
        <>
          <IdeaGrid ideas={data.items} />
          {props.onPage && <Pager pagination={data.pagination} onPage={props.onPage} />}
        </>
      )}
    </Section>
  );
}
